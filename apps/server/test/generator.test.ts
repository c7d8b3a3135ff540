import { GEMINI_KEY_MESSAGES, GENERATION_JOB_MESSAGES, GENERATOR_MESSAGES } from "@mailsmith/shared";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, generationJobs, generations, outbox } from "../src/db/schema/index.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { startTestServer, type TestClient, type TestResponse, type TestServer } from "./harness.js";

let server: TestServer;
let standIn: GeminiStandIn;
let admin: TestClient;
/** Every response body seen by these tests: no API key may ever appear in one. */
const seen: string[] = [];
const allKeys: string[] = [];

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  // Credits, keys and refunds are the subject here: no rendering or scoring (renderer-generation and
  // generator-jobs cover those), so 30 concurrent generations stay light on a busy 2-core machine. The model time
  // limit is 5 s, not less: at load 17 an instant stand-in answer shared the event loop with 29 others and took > 1.5 s.
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "5000", RENDERER: "off" },
  });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

function record<T>(res: TestResponse<T>): TestResponse<T> {
  seen.push(typeof res.body === "string" ? res.body : JSON.stringify(res.body));
  return res;
}

type Event = { type: string; [k: string]: any };
function events(res: TestResponse): Event[] {
  if (typeof res.body !== "string") return [res.body as Event];
  return res.body
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Event);
}
const last = (res: TestResponse) => events(res).at(-1)!;

async function png(color = "#ff0000") {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function form(opts: { images?: Buffer[]; emailType?: string; instructions?: string; type?: string } = {}) {
  const fd = new FormData();
  if (opts.emailType !== undefined) fd.append("emailType", opts.emailType);
  fd.append("instructions", opts.instructions ?? "");
  for (const [i, img] of (opts.images ?? []).entries()) {
    fd.append("images", new Blob([new Uint8Array(img)], { type: opts.type ?? "image/png" }), `design-${i}.png`);
  }
  return fd;
}

async function generate(c: TestClient, opts: Parameters<typeof form>[0] = {}) {
  return record(await c.request("POST", "/api/generate", await form(opts)));
}

async function balance(c: TestClient): Promise<number> {
  return (await c.get("/api/me")).body.user.currentBalance;
}
async function userId(c: TestClient): Promise<string> {
  return (await c.get("/api/me")).body.user._id;
}
async function setBalance(c: TestClient, target: number) {
  const id = await userId(c);
  const diff = target - (await balance(c));
  if (diff !== 0) {
    await server.ctx.credits.apply({
      userId: id,
      delta: diff,
      reason: "admin_adjustment",
      sourceKey: `test:${id}:${Date.now()}:${Math.random()}`,
    });
  }
}

async function addKey(key: string, name = `Key ${allKeys.length + 1}`, isActive = true) {
  allKeys.push(key);
  const res = record(await admin.post("/api/gemini-keys", { name, key, isActive }));
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}
async function setOnlyActive(ids: string[]) {
  const list = record(await admin.get("/api/gemini-keys")).body.data as { _id: string; isActive: boolean }[];
  for (const k of list) {
    if (k.isActive !== ids.includes(k._id)) record(await admin.patch(`/api/gemini-keys/${k._id}/toggle`));
  }
}

describe("refusals before any call", () => {
  it("with no keys and the local reader turned off, the generator says No API keys available, takes no credit and calls nothing", async () => {
    // By default the local reader writes when no key works; turned off, the spec's refusal stands.
    expect((await admin.put("/api/local-reader", { credits: 1, mode: "off" })).status).toBe(200);
    const m = await server.member();
    const res = await generate(m, { images: [await png()] });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.noApiKeys);
    expect(standIn.calls).toHaveLength(0);
    expect(await balance(m)).toBe(3);
    expect((await m.get("/api/generate/status")).body.available).toBe(false);
  });

  it("signed-out visitors cannot generate", async () => {
    const res = await server.client().request("POST", "/api/generate", await form());
    expect(res.status).toBe(401);
  });
});

