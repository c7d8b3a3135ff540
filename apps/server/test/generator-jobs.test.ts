import { randomBytes } from "node:crypto";
import { GENERATION_JOB_MESSAGES, GENERATOR_MESSAGES } from "@mailsmith/shared";
import { and, eq, like } from "drizzle-orm";
import { unzipSync } from "fflate";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createOutboxMailer } from "../src/adapters/mail/mailer.js";
import { buildApp } from "../src/app.js";
import { createContext } from "../src/context.js";
import { creditLedger, generationJobs, generations } from "../src/db/schema/index.js";
import { THUMBNAIL } from "../src/email-engine/render-report.js";
import { loadEnv } from "../src/env.js";
import { endAndRefund } from "../src/features/generator/jobs/refund.js";
import { jobsRepo } from "../src/features/generator/jobs/repo.js";
import { workers } from "../src/features/generator/runtime.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { listenOrClose, onFreePort, startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Decision 055: generation as a job — real images from the design's boxes, stages, cancel, retry,
 * re-attach, variants, a restart mid-way (resumed or refunded exactly once), history controls and exports.
 */

// Every generation here renders in Chromium and is scored: generous limits for a busy machine (no timing asserts).
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let server: TestServer;
let standIn: GeminiStandIn;
let admin: TestClient;
const GOOD_KEY = "standin-jobs-good-key-0123456789";
const BAD_KEY = "standin-fail-500-jobs-key-9999";
/** The model writes its first words, then nothing until the job is stopped or cancelled (never released). */
const HELD = "[stand-in:hold]";

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({
    env: {
      GEMINI_BASE_URL: standIn.url,
      GEMINI_TIMEOUT_MS: "20000",
      GENERATION_LEASE_MS: "4000",
      GENERATION_POLL_MS: "150",
    },
  });
  admin = await server.admin();
  const res = await admin.post("/api/gemini-keys", { name: "Good", key: GOOD_KEY, isActive: true });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

/** A 400 × 600 design: a red "logo" and a blue "photo" exactly where the stand-in's boxes say they are. */
async function design() {
  return sharp({ create: { width: 400, height: 600, channels: 3, background: "#ffffff" } })
    .composite([
      {
        input: await sharp({ create: { width: 104, height: 60, channels: 3, background: "#ff0000" } })
          .png()
          .toBuffer(),
        left: 16,
        top: 12,
      },
      {
        input: await sharp({ create: { width: 400, height: 240, channels: 3, background: "#0000ff" } })
          .png()
          .toBuffer(),
        left: 0,
        top: 120,
      },
    ])
    .png()
    .toBuffer();
}

function form(opts: { images?: Buffer[]; instructions?: string; variants?: number; emailType?: string } = {}) {
  const fd = new FormData();
  if (opts.emailType) fd.append("emailType", opts.emailType);
  fd.append("instructions", opts.instructions ?? "");
  if (opts.variants !== undefined) fd.append("variants", String(opts.variants));
  for (const [i, img] of (opts.images ?? []).entries()) {
    fd.append("images", new Blob([new Uint8Array(img)], { type: "image/png" }), `design-${i}.png`);
  }
  return fd;
}

async function start(c: TestClient, opts: Parameters<typeof form>[0] = {}) {
  return c.request("POST", "/api/generations", form(opts));
}

async function balance(c: TestClient): Promise<number> {
  return (await c.get("/api/me")).body.user.currentBalance;
}

