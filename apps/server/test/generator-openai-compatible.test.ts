import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../src/adapters/gemini/stand-in.js";
import { ChatCompletionRequestSchema } from "../src/adapters/openai-compatible/contract.js";
import { type OpenAiStandIn, startOpenAiStandIn } from "../src/adapters/openai-compatible/stand-in.js";
import { startTestServer, type TestClient, type TestResponse, type TestServer } from "./harness.js";

/**
 * Decision 115, through the real job path (POST /api/generate → queued job → worker → pipeline → provider dispatch →
 * the OpenAI-compatible stand-in): a key whose provider is "openai" generates through its own server with a JSON-schema
 * response format and image parts; a refused OpenAI-compatible key is marked invalid and the generation falls over to
 * a Gemini key (decision 095's rules).
 */
let server: TestServer;
let gemini: GeminiStandIn;
let openai: OpenAiStandIn;
let admin: TestClient;

beforeAll(async () => {
  gemini = await startGeminiStandIn();
  openai = await startOpenAiStandIn();
  server = await startTestServer({
    env: { GEMINI_BASE_URL: gemini.url, GEMINI_TIMEOUT_MS: "20000", RENDERER: "off" },
  });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  await openai?.close();
  await gemini?.close();
});

type Event = { type: string; [k: string]: any };
const last = (res: TestResponse): Event => {
  if (typeof res.body !== "string") return res.body as Event;
  return JSON.parse(res.body.trim().split("\n").at(-1)!) as Event;
};

async function generate(c: TestClient, instructions = "", image = false) {
  const fd = new FormData();
  fd.append("instructions", instructions);
  if (image) {
    const png = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#eab308" } })
      .png()
      .toBuffer();
    fd.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "design.png");
  }
  return c.request("POST", "/api/generate", fd);
}
async function addOpenAiKey(key: string, model = "gpt-4.1-mini") {
  const res = await admin.post("/api/gemini-keys", {
    name: "OpenAI-compatible",
    key,
    provider: "openai",
    baseUrl: openai.url,
    model,
  });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ provider: "openai", baseUrl: openai.url, model });
  expect(JSON.stringify(res.body)).not.toContain(key);
  return { id: res.body.data._id as string, health: res.body.data.health, message: res.body.message as string };
}
async function onlyKeys(ids: string[]) {
  const list = (await admin.get("/api/gemini-keys")).body.data as { _id: string }[];
  for (const k of list) if (!ids.includes(k._id)) await admin.delete(`/api/gemini-keys/${k._id}`);
}

