import { GEMINI_HEALTH_MESSAGES, GEMINI_KEY_MESSAGES } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatCompletionRequestSchema } from "../src/adapters/openai-compatible/contract.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { type OpenAiStandIn, startOpenAiStandIn } from "../stand-ins/openai-compatible.js";
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
/** A server listing embedding and speech models beside one chat model. */
let mixed: OpenAiStandIn;
/** A server that lists gpt-4o but answers it with 404 model_not_found (a key without access). */
let noAccess: OpenAiStandIn;
let admin: TestClient;

beforeAll(async () => {
  gemini = await startGeminiStandIn();
  openai = await startOpenAiStandIn();
  mixed = await startOpenAiStandIn({ models: ["text-embedding-3-small", "whisper-1", "gpt-4o", "dall-e-3"] });
  noAccess = await startOpenAiStandIn({ unavailable: ["gpt-4o"] });
  server = await startTestServer({
    env: {
      GEMINI_BASE_URL: gemini.url,
      GEMINI_TIMEOUT_MS: "20000",
      RENDERER: "off",
      // The stand-ins are model servers on this machine: the operator allows their origins.
      // Port 9 (discard) has nothing listening here: a model server that cannot be reached.
      OPENAI_COMPATIBLE_ALLOWED_ORIGINS: [
        ...[openai, mixed, noAccess].map((s) => new URL(s.url).origin),
        DOWN_ORIGIN,
      ].join(","),
    },
  });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  await openai?.close();
  await mixed?.close();
  await noAccess?.close();
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
const DOWN_ORIGIN = "http://127.0.0.1:9";

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

describe("admin-set model addresses cannot reach internal services (decision 131)", () => {
  const keysNow = async () => ((await admin.get("/api/gemini-keys")).body.data as unknown[]).length;
  const add = (baseUrl: string) =>
    admin.post("/api/gemini-keys", { name: "Inside", key: "sk-inside-0001", provider: "openai", baseUrl });

  it("a base URL that is not https, names this machine or a private network, or carries credentials: 400, nothing saved", async () => {
    const before = await keysNow();
    const calls = openai.answers.length;
    const refused = GEMINI_KEY_MESSAGES.baseUrlRefused;
    for (const [baseUrl, message] of [
      ["http://127.0.0.1:5432", refused.not_https],
      ["http://169.254.169.254/latest/meta-data", refused.not_https],
      ["https://169.254.169.254/v1", refused.internal_host],
      ["https://127.0.0.1:5432/v1", refused.internal_host],
      ["https://localhost/v1", refused.internal_host],
      ["https://[::1]:11434/v1", refused.internal_host],
      ["https://10.0.0.7/v1", refused.internal_host],
      ["https://user:secret@api.openai.com/v1", refused.credentials],
      // The allowed stand-in's origin with another port is not allowed.
      [
        `http://127.0.0.1:${Number(new URL(openai.url).port) === 65535 ? 65534 : Number(new URL(openai.url).port) + 1}/v1`,
        refused.not_https,
      ],
    ] as const) {
      const res = await add(baseUrl);
      expect(res.status, baseUrl).toBe(400);
      expect(res.body.message, baseUrl).toBe(message);
    }
    expect(await keysNow()).toBe(before);
    expect(openai.answers.length).toBe(calls);
  });

  it("an edit to such a base URL is refused and the key keeps its address", async () => {
    const key = await addOpenAiKey("sk-edit-inside-0002");
    const res = await admin.put(`/api/gemini-keys/${key.id}`, {
      name: "OpenAI-compatible",
      provider: "openai",
      baseUrl: "http://169.254.169.254/latest/meta-data",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GEMINI_KEY_MESSAGES.baseUrlRefused.not_https);
    const list = (await admin.get("/api/gemini-keys")).body.data as { _id: string; baseUrl: string }[];
    expect(list.find((k) => k._id === key.id)!.baseUrl).toBe(openai.url);
    await onlyKeys([]);
  });

  it("a redirect is not followed: the admin is told to use the address it points to", async () => {
    const key = await addOpenAiKey("sk-redirect-0003");
    expect(openai.answers.at(-1)).toMatchObject({ status: 302 });
    expect(key.message).toBe(
      GEMINI_HEALTH_MESSAGES.addedButUnchecked(`302: ${GEMINI_HEALTH_MESSAGES.redirected(302)}`),
    );
    await onlyKeys([]);
  });

  it("a provider's HTML error page reaches the admin as words, its JSON error as its message", async () => {
    const html = await addOpenAiKey("sk-fail-html-0004");
    expect(html.message).toBe(
      GEMINI_HEALTH_MESSAGES.addedButUnchecked(`502: ${GEMINI_HEALTH_MESSAGES.noErrorMessage}`),
    );
    const refused = await addOpenAiKey("sk-fail-401-0005");
    expect(refused.message).toMatch(/^API key added, but the server refused it: 401 \S+: /);
    expect(refused.message).toContain(
      ": Incorrect API key provided: sk-*****0005. You can find your API key at https://platform.openai.com/account/api-keys.",
    );
    const list = JSON.stringify((await admin.get("/api/gemini-keys")).body.data);
    expect(list).not.toMatch(/<html|<title|<h1|nginx/i);
    expect(list).toContain(GEMINI_HEALTH_MESSAGES.noErrorMessage);
    await onlyKeys([]);
  });
});

describe("a model server that cannot be reached", () => {
  it("says the AI server could not be reached, not Google", async () => {
    const res = await admin.post("/api/gemini-keys", {
      name: "Local model",
      key: "sk-local-0042",
      provider: "openai",
      baseUrl: `${DOWN_ORIGIN}/v1`,
      model: "llama3",
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(GEMINI_HEALTH_MESSAGES.addedButUnchecked(GEMINI_HEALTH_MESSAGES.unreachableServer));
    expect(JSON.stringify(res.body)).not.toContain("Google");
    await onlyKeys([]);
  });
});

describe("a server that answers without a model list (issue 44)", () => {
  it("a models answer that is not a list, or an empty list, is a failed check in words, not OK and not unreachable", async () => {
    for (const key of ["sk-models-not-list-0008", "sk-models-empty-0009"]) {
      const added = await addOpenAiKey(key);
      expect(added.message, key).toBe(GEMINI_HEALTH_MESSAGES.addedButUnchecked(GEMINI_HEALTH_MESSAGES.noModelList));
      expect(added.health, key).toMatchObject({ status: "check_failed", reason: GEMINI_HEALTH_MESSAGES.noModelList });
      const tested = await admin.post(`/api/gemini-keys/${added.id}/test`);
      expect(tested.body, key).toMatchObject({
        ok: false,
        message: GEMINI_HEALTH_MESSAGES.testFailed(GEMINI_HEALTH_MESSAGES.noModelList),
      });
    }
    await onlyKeys([]);
  });
});

describe("the model of an OpenAI-compatible key (decision 119)", () => {
  it("a model its server does not list: the admin is told, and generations use the first chat model it lists", async () => {
    const key = await addOpenAiKey("sk-unlisted-model-0013", "gpt-nonexistent");
    await onlyKeys([key.id]);
    // The admin's model panel: no Gemini ranking of OpenAI models, the key's own model and whether it is listed.
    let models = (await admin.get("/api/gemini-models")).body.data;
    expect(models.models).toEqual([]);
    expect(models.openAi).toEqual([
      { keyId: key.id, name: "OpenAI-compatible", chosen: "gpt-nonexistent", model: "gpt-4.1-mini", listed: false },
    ]);
    expect(models.inUse).toBe("gpt-4.1-mini");
    // Members see the model the next generation uses.
    const m = await server.member();
    expect((await m.get("/api/generate/status")).body).toMatchObject({ model: "gpt-4.1-mini" });

    // Not a failed paid generation: no call for the unlisted model, the email made with the listed one, 1 credit.
    const credits = (await m.get("/api/me")).body.user.currentBalance as number;
    const before = openai.answers.length;
    const done = last(await generate(m, "", true));
    expect(done).toMatchObject({ type: "done" });
    const asked = openai.calls.slice(-1)[0]!;
    expect(asked.model).toBe("gpt-4.1-mini");
    expect(openai.answers.slice(before).filter((a) => a.status === 404)).toEqual([]);
    expect((await m.get("/api/me")).body.user.currentBalance).toBe(credits - 1);
    models = (await admin.get("/api/gemini-models")).body.data;
    expect(models.notices[0]).toMatchObject({
      model: "gpt-nonexistent",
      message:
        "gpt-nonexistent is not listed by the server of the key “OpenAI-compatible”; generations with that key use gpt-4.1-mini instead.",
    });
    // An OpenAI model cannot be chosen as the Gemini keys' model.
    expect((await admin.put("/api/gemini-models/choice", { model: "gpt-4.1-mini" })).status).toBe(400);
    await onlyKeys([]);
  });

  it("a blank model: the first chat model the server lists, not an embedding or speech model", async () => {
    try {
      const res = await admin.post("/api/gemini-keys", {
        name: "Blank model",
        key: "sk-blank-model-0014",
        provider: "openai",
        baseUrl: mixed.url,
      });
      expect(res.status).toBe(201);
      await onlyKeys([res.body.data._id]);
      const models = (await admin.get("/api/gemini-models")).body.data;
      expect(models.openAi[0]).toMatchObject({ chosen: null, model: "gpt-4o", listed: null });
      expect(last(await generate(await server.member()))).toMatchObject({ type: "done" });
      expect(mixed.calls.at(-1)!.model).toBe("gpt-4o");
    } finally {
      await onlyKeys([]);
    }
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
    // Keys are tried in random order: generate until the dead key was tried (1 in 2 each time).
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

  it("a listed model the key may not use (404 model_not_found) falls over to the next key at once", async () => {
    try {
      const res = await admin.post("/api/gemini-keys", {
        name: "No access",
        key: "sk-no-access-0004",
        provider: "openai",
        baseUrl: noAccess.url,
        model: "gpt-4o",
      });
      expect(res.status).toBe(201);
      const good = await admin.post("/api/gemini-keys", { name: "g", key: "standin-good-key-0005" });
      await onlyKeys([res.body.data._id, good.body.data._id]);
      // Keys are tried in random order: generate until the OpenAI key was tried.
      let tried = false;
      for (let i = 0; i < 12 && !tried; i++) {
        const before = noAccess.answers.length;
        expect(last(await generate(await server.member()))).toMatchObject({ type: "done" });
        const answers = noAccess.answers.slice(before).filter((a) => a.path === "/v1/chat/completions");
        tried = answers.length > 0;
        // One 404, then the next key: the model is not asked for again within the generation.
        expect(answers.map((a) => a.status)).toEqual(tried ? [404] : []);
      }
      expect(tried).toBe(true);
    } finally {
      await onlyKeys([]);
    }
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
