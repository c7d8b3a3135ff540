import { PERIODIC_JOB_TITLES, type TPeriodicJobStatus } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Issue 46 item 3: every periodic job runs through the one scheduler (lib/scheduler.ts), declared once in
 * composition/periodic-jobs.ts, and an administrator sees each one's last run, next run and last error in System status
 * and an operator in /metrics.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const TOKEN = "periodic-jobs-metrics-token-0123456789";
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { RENDERER: "off", METRICS_TOKEN: TOKEN } });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

async function jobs(): Promise<Map<string, TPeriodicJobStatus>> {
  const res = await admin.get("/api/admin/system-status");
  expect(res.status).toBe(200);
  return new Map((res.body.jobs as TPeriodicJobStatus[]).map((j) => [j.name, j]));
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("periodic jobs", () => {
  it("System status lists every periodic job with its interval and next run, each with a title", async () => {
    const listed = await jobs();
    expect([...listed.keys()]).toEqual([
      "generation-worker",
      "data-export",
      "template-purge",
      "storage-sweep",
      "model-discovery",
      "stale-generation-refunds",
    ]);
    for (const job of listed.values()) {
      expect(PERIODIC_JOB_TITLES[job.name], `a title for ${job.name}`).toBeTruthy();
      expect(job.everyMs).toBeGreaterThan(0);
    }
    // Not started at once: its next run is one interval away.
    const purge = listed.get("template-purge")!;
    expect(purge.everyMs).toBe(60_000);
    expect(Date.parse(purge.nextRunAt!)).toBeGreaterThan(Date.now());
    // Started with the app: the stale refunds ran once already (nothing to refund), without an error.
    const refunds = await until("the start-up refund run", async () => {
      const j = (await jobs()).get("stale-generation-refunds")!;
      return j.runs > 0 && j;
    });
    expect(refunds).toMatchObject({ failures: 0, lastError: null });
  });

  it("a member's data export is built by the scheduler's run, which System status and /metrics then show", async () => {
    const member = await server.member();
    const started = await member.post("/api/me/export");
    expect(started.status).toBe(202);
    await until(
      "the export is ready",
      async () => (await member.get("/api/me/export")).body.export?.status === "ready",
    );
    const exportJob = await until("the run to be recorded", async () => {
      const j = (await jobs()).get("data-export")!;
      return j.runs > 0 && !j.running && j;
    });
    expect(exportJob.lastError).toBeNull();
    expect(Date.parse(exportJob.lastRunAt!)).toBeLessThanOrEqual(Date.now());
    expect(exportJob.lastDurationMs).toBeGreaterThanOrEqual(0);
    const metrics = await scrape();
    expect(metrics).toMatch(/mailsmith_periodic_job_duration_seconds_count\{job="data-export",outcome="ok"\} [1-9]/);
    expect(metrics).toMatch(/mailsmith_periodic_job_last_run_timestamp_seconds\{job="data-export"\} \d/);
  });

  it("a run that fails shows its error in System status and counts as failed in /metrics", async () => {
    server.ctx.scheduler.add({
      name: "test-failing-job",
      everyMs: 3_600_000,
      run: async () => {
        throw new Error("the outside service did not answer\n    at a stack line");
      },
    });
    await server.ctx.scheduler.kick("test-failing-job");
    const failing = (await jobs()).get("test-failing-job")!;
    expect(failing).toMatchObject({ runs: 1, failures: 1, lastError: "the outside service did not answer" });
    expect(failing.lastErrorAt).not.toBeNull();
    expect(Date.parse(failing.nextRunAt!)).toBeGreaterThan(Date.now());
    const metrics = await scrape();
    expect(metrics).toMatch(
      /mailsmith_periodic_job_duration_seconds_count\{job="test-failing-job",outcome="failed"\} 1/,
    );
    expect(metrics).toMatch(/mailsmith_periodic_job_last_failure_timestamp_seconds\{job="test-failing-job"\} \d/);
  });
});