describe("adding an OpenAI-compatible key (decision 115)", () => {
  it("needs a base URL", async () => {
    const res = await admin.post("/api/gemini-keys", { name: "o", key: "sk-x", provider: "openai" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("base URL");
  });
});

describe("editing a key's provider, base URL and model (decision 119)", () => {
  it("a Gemini key becomes an OpenAI-compatible one: validated as on create, tested again, generates there", async () => {
    const added = await admin.post("/api/gemini-keys", { name: "Was Gemini", key: "standin-edit-me-0010" });
    expect(added.status).toBe(201);
    const id = added.body.data._id as string;
    await onlyKeys([id]);

    // Same rule as on create: an OpenAI-compatible key needs its base URL.
    const missing = await admin.put(`/api/gemini-keys/${id}`, { name: "Was Gemini", provider: "openai" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("base URL");
    const notHttp = await admin.put(`/api/gemini-keys/${id}`, {
      name: "Was Gemini",
      provider: "openai",
      baseUrl: "ftp://example.com/v1",
    });
    expect(notHttp.status).toBe(400);

    const listed = openai.answers.filter((a) => a.path === "/v1/models").length;
    const edited = await admin.put(`/api/gemini-keys/${id}`, {
      name: "Now OpenAI",
      key: "sk-edited-0011",
      provider: "openai",
      baseUrl: openai.url,
      model: "gpt-4o",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // Tested again against the new server (GET /models), and the answer says so.
    expect(edited.body.message).toBe("API key updated and tested: The server lists 3 models for it.");
    expect(openai.answers.filter((a) => a.path === "/v1/models").length).toBe(listed + 1);
    expect(edited.body.data).toMatchObject({ provider: "openai", baseUrl: openai.url, model: "gpt-4o" });
    expect(edited.body.data.health.status).toBe("ok");
    expect(JSON.stringify(edited.body)).not.toContain("sk-edited-0011");

    const before = openai.calls.length;
    const done = last(await generate(await server.member(), "", true));
    expect(done).toMatchObject({ type: "done" });
    expect(openai.calls.slice(before)[0]).toMatchObject({ model: "gpt-4o", apiKey: "sk-edited-0011" });

    // A name-only edit is not a new connection: no new test.
    const renamed = await admin.put(`/api/gemini-keys/${id}`, { name: "Renamed" });
    expect(renamed.body.message).toBe("API key updated successfully!");
    expect(renamed.body.data).toMatchObject({ name: "Renamed", provider: "openai", model: "gpt-4o" });
    expect(openai.answers.filter((a) => a.path === "/v1/models").length).toBe(listed + 1);

    // And back to Gemini: base URL and model cleared, tested by Google.
    const back = await admin.put(`/api/gemini-keys/${id}`, {
      name: "Gemini again",
      key: "standin-edit-back-0012",
      provider: "gemini",
    });
    expect(back.status).toBe(200);
    expect(back.body.message).toMatch(/^API key updated and tested: Google lists \d+ models? for it\.$/);
    expect(back.body.data).toMatchObject({ provider: "gemini", baseUrl: null, model: null });
    await onlyKeys([]);
  });
});

describe("an OpenAI-compatible key generates through the same pipeline (decision 115)", () => {
  it("generates with the key's model: chat completions with json_schema, the answer becomes the template", async () => {
    const key = await addOpenAiKey("sk-openai-good-0001");
    // Added and tested like a Gemini key: GET {base}/models answered.
    expect(key.message).toBe("API key added and tested: The server lists 3 models for it.");
    expect(key.health.status).toBe("ok");
    await onlyKeys([key.id]);
    const m = await server.member();
    const before = openai.calls.length;
    const geminiBefore = gemini.calls.length;
    const done = last(await generate(m, "make it purple", true));
    expect(done).toMatchObject({ type: "done" });
    const calls = openai.calls.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ model: "gpt-4.1-mini", apiKey: "sk-openai-good-0001", stream: true });
    expect(calls[0]!.responseFormat).toBe("json_schema");
    expect(calls[0]!.imageCount).toBe(1);
    ChatCompletionRequestSchema.parse(calls[0]!.body);
    expect(gemini.calls.length).toBe(geminiBefore);
    const template = (await m.get(`/api/templates/${done.template._id}`)).body.data;
    expect(template.model).toBe("gpt-4.1-mini");
    expect(template.html).toContain("#7e22ce");
    await onlyKeys([]);
  });

  it("a refused OpenAI-compatible key is marked invalid and the generation falls over to a Gemini key", async () => {
    // Good when added, revoked later (a key added dead is marked invalid at once and tried last).
    const dead = await addOpenAiKey("sk-soon-revoked-0002");
    openai.revoke("sk-soon-revoked-0002");
    const added = await admin.post("/api/gemini-keys", { name: "g", key: "standin-good-key-0003" });
    expect(added.status).toBe(201);
    await onlyKeys([dead.id, added.body.data._id]);
    // Keys are tried in random order (decision 095): generate until the dead key was tried (1 in 2 each time).
    let triedDead = false;
    for (let i = 0; i < 12 && !triedDead; i++) {
      const before = openai.answers.length;
      const geminiBefore = gemini.calls.length;
      expect(last(await generate(await server.member()))).toMatchObject({ type: "done" });
      // The stand-in answers a refused key before reading the request: its 401 on chat/completions is the attempt.
      triedDead = openai.answers
        .slice(before)
        .some((a) => a.path === "/v1/chat/completions" && a.status === 401 && a.body.includes("invalid_api_key"));
      // Whichever key came first, the Gemini key made the email.
      expect(gemini.calls.length).toBe(geminiBefore + 1);
    }
    expect(triedDead).toBe(true);
    const list = (await admin.get("/api/gemini-keys")).body.data as { _id: string; health: any }[];
    expect(list.find((k) => k._id === dead.id)!.health).toMatchObject({ status: "invalid" });
    await onlyKeys([]);
  });

  it("an OpenAI-compatible key whose model its server does not have falls over to the next key at once", async () => {
    const wrong = await addOpenAiKey("sk-wrong-model-0004", "gpt-nonexistent");
    const good = await admin.post("/api/gemini-keys", { name: "g", key: "standin-good-key-0005" });
    await onlyKeys([wrong.id, good.body.data._id]);
    // Keys are tried in random order: generate until the OpenAI key was tried.
    let tried = false;
    for (let i = 0; i < 12 && !tried; i++) {
      const before = openai.answers.length;
      expect(last(await generate(await server.member()))).toMatchObject({ type: "done" });
      const answers = openai.answers.slice(before).filter((a) => a.path === "/v1/chat/completions");
      tried = answers.length > 0;
      // One 404, then the next key: the model is not asked for again within the generation.
      expect(answers.map((a) => a.status)).toEqual(tried ? [404] : []);
    }
    expect(tried).toBe(true);
    await onlyKeys([]);
  });

  it("a refinement runs through the OpenAI-compatible key too (previous HTML in the prompt, new version)", async () => {
    const key = await addOpenAiKey("sk-openai-refine-0006");
    await onlyKeys([key.id]);
    const m = await server.member();
    const first = last(await generate(m, "Spring sale")).template;
    const before = openai.calls.length;
    const done = last(await m.post(`/api/templates/${first._id}/refine`, { instructions: "make the header blue" }));
    expect(done).toMatchObject({ type: "done" });
    expect(done.template).toMatchObject({ parentId: first._id, version: 2 });
    expect(done.template.html).toContain("#1d4ed8");
    const call = openai.calls[before]!;
    expect(call.prompt).toContain("PREVIOUS HTML:");
    ChatCompletionRequestSchema.parse(call.body);
    await onlyKeys([]);
  });

  it("a refused Gemini key falls over to an OpenAI-compatible key", async () => {
    const added = await admin.post("/api/gemini-keys", { name: "g", key: "standin-soon-revoked-0007" });
    expect(added.status).toBe(201);
    gemini.revoke("standin-soon-revoked-0007");
    const key = await addOpenAiKey("sk-openai-backup-0008");
    await onlyKeys([added.body.data._id, key.id]);
    let triedDead = false;
    for (let i = 0; i < 12 && !triedDead; i++) {
      const before = gemini.calls.length;
      const openaiBefore = openai.calls.length;
      expect(last(await generate(await server.member()))).toMatchObject({ type: "done" });
      triedDead = gemini.calls.slice(before).some((c) => c.apiKey === "standin-soon-revoked-0007");
      // Whichever key came first, the OpenAI-compatible key made the email.
      expect(openai.calls.length).toBe(openaiBefore + 1);
    }
    expect(triedDead).toBe(true);
    const list = (await admin.get("/api/gemini-keys")).body.data as { _id: string; health: any }[];
    expect(list.find((k) => k._id === added.body.data._id)!.health).toMatchObject({ status: "invalid" });
    await onlyKeys([]);
  });
});