describe("Gemini API keys management", () => {
  it("is admin-only", async () => {
    const m = await server.member();
    expect((await m.get("/api/gemini-keys")).status).toBe(403);
    expect((await server.client().get("/api/gemini-keys")).status).toBe(401);
    expect((await m.post("/api/gemini-keys", { name: "x", key: "y" })).status).toBe(403);
  });

  it("adds, masks, edits, toggles and deletes keys", async () => {
    const blank = record(await admin.post("/api/gemini-keys", { name: "  ", key: "abc" }));
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain(GEMINI_KEY_MESSAGES.required);

    const key = "AIzaSyTESTKEY-0123456789-abcdefWXYZ";
    const id = await addKey(key, "Primary");
    const list = record(await admin.get("/api/gemini-keys"));
    const row = list.body.data.find((k: { _id: string }) => k._id === id);
    expect(row).toMatchObject({ name: "Primary", keyPreview: "AIzaSyTE…WXYZ", isActive: true });
    expect(row.usage).toEqual({ calls: 0, failures: 0, lastUsedAt: null, lastStatus: null });

    const edited = record(await admin.put(`/api/gemini-keys/${id}`, { name: "Renamed", key: "" }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: GEMINI_KEY_MESSAGES.updated,
      data: { name: "Renamed", keyPreview: "AIzaSyTE…WXYZ" },
    });

    const off = record(await admin.patch(`/api/gemini-keys/${id}/toggle`));
    expect(off.body).toMatchObject({ message: GEMINI_KEY_MESSAGES.deactivated, data: { isActive: false } });
    const on = record(await admin.patch(`/api/gemini-keys/${id}/toggle`));
    expect(on.body).toMatchObject({ message: GEMINI_KEY_MESSAGES.activated, data: { isActive: true } });

    const del = record(await admin.delete(`/api/gemini-keys/${id}`));
    expect(del.body.message).toBe(GEMINI_KEY_MESSAGES.deleted);
    expect(record(await admin.delete(`/api/gemini-keys/${id}`)).status).toBe(404);
  });
});

let goodKey: string;
let goodKeyId: string;
let failing429Id: string;