/** Polls until fn answers; on time-out, says what was awaited and, with `state`, what was seen instead. */
async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  ms = 60_000,
  state?: () => Promise<unknown>,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) {
      const seen = state ? `; seen: ${JSON.stringify(await state().catch((e) => String(e)))}` : "";
      throw new Error(`timed out waiting for ${what}${seen}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function finished(c: TestClient, id: string) {
  return waitFor(`job ${id} to end`, async () => {
    const res = await c.get(`/api/generations/${id}`);
    expect(res.status).toBe(200);
    return ["succeeded", "failed", "cancelled"].includes(res.body.data.status) ? res.body.data : undefined;
  });
}

const jobRow = (id: string) => server.ctx.db.query.generationJobs.findFirst({ where: eq(generationJobs.id, id) });
const ledger = (prefix: string) =>
  server.ctx.db
    .select()
    .from(creditLedger)
    .where(like(creditLedger.sourceKey, `${prefix}%`));

describe("real images from the design", () => {
  it("crops the boxes the model returns, stores them and references them by absolute URL", async () => {
    const m = await server.member();
    const before = standIn.calls.length;
    const res = await start(m, { images: [await design()], instructions: "Spring launch" });
    expect(res.status).toBe(202);
    expect(res.body.data.balance).toBe(2);
    const [job] = res.body.data.jobs;
    expect(job).toMatchObject({ status: "queued", attempt: 1, canCancel: true });
    const done = await finished(m, job._id);
    expect(done).toMatchObject({ status: "succeeded", templateId: job._id, progress: 100 });
    expect(standIn.calls[before]).toMatchObject({ structured: true, imageCount: 1 });

    const t = (await m.get(`/api/templates/${done.templateId}`)).body.data;
    expect(t.images).toHaveLength(2);
    // The stored design itself, for the design-vs-result view.
    expect(t.designUrl.startsWith(`${server.url}/uploads/designs/`)).toBe(true);
    expect((await fetch(t.designUrl)).status).toBe(200);
    expect(t.html).not.toContain("image:");
    expect(t.html).not.toMatch(/src="data:/);
    expect(t.html).not.toContain("placehold.co");
    for (const img of t.images) {
      expect(img.url.startsWith(`${server.url}/uploads/generated/`)).toBe(true);
      expect(t.html).toContain(img.url);
    }
    const logo = t.images.find((i: { kind: string }) => i.kind === "logo");
    const photo = t.images.find((i: { kind: string }) => i.kind === "photo");
    expect(logo).toMatchObject({ slot: 1, width: 104, height: 60, alt: "Brand logo" });
    expect(photo).toMatchObject({ slot: 2, width: 400, height: 240 });
    // Served by the server, and really the red and blue parts of the design.
    for (const [img, channel] of [
      [logo, 0],
      [photo, 2],
    ] as const) {
      const served = await fetch(img.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toMatch(/^image\/(png|jpeg)/);
      const stats = await sharp(Buffer.from(await served.arrayBuffer())).stats();
      expect(stats.channels[channel]!.mean).toBeGreaterThan(230);
      for (const other of [0, 1, 2].filter((c) => c !== channel)) {
        expect(stats.channels[other]!.mean).toBeLessThan(30);
      }
    }
    // Name from the main heading; the list item carries it.
    expect(t.name).toBe("Promotional Email");

    // Rendered and scored against the design: a 0–100 score with its parts is saved with the result.
    expect(t.report.render).toMatchObject({ available: true });
    expect(typeof t.score).toBe("number");
    expect(t.score).toBeGreaterThanOrEqual(0);
    expect(t.score).toBeLessThanOrEqual(100);
    expect(Object.keys(t.scoreParts).sort()).toEqual(["colour", "structure", "text"]);
    expect(t.scoreParts.text).not.toBeNull();
    expect(t.thumbnailUrl).toMatch(new RegExp(`^${server.url}/uploads/thumbs/`));
    // The top of the email at thumbnail width (a "cover" fit used to blow short emails up and keep their middle).
    const thumb = Buffer.from(await (await fetch(t.thumbnailUrl)).arrayBuffer());
    expect(await sharp(thumb).metadata()).toMatchObject({ format: "webp", ...THUMBNAIL });
    const listed = (await m.get("/api/templates")).body.data[0];
    expect(listed).toMatchObject({ _id: t._id, score: t.score, name: t.name, thumbnailUrl: t.thumbnailUrl });
    // A low score sends the design and the rendering back once (same credit); never more than one repair.
    const calls = standIn.calls.slice(before);
    expect(calls.length).toBeLessThanOrEqual(2);
    if (calls.length === 2) {
      // The design, the rendering, then a pair of crops (design, rendering) per section that differs most.
      const pairs = Number(/Then come (\d+) pairs? of crops/.exec(calls[1]!.prompt)?.[1] ?? 0);
      expect(calls[1]!.imageCount).toBe(2 + 2 * pairs);
      expect(calls[1]!.prompt).toContain("compared with the design: fidelity");
    } else expect(t.repaired).toBe(false);
    expect(await balance(m)).toBe(2);
  });

  it("the member swaps an image for an upload of their own (content-sniffed, owner only)", async () => {
    const m = await server.member();
    const job = (await start(m, { images: [await design()] })).body.data.jobs[0];
    const t = (await m.get(`/api/templates/${(await finished(m, job._id)).templateId}`)).body.data;
    const oldUrl = t.images[0].url;
    const mine = await sharp({ create: { width: 80, height: 40, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer) => {
      const fd = new FormData();
      fd.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "mine.png");
      return fd;
    };
    const other = await server.member();
    expect((await other.request("POST", `/api/templates/${t._id}/images/1`, upload(mine))).status).toBe(404);
    const fake = await m.request("POST", `/api/templates/${t._id}/images/1`, upload(Buffer.from("not an image")));
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(GENERATOR_MESSAGES.imageType);
    expect((await m.request("POST", `/api/templates/${t._id}/images/9`, upload(mine))).status).toBe(404);

    const res = await m.request("POST", `/api/templates/${t._id}/images/1`, upload(mine));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(GENERATION_JOB_MESSAGES.imageReplaced);
    const swapped = res.body.data.images[0];
    expect(swapped.url).not.toBe(oldUrl);
    expect(swapped).toMatchObject({ width: 80, height: 40 });
    expect(res.body.data.html).toContain(swapped.url);
    expect(res.body.data.html).not.toContain(oldUrl);
    const stats = await sharp(Buffer.from(await (await fetch(swapped.url)).arrayBuffer())).stats();
    expect(stats.channels[1]!.mean).toBeGreaterThan(230);
  });
});

/** A tab's stream of a job (NDJSON), read as it comes: its events so far, and a wait for the next one that matches. */
async function openStream(client: TestClient, jobId: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${server.url}/api/generations/${jobId}/stream`, { headers: { cookie } });
  expect(res.headers.get("content-type")).toContain("application/x-ndjson");
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: any[] = [];
  let partial = "";
  async function readUntil(match: (event: any) => boolean) {
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended without the event looked for: ${JSON.stringify(events.at(-1))}`);
      const lines = (partial + value).split("\n");
      partial = lines.pop() ?? "";
      events.push(...lines.filter(Boolean).map((line) => JSON.parse(line)));
    }
  }
  return { events, readUntil };
}

describe("jobs: stages, re-attach, cancel, retry, variants", () => {
  it("two tabs attach to one running job and both see its stages and the same result", async () => {
    const m = await server.member();
    // The model writes its first words and holds the rest until both tabs have seen it writing.
    const hold = `tabs-${randomBytes(4).toString("hex")}`;
    const job = (await start(m, { images: [await design()], instructions: `[stand-in:hold:${hold}]` })).body.data
      .jobs[0];
    const [a, b] = await Promise.all([openStream(m, job._id), openStream(m, job._id)]);
    for (const tab of [a, b]) await tab.readUntil((e) => e.type === "job" && e.job.stage === "writing");
    standIn.release(hold);
    for (const tab of [a, b]) {
      const last = await tab.readUntil((e) => e.type === "done");
      expect(tab.events[0].type).toBe("job");
      expect(last).toMatchObject({ type: "done", balance: 2, template: { _id: job._id } });
    }
    // A finished job can still be read; a stream on it answers at once with the result.
    const again = await m.get(`/api/generations/${job._id}/stream`);
    const body = typeof again.body === "string" ? again.body : JSON.stringify(again.body);
    expect(body.trim().split("\n").at(-1)).toContain('"type":"done"');
    expect((await m.get("/api/generations?active=true")).body.data).toHaveLength(0);
    const other = await server.member();
    expect((await other.get(`/api/generations/${job._id}`)).status).toBe(403);
    expect((await other.get(`/api/generations/${job._id}/stream`)).status).toBe(403);
  });

  it("cancel stops the job and refunds its credit exactly once", async () => {
    const m = await server.member();
    const job = (await start(m, { images: [await design()], instructions: HELD })).body.data.jobs[0];
    expect(await balance(m)).toBe(2);
    await waitFor("writing", async () => (await jobRow(job._id))?.stage === "writing");
    const active = (await m.get("/api/generations?active=true")).body.data;
    expect(active.map((j: { _id: string }) => j._id)).toEqual([job._id]);
    const other = await server.member();
    expect((await other.post(`/api/generations/${job._id}/cancel`)).status).toBe(403);

    const res = await m.post(`/api/generations/${job._id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", refunded: true, canRetry: true });
    expect(res.body.balance).toBe(3);
    const again = await m.post(`/api/generations/${job._id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(GENERATION_JOB_MESSAGES.cancelNotRunning);
    // The worker stopped: once it has let the job go, the job never turned into a template, and the refund is a
    // single ledger row.
    await waitFor("the worker to let the job go", async () => !workers.get(server.ctx)!.isRunningHere(job._id));
    expect(await jobRow(job._id)).toMatchObject({ status: "cancelled", charged: false });
    expect(await server.ctx.db.query.generations.findFirst({ where: eq(generations.id, job._id) })).toBeUndefined();
    expect(await ledger(`refund:${job._id}`)).toHaveLength(1);
    expect(await balance(m)).toBe(3);
  });

  it("a failure refunds; Retry runs again from the stored uploads and takes the credit again", async () => {
    const keys = (await admin.get("/api/gemini-keys")).body.data as { _id: string; name: string }[];
    const good = keys.find((k) => k.name === "Good")!;
    await admin.patch(`/api/gemini-keys/${good._id}/toggle`);
    const bad = (await admin.post("/api/gemini-keys", { name: "Bad", key: BAD_KEY, isActive: true })).body.data._id;
    const m = await server.member();
    try {
      const job = (await start(m, { images: [await design()] })).body.data.jobs[0];
      const failed = await finished(m, job._id);
      expect(failed).toMatchObject({ status: "failed", refunded: true, canRetry: true });
      expect(failed.error.message).toBe(GENERATOR_MESSAGES.apiError(500, "An internal error has occurred."));
      expect(await balance(m)).toBe(3);
    } finally {
      await admin.patch(`/api/gemini-keys/${good._id}/toggle`);
      await admin.delete(`/api/gemini-keys/${bad}`);
    }
    const [job] = (await m.get("/api/generations")).body.data;
    const callsBefore = standIn.calls.length;
    const retry = await m.post(`/api/generations/${job._id}/retry`);
    expect(retry.status).toBe(202);
    expect(retry.body.data).toMatchObject({ balance: 2, jobs: [{ _id: job._id, attempt: 2, status: "queued" }] });
    const done = await finished(m, job._id);
    expect(done).toMatchObject({ status: "succeeded", attempt: 2, refunded: false });
    // The design came from storage: the model saw it without a new upload.
    expect(standIn.calls[callsBefore]).toMatchObject({ imageCount: 1 });
    expect(await ledger(`generation:${job._id}`)).toHaveLength(2);
    expect(await ledger(`refund:${job._id}`)).toHaveLength(1);
    expect(await balance(m)).toBe(2);
    // Only a failed or cancelled job can be retried.
    expect((await m.post(`/api/generations/${job._id}/retry`)).status).toBe(409);
  });

  it("2 variants take 2 credits at once (both or none) and make two templates", async () => {
    const m = await server.member();
    const res = await start(m, { images: [await design()], variants: 2 });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(GENERATION_JOB_MESSAGES.variantsCost(2));
    const jobs = res.body.data.jobs;
    expect(jobs).toHaveLength(2);
    expect(jobs[0].variantGroup).toBeTruthy();
    expect(jobs[1].variantGroup).toBe(jobs[0].variantGroup);
    expect(res.body.data.balance).toBe(1);
    for (const j of jobs) expect(await finished(m, j._id)).toMatchObject({ status: "succeeded" });
    const list = (await m.get("/api/templates")).body;
    expect(list.total).toBe(2);
    expect(list.data.map((t: { variantGroup: string }) => t.variantGroup)).toEqual([
      jobs[0].variantGroup,
      jobs[0].variantGroup,
    ]);
    // One credit left: two variants are refused without taking it, one still works.
    const refused = await start(m, { variants: 2 });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(GENERATOR_MESSAGES.insufficientCredits);
    expect(await balance(m)).toBe(1);
    expect((await start(m, { variants: 3 })).status).toBe(400);
  });
});

describe("a server restart mid-way", () => {
  /** Another app on the same database, as a second instance or the restarted server would be. */
  async function startInstance() {
    return onFreePort(async (port) => {
      const env = loadEnv({
        ...Object.fromEntries(
          Object.entries({
            NODE_ENV: "test",
            BETTER_AUTH_SECRET: server.ctx.env.BETTER_AUTH_SECRET,
            GEMINI_BASE_URL: standIn.url,
            GEMINI_TIMEOUT_MS: "20000",
            GENERATION_LEASE_MS: "4000",
            GENERATION_POLL_MS: "150",
            SEED_DEMO: "false",
            LOG_LEVEL: "silent",
          }).filter(([, v]) => v !== undefined),
        ),
        PORT: String(port),
        HOST: "127.0.0.1",
        BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: `/tmp/mailsmith-test-${port}-${randomBytes(3).toString("hex")}`,
      });
      const log = pino({ level: "silent" });
      const ctx = createContext({
        env,
        database: server.ctx.database,
        mail: createOutboxMailer(server.ctx.db, log),
        log,
        authSecret: env.BETTER_AUTH_SECRET ?? "",
      });
      // Same storage as the first instance (a shared disk or bucket in production).
      Object.assign(ctx, { storage: server.ctx.storage });
      const app = await buildApp({ ctx, logger: log });
      await listenOrClose(app, port);
      return { ctx, app };
    });
  }

  it("a job whose worker died is resumed by another instance and finishes, charged once", async () => {
    const m = await server.member();
    // The model keeps writing until the first instance has died, however slow the machine.
    const hold = `resume-${randomBytes(4).toString("hex")}`;
    const job = (await start(m, { images: [await design()], instructions: `[stand-in:hold:${hold}]` })).body.data
      .jobs[0];
    await waitFor("writing", async () => (await jobRow(job._id))?.stage === "writing");
    // The first instance dies: nothing is written, its lease simply runs out.
    await workers.get(server.ctx)!.stop({ abandon: true });
    expect(await jobRow(job._id)).toMatchObject({ status: "running", runs: 1 });
    standIn.release(hold);
    const second = await startInstance();
    try {
      const done = await waitFor("resumed job", async () => {
        const r = await jobRow(job._id);
        return r?.status === "succeeded" ? r : undefined;
      });
      expect(done).toMatchObject({ runs: 2, charged: true, refunded: false });
      expect(await ledger(`generation:${job._id}`)).toHaveLength(1);
      expect(await ledger(`refund:${job._id}`)).toHaveLength(0);
      expect(await balance(m)).toBe(2);
      const t = await server.ctx.db.query.generations.findFirst({ where: eq(generations.id, job._id) });
      expect(t?.status).toBe("succeeded");
      expect(t?.images).toHaveLength(2);
    } finally {
      await second.app.close();
    }
  });

  it("a graceful shutdown hands a running job back to the queue; a cancel reaches the instance running it", async () => {
    const m = await server.member();
    const job = (await start(m, { images: [await design()], instructions: HELD })).body.data.jobs[0];
    const b = await startInstance();
    await waitFor("claimed by b", async () => (await jobRow(job._id))?.stage === "writing");
    await b.app.close();
    // Back in the queue at once, not counted as a run.
    expect(await jobRow(job._id)).toMatchObject({ status: "queued", runs: 0, lockedBy: null });
    const c = await startInstance();
    try {
      await waitFor("claimed by c", async () => {
        const r = await jobRow(job._id);
        return r?.status === "running" && r.stage === "writing";
      });
      // Cancelled through the first instance's API while the second instance runs it.
      const res = await m.post(`/api/generations/${job._id}/cancel`);
      expect(res.body.data).toMatchObject({ status: "cancelled", refunded: true });
      // The cancel reaches the second instance's worker; once it has let the job go, nothing more is written.
      await waitFor("instance c to let the job go", async () => !workers.get(c.ctx)!.isRunningHere(job._id));
      expect(await jobRow(job._id)).toMatchObject({ status: "cancelled", charged: false });
      expect(await server.ctx.db.query.generations.findFirst({ where: eq(generations.id, job._id) })).toBeUndefined();
      expect(await ledger(`refund:${job._id}`)).toHaveLength(1);
      expect(await balance(m)).toBe(3);
    } finally {
      await c.app.close();
    }
  });

  it("a worker stopped while its claim is in flight never runs that job: a shutdown gives it back, a crash leaves its lease", async () => {
    // Holds the next claim that gets a job until the test opens the gate, so stop() lands while it is in flight.
    // Only one worker at a time is running below, so "the next claim" is that worker's.
    const realClaim = jobsRepo.claim.bind(jobsRepo);
    function holdNextClaim() {
      let landed!: (workerId: string) => void;
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const held = { landed: new Promise<string>((r) => (landed = r)), open };
      let holding = true;
      vi.spyOn(jobsRepo, "claim").mockImplementation(async (db, workerId, leaseMs) => {
        const job = await realClaim(db, workerId, leaseMs);
        if (job && holding) {
          holding = false;
          landed(workerId);
          await gate;
        }
        return job;
      });
      return held;
    }
    // Only the instances started here may claim (the first instance's worker is stopped by the tests above).
    await workers.get(server.ctx)!.stop();
    const m = await server.member();
    const b = await startInstance();
    let c: Awaited<ReturnType<typeof startInstance>> | undefined;
    try {
      const bWorker = workers.get(b.ctx)!;
      const atB = holdNextClaim();
      const job = (await start(m, { images: [await design()], instructions: HELD })).body.data.jobs[0];
      expect(await atB.landed).toBe(bWorker.id);
      const stopping = bWorker.stop();
      atB.open();
      await stopping;
      // Once stop() has returned, the job is not running there and is back in the queue, not counted as a run.
      expect(bWorker.isRunningHere(job._id)).toBe(false);
      expect(await jobRow(job._id)).toMatchObject({ status: "queued", runs: 0, lockedBy: null });

      vi.restoreAllMocks();
      const atC = holdNextClaim();
      c = await startInstance();
      const cWorker = workers.get(c.ctx)!;
      expect(await atC.landed).toBe(cWorker.id);
      const crashing = cWorker.stop({ abandon: true });
      atC.open();
      await crashing;
      // A crash writes nothing more: the job keeps c's claim until its lease runs out, and c does not run it.
      expect(cWorker.isRunningHere(job._id)).toBe(false);
      expect(await jobRow(job._id)).toMatchObject({ status: "running", runs: 1, lockedBy: cWorker.id });
      expect((await m.post(`/api/generations/${job._id}/cancel`)).body.data).toMatchObject({ refunded: true });
    } finally {
      for (const x of [b, c]) await x?.app.close();
    }
  });

  it("a job whose workers die twice is refunded exactly once", async () => {
    const m = await server.member();
    // The first instance's worker is stopped by the test above; this job waits for an instance to claim it.
    const job = (await start(m, { images: [await design()], instructions: HELD })).body.data.jobs[0];
    const b = await startInstance();
    await waitFor("claimed by b", async () => (await jobRow(job._id))?.stage === "writing");
    await workers.get(b.ctx)!.stop({ abandon: true });
    const c = await startInstance();
    await waitFor("claimed by c", async () => {
      const r = await jobRow(job._id);
      return r?.runs === 2 && r.stage === "writing";
    });
    await workers.get(c.ctx)!.stop({ abandon: true });
    const d = await startInstance();
    const e = await startInstance();
    try {
      const failed = await waitFor(
        "refunded job",
        async () => {
          const r = await jobRow(job._id);
          return r?.status === "failed" ? r : undefined;
        },
        60_000,
        async () => {
          const { status, stage, runs, lockedBy, leaseUntil } = (await jobRow(job._id)) ?? {};
          const heldBy = [b, c, d, e].filter((x) => workers.get(x.ctx)!.isRunningHere(job._id));
          return { status, stage, runs, lockedBy, leaseUntil, heldBy: heldBy.map((x) => workers.get(x.ctx)!.id) };
        },
      );
      expect(failed).toMatchObject({ errorCode: "INTERRUPTED", charged: false, refunded: true });
      // Two instances were looking, and a late second refund attempt changes nothing.
      expect(
        await endAndRefund(d.ctx, job._id, "failed", { from: ["queued", "running"] }, { code: "X", message: "x" }),
      ).toBeUndefined();
      // Only d and e could still hold the job: once both have let it go, nothing can refund it again.
      await waitFor("d and e to let the job go", async () =>
        [d, e].every((x) => !workers.get(x.ctx)!.isRunningHere(job._id)),
      );
      expect(await ledger(`refund:${job._id}`)).toHaveLength(1);
      expect(await balance(m)).toBe(3);
      const res = await m.get(`/api/generations/${job._id}`);
      expect(res.body.data).toMatchObject({ status: "failed", refunded: true, canRetry: true });
    } finally {
      for (const x of [b, c, d, e]) await x.app.close();
    }
  });
});

describe("history: names, rename, search, filter, sort, paging, duplicate, delete, export", () => {
  let m: TestClient;
  const ids: string[] = [];
  beforeAll(async () => {
    // The first instance's worker was stopped above: a fresh one serves these tests.
    workers.get(server.ctx)!.start();
    m = await server.member();
    await server.ctx.credits.apply({
      userId: (await m.get("/api/me")).body.user._id,
      delta: 10,
      reason: "admin_adjustment",
      sourceKey: `test:history:${randomBytes(4).toString("hex")}`,
    });
    for (const emailType of ["Newsletter Email Templates", "Welcome Email Templates", "Event Email Templates"]) {
      const job = (await start(m, { emailType })).body.data.jobs[0];
      expect(await finished(m, job._id)).toMatchObject({ status: "succeeded" });
      ids.push(job._id);
    }
  }, 120_000);

  it("lists with names from the heading, searches, filters, sorts and pages", async () => {
    let res = await m.get("/api/templates");
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((t: { name: string }) => t.name)).toEqual([
      "Event Email",
      "Welcome Email",
      "Newsletter Email",
    ]);
    expect(res.body.data[0]).toMatchObject({ score: null, childIds: [], hasMjml: false });
    res = await m.get("/api/templates?q=welc");
    expect(res.body.data.map((t: { _id: string }) => t._id)).toEqual([ids[1]]);
    res = await m.get(`/api/templates?type=${encodeURIComponent("Event Email Templates")}`);
    expect(res.body.data.map((t: { _id: string }) => t._id)).toEqual([ids[2]]);
    res = await m.get("/api/templates?sort=name");
    expect(res.body.data.map((t: { name: string }) => t.name)).toEqual([
      "Event Email",
      "Newsletter Email",
      "Welcome Email",
    ]);
    res = await m.get("/api/templates?sort=oldest&pageSize=2&page=2");
    expect(res.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(res.body.data.map((t: { _id: string }) => t._id)).toEqual([ids[2]]);
    expect((await m.get("/api/templates?sort=loudest")).status).toBe(400);
    expect((await m.get("/api/templates?q=%25")).body.total).toBe(0);
    // Another member sees none of them.
    const other = await server.member();
    expect((await other.get("/api/templates?q=Email")).body.total).toBe(0);
  });

  it("renames (owner only) and finds the new name", async () => {
    const other = await server.member();
    expect((await other.patch(`/api/templates/${ids[0]}`, { name: "Mine now" })).status).toBe(404);
    expect((await m.patch(`/api/templates/${ids[0]}`, { name: "   " })).status).toBe(400);
    const res = await m.patch(`/api/templates/${ids[0]}`, { name: "  March digest  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: GENERATION_JOB_MESSAGES.renamed, data: { name: "March digest" } });
    const found = await m.get("/api/templates?q=march");
    expect(found.body.data.map((t: { _id: string }) => t._id)).toEqual([ids[0]]);
  });

  it("a refinement is a new version in the chain; duplicate copies; delete removes (owner only)", async () => {
    const ref = await m.post(`/api/templates/${ids[1]}/refinements`, { instructions: "make the header blue" });
    expect(ref.status).toBe(202);
    const child = await finished(m, ref.body.data.jobs[0]._id);
    const parent = (await m.get(`/api/templates/${ids[1]}`)).body.data;
    expect(parent.childIds).toEqual([child.templateId]);
    const v2 = (await m.get(`/api/templates/${child.templateId}`)).body.data;
    expect(v2).toMatchObject({ parentId: ids[1], version: 2 });
    expect(v2.versions.map((v: { _id: string; version: number }) => [v._id, v.version])).toEqual([
      [ids[1], 1],
      [child.templateId, 2],
    ]);

    const dup = await m.post(`/api/templates/${ids[2]}/duplicate`);
    expect(dup.status).toBe(201);
    expect(dup.body.data).toMatchObject({ name: "Copy of Event Email", parentId: null, version: 1 });
    expect(dup.body.data._id).not.toBe(ids[2]);
    expect(dup.body.data.html).toBe((await m.get(`/api/templates/${ids[2]}`)).body.data.html);
    const other = await server.member();
    expect((await other.post(`/api/templates/${ids[2]}/duplicate`)).status).toBe(404);
    expect((await other.delete(`/api/templates/${dup.body.data._id}`)).status).toBe(404);
    expect((await m.delete(`/api/templates/${dup.body.data._id}`)).status).toBe(200);
    expect((await m.get(`/api/templates/${dup.body.data._id}`)).status).toBe(404);
  });

  it("exports HTML, text and a zip of index.html + images with relative paths; MJML only when there is one", async () => {
    const job = (await start(m, { images: [await design()] })).body.data.jobs[0];
    const t = (await m.get(`/api/templates/${(await finished(m, job._id)).templateId}`)).body.data;
    // The only scored template of this member (the others had no design) sorts first by score.
    expect(typeof t.score).toBe("number");
    const byScore = (await m.get("/api/templates?sort=score")).body.data;
    expect(byScore[0]._id).toBe(t._id);
    expect(byScore.slice(1).every((x: { score: number | null }) => x.score === null)).toBe(true);
    const get = (format: string) =>
      fetch(`${server.url}/api/templates/${t._id}/export?format=${format}`, {
        headers: { cookie: [...m.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
    let res = await get("html");
    expect(res.headers.get("content-disposition")).toContain("email_template.html");
    expect(await res.text()).toBe(t.html);
    res = await get("text");
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe(t.text);
    res = await get("mjml");
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(GENERATION_JOB_MESSAGES.exportUnavailable);
    expect((await get("pdf")).status).toBe(400);
    res = await get("zip");
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    // The platform folders are platform-export.test.ts's subject; here the HTML with its images.
    const own = Object.keys(files).filter((f) => !/^(mailchimp|klaviyo|sendgrid|hubspot|brevo|html)\//.test(f));
    expect(own.sort()).toEqual(["images/image-1.png", "images/image-2.jpg", "index.html", "index.txt"]);
    const index = new TextDecoder().decode(files["index.html"]);
    expect(index).toContain('src="images/image-1.png"');
    expect(index).toContain('src="images/image-2.jpg"');
    expect(index).not.toContain(server.url);
    expect((await sharp(Buffer.from(files["images/image-1.png"]!)).metadata()).width).toBe(104);
    const other = await server.member();
    expect((await other.get(`/api/templates/${t._id}/export?format=zip`)).status).toBe(404);
  });
});

it("no template or job of one member shows in another's lists", async () => {
  const a = await server.member();
  const b = await server.member();
  const job = (await start(a)).body.data.jobs[0];
  await finished(a, job._id);
  expect((await b.get("/api/generations")).body.data).toHaveLength(0);
  expect((await b.get("/api/templates")).body.total).toBe(0);
  const rows = await server.ctx.db
    .select()
    .from(generations)
    .where(and(eq(generations.id, job._id), eq(generations.status, "succeeded")));
  expect(rows).toHaveLength(1);
});
