import { buildFixInstruction } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { type OpenAiStandIn, startOpenAiStandIn } from "../stand-ins/openai-compatible.js";
import { designForm, finishedJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestResponse, type TestServer } from "./harness.js";
import { validateChatRequest } from "./openai-contract.js";

/**
 * Decision 119: with only an OpenAI-compatible key active, the repair pass, variants and "Fix with AI" run through its
 * server (never Google's), charge what they charge with a Gemini key, send the design (and the rendering, for the
 * repair) as image parts with a json_schema answer format valid against OpenAI's OpenAPI document — and the model-call
 * metric names the provider that answered (it said "gemini" for every call before).
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const TOKEN = "metrics-token-openai-0123456789abcdef";
let server: TestServer;
let gemini: GeminiStandIn;
let openai: OpenAiStandIn;
let member: TestClient;

beforeAll(async () => {
  gemini = await startGeminiStandIn();
  openai = await startOpenAiStandIn();
  server = await startTestServer({
    env: {
      GEMINI_BASE_URL: gemini.url,
      // The stand-in is a model server on this machine: the operator allows its origin.
      OPENAI_COMPATIBLE_ALLOWED_ORIGINS: new URL(openai.url).origin,
      GEMINI_TIMEOUT_MS: "30000",
      GENERATION_POLL_MS: "150",
      METRICS_TOKEN: TOKEN,
    },
  });
  const admin = await server.admin();
  const added = await admin.post("/api/gemini-keys", {
    name: "OpenAI only",
    key: "sk-openai-passes-0001",
    provider: "openai",
    baseUrl: openai.url,
    model: "gpt-4.1-mini",
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await openai?.close();
  await gemini?.close();
});

const balance = async (c: TestClient): Promise<number> => (await c.get("/api/me")).body.user.currentBalance;
const last = (res: TestResponse) =>
  (typeof res.body === "string" ? JSON.parse(res.body.trim().split("\n").at(-1)!) : res.body) as Record<string, any>;

/** A dark slate design: the stand-in's light email scores below the repair threshold against it. */
async function darkDesign(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#1e293b"/><rect x="40" y="300" width="260" height="70" fill="#14b8a6"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function start(png: Buffer, fields: Record<string, string> = {}) {
  const res = await member.request("POST", "/api/generations", designForm(png, fields));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.jobs as { _id: string; variantGroup: string | null }[];
}

async function finished(jobId: string): Promise<{ templateId: string }> {
  return finishedJob(member, jobId);
}

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}
/** The sum of mailsmith_model_call_duration_seconds_count samples carrying these labels. */
function modelCalls(text: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const m of text.matchAll(/^mailsmith_model_call_duration_seconds_count\{(.*)\} (\S+)$/gm)) {
    if (Object.entries(labels).every(([k, v]) => m[1]!.includes(`${k}="${v}"`))) sum += Number(m[2]);
  }
  return sum;
}

function expectValidRequests(from: number) {
  const calls = openai.calls.slice(from);
  for (const c of calls) {
    expect(c.responseFormat).toBe("json_schema");
    expect(validateChatRequest(c.body).errors).toEqual([]);
  }
  return calls;
}

describe("only an OpenAI-compatible key active (decision 119)", () => {
  it("the repair pass goes to its server with the design and the rendering; 1 credit; metrics say openai", async () => {
    member = await server.member();
    const metricsBefore = await scrape();
    const credits = await balance(member);
    const calls = openai.calls.length;
    const geminiCalls = gemini.calls.length;
    const [job] = await start(await darkDesign());
    const t = (await member.get(`/api/templates/${(await finished(job!._id)).templateId}`)).body.data;
    expect(t.html).toContain("<html");
    expect(t.model).toBe("gpt-4.1-mini");
    const sent = expectValidRequests(calls);
    expect(sent, "first answer + repair pass").toHaveLength(2);
    expect(sent[0]!.imageCount).toBe(1);
    // The repair pass sends the design and the rendering of the first answer, with the score, then a pair of crops
    // (design, rendering) per section that differs most.
    const pairs = Number(/Then come (\d+) pairs? of crops/.exec(sent[1]!.prompt)?.[1] ?? 0);
    expect(sent[1]!.imageCount).toBe(2 + 2 * pairs);
    expect(sent[1]!.prompt).toContain("compared with the design: fidelity");
    expect(gemini.calls.length).toBe(geminiCalls);
    expect(await balance(member)).toBe(credits - 1);

    const metrics = await scrape();
    const ok = { provider: "openai", model: "gpt-4.1-mini", outcome: "ok" };
    expect(modelCalls(metrics, ok) - modelCalls(metricsBefore, ok)).toBe(2);
    expect(modelCalls(metrics, { provider: "gemini" })).toBe(modelCalls(metricsBefore, { provider: "gemini" }));
  });

  it("2 variants: two templates in one group, 2 credits, each made by the OpenAI-compatible server", async () => {
    member = await server.member();
    const credits = await balance(member);
    const calls = openai.calls.length;
    const jobs = await start(await darkDesign(), { variants: "2" });
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.variantGroup).toBeTruthy();
    expect(jobs[1]!.variantGroup).toBe(jobs[0]!.variantGroup);
    const templates = [];
    for (const j of jobs)
      templates.push((await member.get(`/api/templates/${(await finished(j._id)).templateId}`)).body.data);
    expect(new Set(templates.map((t) => t._id)).size).toBe(2);
    for (const t of templates) expect(t).toMatchObject({ model: "gpt-4.1-mini", variantGroup: jobs[0]!.variantGroup });
    const sent = expectValidRequests(calls);
    // Two first answers (the design as an image part), each maybe followed by its repair pass.
    expect(sent.filter((c) => c.imageCount === 1)).toHaveLength(2);
    expect(await balance(member)).toBe(credits - 2);
  });

  it('"Fix with AI": the checked email is imported and refined by the OpenAI-compatible server for 1 credit', async () => {
    member = await server.member();
    const html = `<!DOCTYPE html><html><head></head><body><table><tr><td>
      <img src="https://example.com/hero.png" width="600"><p style="color:#999999;background:#ffffff">Spring sale</p>
      <a href="https://example.com/shop">click here</a></td></tr></table></body></html>`;
    const check = await member.post("/api/email-check", { html });
    expect(check.status).toBe(200);
    // What the page's "Fix with AI" button does: the failing checks become the instruction of a refinement.
    const instructions = buildFixInstruction(check.body.report.checks);
    expect(instructions).toBeTruthy();
    const imported = await member.post("/api/templates/import", { html: check.body.html });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const credits = await balance(member);
    const calls = openai.calls.length;
    const done = last(
      await member.post(`/api/templates/${imported.body.data._id}/refine`, { instructions: instructions! }),
    );
    expect(done).toMatchObject({ type: "done" });
    expect(done.template).toMatchObject({ parentId: imported.body.data._id, version: 2, model: "gpt-4.1-mini" });
    const sent = expectValidRequests(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.prompt).toContain("PREVIOUS HTML:");
    expect(sent[0]!.prompt).toContain(instructions!.split("\n")[1]!);
    expect(await balance(member)).toBe(credits - 1);
  });
});