describe("generation against the stand-in", () => {
  beforeAll(async () => {
    goodKey = "standin-good-key-000111222333";
    goodKeyId = await addKey(goodKey);
  });

  it("a success deducts exactly 1 credit, streams the email and saves the template", async () => {
    const m = await server.member();
    const callsBefore = standIn.calls.length;
    const res = await generate(m, {
      images: [await png(), await png("#0000ff")],
      emailType: "Newsletter Email Templates",
      instructions: "Friendly tone",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const evs = events(res);
    expect(evs[0]).toMatchObject({ type: "start", balance: 2 });
    expect(evs.filter((e) => e.type === "html").length).toBeGreaterThan(1);
    const done = evs.at(-1)!;
    expect(done).toMatchObject({ type: "done", balance: 2, message: GENERATOR_MESSAGES.generated });
    // The streamed deltas add up to the model's HTML before post-processing.
    const streamed = evs
      .filter((e) => e.type === "html")
      .map((e) => e.delta)
      .join("");
    expect(streamed).toContain("Newsletter Email");
    expect(streamed).toMatch(/<\/html>$/);

    const t = done.template;
    expect(t.html).toMatch(/^<!DOCTYPE html>/);
    expect(t.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(t.html).toContain("<!--[if mso]>");
    expect(t.html).not.toMatch(/<style|<script/i);
    expect(t.text).toContain("Friendly tone");
    expect(t.thumbnails).toHaveLength(2);
    expect(t.thumbnails[0]).toMatch(/^data:image\/webp;base64,/);
    expect(t.report.passed).toBe(true);
    expect(t.report.checks.find((c: { id: string }) => c.id === "size.gmail-clip")?.status).toBe("pass");

    expect(await balance(m)).toBe(2);
    const call = standIn.calls[callsBefore]!;
    // One generation call; a low fidelity score may add the single repair pass, never more.
    const extra = standIn.calls.slice(callsBefore + 1);
    expect(extra.length).toBeLessThanOrEqual(1);
    for (const c of extra) expect(c.prompt).toContain("compared with the design: fidelity");
    expect(call).toMatchObject({ method: "streamGenerateContent", imageCount: 2, model: "gemini-3-flash" });
    expect(call.prompt).toContain("Email type: Newsletter Email Templates");

    const list = record(await m.get("/api/templates"));
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ _id: t._id, emailType: "Newsletter Email Templates", credit: 1 });
    const ledger = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.sourceKey, `generation:${t._id}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -1, reason: "generation" });
  });

  it("without images, with the default email type", async () => {
    const m = await server.member();
    const res = await generate(m);
    expect(last(res)).toMatchObject({ type: "done" });
    expect(last(res).template.emailType).toBe("Promotional Email Templates");
  });

  const failures: [string, string, string][] = [
    ["malformed output", "[stand-in:malformed]", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.malformed)],
    ["an empty candidate", "[stand-in:empty]", GENERATOR_MESSAGES.noText],
    ["a 500", "[stand-in:500]", GENERATOR_MESSAGES.apiError(500, "An internal error has occurred.")],
    ["a timeout", "[stand-in:hang]", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout)],
    ["a cut-off answer", "[stand-in:truncated]", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.truncated)],
    ["a blocked prompt", "[stand-in:blocked]", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.blocked)],
  ];
  for (const [what, marker, message] of failures) {
    it(`${what} refunds the credit with the spec's message`, async () => {
      const m = await server.member();
      const res = await generate(m, { instructions: `Please ${marker}` });
      expect(res.status).toBe(200);
      const evs = events(res);
      expect(evs[0]).toMatchObject({ type: "start", balance: 2 });
      expect(evs.at(-1)).toMatchObject({ type: "error", message, refunded: true, balance: 3 });
      expect(await balance(m)).toBe(3);
      // The generation ran as a job: the job row holds the failure; no template was saved.
      const row = await server.ctx.db.query.generationJobs.findFirst({
        where: eq(generationJobs.id, evs[0]!.generationId),
      });
      expect(row).toMatchObject({ status: "failed", refunded: true, charged: false, errorMessage: message });
      expect(
        await server.ctx.db.query.generations.findFirst({ where: eq(generations.id, evs[0]!.generationId) }),
      ).toBeUndefined();
      const ledger = await server.ctx.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.sourceKey, `refund:${row!.id}`));
      expect(ledger).toHaveLength(1);
      expect((await m.get("/api/templates")).body.total).toBe(0);
    });
  }

  it("zero credits are refused without a call", async () => {
    const m = await server.member();
    await setBalance(m, 0);
    const before = standIn.calls.length;
    const res = await generate(m, { images: [await png()] });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.insufficientCredits);
    expect(standIn.calls.length).toBe(before);
    const rows = await server.ctx.db
      .select()
      .from(generations)
      .where(eq(generations.userId, await userId(m)));
    expect(rows).toHaveLength(0);
    const jobs = await server.ctx.db
      .select()
      .from(generationJobs)
      .where(eq(generationJobs.userId, await userId(m)));
    expect(jobs).toHaveLength(0);
  });

  it("rejects images by content, count and size, and bad fields, without taking a credit", async () => {
    const m = await server.member();
    const fake = Buffer.from("this is not an image at all, just text pretending to be a PNG");
    let res = await generate(m, { images: [fake] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.imageType);
    const img = await png();
    res = await generate(m, { images: [img, img, img, img, img, img] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.tooManyImages);
    res = await generate(m, { images: [Buffer.concat([img, Buffer.alloc(4 * 1024 * 1024)])] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.imageTooLarge);
    res = await generate(m, { emailType: "Spam Email Templates" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.invalidEmailType);
    res = await generate(m, { instructions: "x".repeat(2001) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.instructionsTooLong);
    // A GIF and a JPEG are fine.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00ff00" } })
      .gif()
      .toBuffer();
    const jpg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00ff00" } })
      .jpeg()
      .toBuffer();
    res = await generate(m, { images: [gif, jpg] });
    expect(last(res)).toMatchObject({ type: "done" });
    expect(await balance(m)).toBe(2);
  });

  it("fails over: every failing key is tried once, then the credit is refunded", async () => {
    const a = await addKey("standin-fail-429-retry-3600s-aaaa");
    failing429Id = a;
    const b = await addKey("standin-fail-503-cccc-dddd");
    await setOnlyActive([a, b]);
    const m = await server.member();
    const before = standIn.calls.length;
    const res = await generate(m);
    const calls = standIn.calls.slice(before);
    expect(calls.map((c) => c.apiKey).sort()).toEqual([
      "standin-fail-429-retry-3600s-aaaa",
      "standin-fail-503-cccc-dddd",
    ]);
    const err = last(res);
    expect(err).toMatchObject({ type: "error", refunded: true, balance: 3 });
    // In words, without the status code or Google's answer.
    expect(err.message).toMatch(/^The AI service (is busy right now|had a problem on its side)/);
    expect(err.message).not.toMatch(/\b(?:429|503)\b|[{}]/);
    const keys = record(await admin.get("/api/gemini-keys")).body.data as { _id: string; usage: any }[];
    expect(keys.find((k) => k._id === a)!.usage).toMatchObject({ calls: 1, failures: 1, lastStatus: 429 });
    expect(keys.find((k) => k._id === b)!.usage).toMatchObject({ calls: 1, failures: 1, lastStatus: 503 });
  });

  it("a key Google rate-limited (429, retry in an hour) is tried after the others meanwhile", async () => {
    await setOnlyActive([failing429Id, goodKeyId]);
    const m = await server.member();
    await setBalance(m, 10);
    // The previous test's 429 asked for an hour: the good key goes first every time (the pool used to be shuffled).
    for (let i = 0; i < 6; i++) {
      const before = standIn.calls.length;
      const res = await generate(m);
      expect(last(res)).toMatchObject({ type: "done" });
      expect(standIn.calls.slice(before).map((c) => c.apiKey)).toEqual([goodKey]);
    }
    const keys = record(await admin.get("/api/gemini-keys")).body.data as { _id: string; health: any }[];
    expect(keys.find((k) => k._id === failing429Id)!.health.status).toBe("rate_limited");
  });

  it("30 concurrent generations with 10 credits succeed exactly 10 times and leave 0", async () => {
    await setOnlyActive([goodKeyId]);
    const m = await server.member();
    await setBalance(m, 10);
    const results = await Promise.all(Array.from({ length: 30 }, () => generate(m, { instructions: "Concurrent" })));
    const done = results.filter((r) => r.status === 200 && last(r).type === "done");
    const refused = results.filter((r) => r.status === 402);
    expect(done).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body.message).toBe(GENERATOR_MESSAGES.insufficientCredits);
    expect(await balance(m)).toBe(0);
    expect((await m.get("/api/templates")).body.total).toBe(10);
  });
});

describe("history, refinement and test sends", () => {
  beforeAll(async () => {
    await setOnlyActive([goodKeyId]);
  });
  it("refines a template for 1 credit into a new version linked to the old", async () => {
    const m = await server.member();
    const first = last(await generate(m, { instructions: "Spring sale" })).template;
    const before = standIn.calls.length;
    const res = record(await m.post(`/api/templates/${first._id}/refine`, { instructions: "make the header blue" }));
    expect(res.status).toBe(200);
    const done = last(res);
    expect(done).toMatchObject({ type: "done", balance: 1 });
    expect(done.template).toMatchObject({ parentId: first._id, version: 2, emailType: first.emailType });
    expect(done.template.html).toContain("background-color:#1d4ed8");
    const prompt = standIn.calls[before]!.prompt;
    expect(prompt).toContain("PREVIOUS HTML:");
    expect(prompt).toContain("make the header blue");
    expect(prompt).toContain(first.html.slice(0, 200));
    const list = record(await m.get("/api/templates")).body;
    expect(list.total).toBe(2);
    expect(list.data[0]._id).toBe(done.template._id);

    const empty = record(await m.post(`/api/templates/${first._id}/refine`, { instructions: "  " }));
    expect(empty.status).toBe(400);
  });

  it("owners only: others cannot read, refine, send or delete a template", async () => {
    const owner = await server.member();
    const t = last(await generate(owner)).template;
    const other = await server.member();
    expect((await other.get(`/api/templates/${t._id}`)).status).toBe(404);
    expect((await other.post(`/api/templates/${t._id}/refine`, { instructions: "x" })).status).toBe(404);
    expect((await other.post(`/api/templates/${t._id}/send-test`)).status).toBe(404);
    expect((await other.delete(`/api/templates/${t._id}`)).status).toBe(404);
    expect(await balance(other)).toBe(3);
    // An administrator may read any template but spends credits only on their own.
    const admin = await server.admin();
    expect((await admin.get(`/api/templates/${t._id}`)).status).toBe(200);
    const adminRefine = await admin.post(`/api/templates/${t._id}/refinements`, { instructions: "x" });
    expect([adminRefine.status, adminRefine.body.message]).toEqual([403, GENERATION_JOB_MESSAGES.refineOwnOnly]);
    const got = record(await owner.get(`/api/templates/${t._id}`));
    expect(got.body.data).toMatchObject({ _id: t._id, html: t.html, text: t.text });
    const del = record(await owner.delete(`/api/templates/${t._id}`));
    expect(del.body.message).toBe(GENERATOR_MESSAGES.deleted);
    expect((await owner.get(`/api/templates/${t._id}`)).status).toBe(404);
  });

  it("sends a test to the member's own address, rate-limited", async () => {
    const m = await server.member();
    const t = last(await generate(m)).template;
    const res = record(await m.post(`/api/templates/${t._id}/send-test`));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(GENERATOR_MESSAGES.testSent(m.email));
    const mails = await server.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, m.email)));
    const mail = mails.find((x) => x.subject.startsWith("[Test]"));
    expect(mail?.html).toBe(t.html);
    expect(mail?.text).toBe(t.text);
    for (let i = 1; i < 5; i++) expect((await m.post(`/api/templates/${t._id}/send-test`)).status).toBe(200);
    const limited = record(await m.post(`/api/templates/${t._id}/send-test`));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(GENERATOR_MESSAGES.testRateLimited);
  });
});

it("no response ever carried an API key", () => {
  expect(seen.length).toBeGreaterThan(40);
  for (const body of seen) {
    for (const key of allKeys) expect(body).not.toContain(key);
  }
});
