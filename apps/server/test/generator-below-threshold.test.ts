import {
  GENERATION_FIDELITY_MESSAGES,
  GENERATION_JOB_LIMITS,
  GENERATOR_MESSAGES,
  SCORE_THRESHOLD_TEXTS,
} from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { designForm, finishedJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Decision 123: a result below the threshold after the repair pass is never announced as a success.
 * The stand-in's email (a yellow header, a photo, five sections on grey) is nothing like this design (a dark page with
 * a coloured band), so it scores far below the threshold: the job succeeds (the email is saved) with its fidelity
 * below the threshold and the sections that differ, the stream's last message says so, and "Retry free" runs once
 * without a credit.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let server: TestServer;
let standIn: GeminiStandIn;
let member: TestClient;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "30000", GENERATION_POLL_MS: "150" },
  });
  const admin = await server.admin();
  const key = await admin.post("/api/gemini-keys", { name: "k", key: "standin-below-threshold-key-0123456789" });
  expect(key.status).toBe(201);
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

async function design(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
    <rect width="600" height="900" fill="#1e293b"/>
    <rect x="0" y="320" width="600" height="180" fill="#14b8a6"/>
    <rect x="40" y="620" width="240" height="60" rx="8" fill="#f97316"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const balanceOf = async (c: TestClient) => (await c.get("/api/me")).body.user.currentBalance as number;

describe("a result below the fidelity threshold (decision 123)", () => {
  let jobId: string;
  let job: Awaited<ReturnType<typeof finishedJob>>;

  beforeAll(async () => {
    const res = await member.request("POST", "/api/generations", designForm(await design()));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    jobId = res.body.data.jobs[0]._id;
    job = await finishedJob(member, jobId);
  });

  it("succeeds (the email is saved) but says it is below the threshold, with the sections that differ", async () => {
    const fidelity = job.fidelity as {
      score: number;
      threshold: number;
      belowThreshold: boolean;
      sections: { differences: string[]; picture: string | null }[];
    };
    expect(fidelity.threshold).toBe(GENERATION_JOB_LIMITS.repairBelowScore);
    expect(fidelity.score).toBeLessThan(fidelity.threshold);
    expect(fidelity.belowThreshold).toBe(true);
    expect(job.canRetryFree).toBe(true);
    expect(fidelity.sections.length).toBeGreaterThan(0);
    for (const s of fidelity.sections) expect(s.differences.length).toBeGreaterThan(0);
    // Each section's picture pair is stored and served like the previews.
    const pictured = fidelity.sections.filter((s) => s.picture);
    expect(pictured.length).toBeGreaterThan(0);
    const pic = await fetch(new URL(pictured[0]!.picture!, server.url));
    expect(pic.status).toBe(200);
    expect(pic.headers.get("content-type")).toContain("image/webp");
  });

  it("is not announced as a success: the stream's last message gives the score and the free retry", async () => {
    const res = await member.get(`/api/generations/${jobId}/stream`);
    const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
    const done = JSON.parse(text.trim().split("\n").at(-1)!);
    expect(done.type).toBe("done");
    const f = job.fidelity as { score: number; threshold: number };
    expect(done.message).toBe(GENERATION_FIDELITY_MESSAGES.belowThreshold(f.score, f.threshold));
    expect(done.message).not.toBe(GENERATOR_MESSAGES.generated);
  });

  it("retries free once: no credit taken, a new result; a second free retry and another member are refused", async () => {
    const before = await balanceOf(member);
    const other = await server.member();
    expect((await other.post(`/api/generations/${jobId}/retry-free`)).status).toBe(403);

    const res = await member.post(`/api/generations/${jobId}/retry-free`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe(GENERATION_FIDELITY_MESSAGES.retryFreeStarted);
    const retried = res.body.data.jobs[0];
    expect(retried._id).not.toBe(jobId);
    expect(res.body.data.balance).toBe(before);

    const again = await member.post(`/api/generations/${jobId}/retry-free`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(GENERATION_FIDELITY_MESSAGES.retryFreeUsed);
    expect((await member.get(`/api/generations/${jobId}`)).body.data.canRetryFree).toBe(false);

    const second = await finishedJob(member, retried._id);
    expect(second.templateId).toBe(retried._id);
    expect(await balanceOf(member)).toBe(before);
    // The free retry has no free retry of its own, whatever it scored.
    expect(second.canRetryFree).toBe(false);
    expect((await member.post(`/api/generations/${retried._id}/retry-free`)).status).toBe(409);
  });

  it("makes one free retry when two requests race", async () => {
    const res = await member.request("POST", "/api/generations", designForm(await design()));
    const id = res.body.data.jobs[0]._id as string;
    await finishedJob(member, id);
    const [a, b] = await Promise.all([
      member.post(`/api/generations/${id}/retry-free`),
      member.post(`/api/generations/${id}/retry-free`),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
  });
});

describe("the administrator's score threshold (decision 136)", () => {
  let admin: TestClient;
  // A member of its own: the first describe spent the other's credits.
  let member: TestClient;
  beforeAll(async () => {
    admin = await server.admin();
    member = await server.member();
    // The model calls are counted: the free retries started above finish first.
    await vi.waitFor(
      async () => {
        const jobs = await server.ctx.db.query.generationJobs.findMany({ columns: { status: true } });
        expect(jobs.filter((j) => j.status === "queued" || j.status === "running")).toEqual([]);
      },
      { timeout: 150_000, interval: 200 },
    );
  });
  afterAll(async () => {
    await admin.put("/api/score-threshold", { threshold: GENERATION_JOB_LIMITS.repairBelowScore });
  });

  it("is 80 until set; a member may not set it; bad input is refused with a message and nothing changes", async () => {
    expect((await admin.get("/api/score-threshold")).body.data).toEqual({ threshold: 80 });
    expect((await member.put("/api/score-threshold", { threshold: 50 })).status).toBe(403);
    for (const threshold of [101, -1, 50.5, "70", null]) {
      const res = await admin.put("/api/score-threshold", { threshold });
      expect(res.status, JSON.stringify(threshold)).toBe(400);
      expect(res.body.message).toContain(SCORE_THRESHOLD_TEXTS.invalid);
    }
    expect((await admin.put("/api/score-threshold", { threshold: 70, extra: 1 })).status).toBe(400);
    expect((await admin.get("/api/score-threshold")).body.data).toEqual({ threshold: 80 });
  });

  it("at 0 nothing is below it: no repair pass, announced as a success, no free retry; the change is audited", async () => {
    const set = await admin.put("/api/score-threshold", { threshold: 0 });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(SCORE_THRESHOLD_TEXTS.saved);
    const calls = standIn.calls.length;
    const res = await member.request("POST", "/api/generations", designForm(await design()));
    const id = res.body.data.jobs[0]._id as string;
    const job = await finishedJob(member, id);
    // One model call: the first pass, no repair pass.
    expect(standIn.calls.length - calls).toBe(1);
    const fidelity = job.fidelity as { score: number; threshold: number; belowThreshold: boolean };
    expect(fidelity.threshold).toBe(0);
    expect(fidelity.belowThreshold).toBe(false);
    expect(job.canRetryFree).toBe(false);
    expect((await member.get(`/api/templates/${job.templateId}`)).body.data.repaired).toBe(false);
    const stream = await member.get(`/api/generations/${id}/stream`);
    const text = typeof stream.body === "string" ? stream.body : JSON.stringify(stream.body);
    expect(JSON.parse(text.trim().split("\n").at(-1)!).message).toBe(GENERATOR_MESSAGES.generated);

    const audit = (await admin.get("/api/admin/audit-log?action=score_threshold.update")).body;
    expect(JSON.stringify(audit)).toContain('"threshold":0');
  });

  it("at 100 the same email is below it: the repair pass runs and the free retry is offered", async () => {
    expect((await admin.put("/api/score-threshold", { threshold: 100 })).status).toBe(200);
    const calls = standIn.calls.length;
    const res = await member.request("POST", "/api/generations", designForm(await design()));
    const job = await finishedJob(member, res.body.data.jobs[0]._id);
    // The first pass and the repair pass.
    expect(standIn.calls.length - calls).toBe(2);
    const fidelity = job.fidelity as { score: number; threshold: number; belowThreshold: boolean };
    expect(fidelity.threshold).toBe(100);
    expect(fidelity.belowThreshold).toBe(true);
    expect(job.canRetryFree).toBe(true);
  });
});
