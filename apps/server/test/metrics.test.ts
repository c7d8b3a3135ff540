import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { type RunningStandIn, startPaypalStandIn } from "../stand-ins/paypal.js";
import { addPackage, newOrder } from "./commerce-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Issue 39 item 5 (decision 107): GET /metrics in Prometheus text, only for the bearer of METRICS_TOKEN, with the
 * counters an operator alerts on moving as the server works (replayed reads, generations, model calls, renders,
 * PayPal calls, the pool on PostgreSQL, Redis, the event loop).
 */

// A generation renders in Chromium: generous limits for a busy machine (no timing asserts).
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const TOKEN = "metrics-token-0123456789abcdef";
const GOOD_KEY = "standin-metrics-good-key-0123456789";
let server: TestServer;
let gemini: GeminiStandIn;
let paypal: RunningStandIn;
let admin: TestClient;

beforeAll(async () => {
  gemini = await startGeminiStandIn();
  paypal = await startPaypalStandIn({ webhookId: "WHMETRICS0001" });
  server = await startTestServer({
    env: {
      METRICS_TOKEN: TOKEN,
      GEMINI_BASE_URL: gemini.url,
      GEMINI_TIMEOUT_MS: "20000",
      GENERATION_POLL_MS: "150",
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_WEBHOOK_ID: "WHMETRICS0001",
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_KEY_PREFIX: `metrics-test-${randomUUID().slice(0, 8)}:`,
    },
  });
  admin = await server.admin();
  const res = await admin.post("/api/gemini-keys", { name: "Good", key: GOOD_KEY, isActive: true });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await gemini?.close();
  await paypal?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample (name and exactly these labels, in any order), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ? m[2].match(/\w+="(?:[^"\\]|\\.)*"/g)! : []).sort();
    if (have.length === want.length && have.every((h, i) => h === want[i])) return Number(m[3]);
  }
  return 0;
}

/** The sum of a metric's samples whose labels include these. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => (m[2] ?? "").includes(`${k}="${v}"`))) sum += Number(m[3]);
  }
  return sum;
}

describe("who may read /metrics", () => {
  it("answers 401 without the token or with a wrong one, and the metrics with it, never cached", async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain("mailsmith_");
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization } });
      expect(wrong.status, authorization).toBe(401);
    }
    const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const text = await ok.text();
    expect(text).toContain("# TYPE mailsmith_http_request_duration_seconds histogram");
    // Event-loop delay from the default metrics, in this app's own registry.
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("is not served at all when METRICS_TOKEN is unset (404)", async () => {
    const other = await startTestServer();
    try {
      const res = await fetch(`${other.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("mailsmith_");
    } finally {
      await other.close();
    }
  });
});

describe("requests", () => {
  it("counts requests by route pattern and status, replayed public reads included", async () => {
    const labels = { method: "GET", route: "/api/packages", status: "200" };
    const before = sample(await scrape(), "mailsmith_http_request_duration_seconds_count", labels);
    for (let i = 0; i < 4; i++) expect((await fetch(`${server.url}/api/packages`)).status).toBe(200);
    // The later reads were answered by the replay, before Fastify: they count all the same.
    expect(server.recordedUrls()).toContain("/api/packages");
    const text = await scrape();
    expect(sample(text, "mailsmith_http_request_duration_seconds_count", labels)).toBe(before + 4);
    expect(sample(text, "mailsmith_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(before + 4);
    expect(sample(text, "mailsmith_http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);

    // A route with a parameter is counted under its pattern, never the raw URL.
    const member = await server.member();
    const id = randomUUID();
    expect((await member.get(`/api/generations/${id}`)).status).toBe(404);
    const after = await scrape();
    expect(
      sample(after, "mailsmith_http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/generations/:id",
        status: "404",
      }),
    ).toBe(1);
    expect(after).not.toContain(id);
  });
});

describe("generations", () => {
  it("counts a generation, its model call and its render, and shows the job states", async () => {
    const before = await scrape();
    const member = await server.member();
    const design = await sharp({ create: { width: 400, height: 600, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append("instructions", "Spring launch");
    fd.append("images", new Blob([new Uint8Array(design)], { type: "image/png" }), "design.png");
    const res = await member.request("POST", "/api/generations", fd);
    expect(res.status).toBe(202);
    const jobId = res.body.data.jobs[0]._id;
    for (;;) {
      const job = (await member.get(`/api/generations/${jobId}`)).body.data;
      if (["succeeded", "failed", "cancelled"].includes(job.status)) {
        expect(job.status).toBe("succeeded");
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const text = await scrape();
    const succeeded = { outcome: "succeeded" };
    expect(sample(text, "mailsmith_generation_duration_seconds_count", succeeded)).toBe(
      sample(before, "mailsmith_generation_duration_seconds_count", succeeded) + 1,
    );
    const okCalls = (t: string) =>
      total(t, "mailsmith_model_call_duration_seconds_count", { provider: "gemini", outcome: "ok" });
    expect(okCalls(text)).toBeGreaterThan(okCalls(before));
    expect(text).toMatch(
      /mailsmith_model_call_duration_seconds_count\{provider="gemini",model="gemini-[^"]+",outcome="ok"\}/,
    );
    // Rendered in Chromium (desktop, phone, dark): every render counted with its outcome.
    const renders = (t: string) => total(t, "mailsmith_render_duration_seconds_count");
    expect(renders(text)).toBeGreaterThan(renders(before));
    expect(sample(text, "mailsmith_render_duration_seconds_count", { outcome: "failed" })).toBe(0);
    // Read at scrape time: nothing waits or runs now.
    expect(sample(text, "mailsmith_generation_jobs", { state: "queued" })).toBe(0);
    expect(text).toMatch(/^mailsmith_generation_jobs\{state="running"\} 0$/m);
    expect(text).toMatch(/^mailsmith_renderer_queue 0$/m);
  });
});

describe("PayPal, database, Redis", () => {
  it("counts PayPal calls by operation and outcome", async () => {
    const pkg = await addPackage(admin, { price: "29", credit: "80", validity: 90 });
    const member = await server.member();
    const order = await newOrder(member, pkg._id);
    const created = await member.post("/api/paypal/create-order", { kind: "package", id: order._id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // An order PayPal does not know: it answers 404 to the look-up.
    const unknown = await member.post("/api/paypal/capture-order", {
      kind: "package",
      id: order._id,
      paypalOrderId: "5O190127TN364715T",
    });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    const text = await scrape();
    const count = (operation: string, outcome: string) =>
      sample(text, "mailsmith_paypal_call_duration_seconds_count", { operation, outcome });
    expect(count("POST /v2/checkout/orders", "ok")).toBe(1);
    expect(count("GET /v2/checkout/orders/:id", "client_error")).toBe(1);
    // PayPal's ids are not labels (one series per order would grow without bound).
    expect(text).not.toContain(created.body.id);
  });

  it("reports Redis answering, and the PostgreSQL pool when on PostgreSQL", async () => {
    const text = await scrape();
    expect(text).toMatch(/^mailsmith_redis_up 1$/m);
    expect(sample(text, "mailsmith_redis_ping_seconds")).toBeGreaterThan(0);
    if (server.ctx.database.kind === "postgres") {
      expect(sample(text, "mailsmith_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
      expect(text).toMatch(/^mailsmith_db_pool_connections\{state="waiting"\} \d+$/m);
    } else {
      expect(text).not.toContain("mailsmith_db_pool_connections{");
    }
  });
});

describe("the Grafana dashboard (deploy/grafana)", () => {
  it("is valid JSON and every metric its panels query is one the server exports", async () => {
    const file = path.resolve(import.meta.dirname, "../../../deploy/grafana/mailsmith-dashboard.json");
    const dashboard = JSON.parse(readFileSync(file, "utf8"));
    const exprs: string[] = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) =>
      (p.targets ?? []).map((t) => t.expr),
    );
    expect(exprs.length).toBeGreaterThan(10);
    const text = await scrape();
    const families = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]));
    const used = new Set(exprs.flatMap((e) => e.match(/\b(mailsmith|nodejs|process)_\w+/g) ?? []));
    for (const name of used) {
      const family = name.replace(/_(bucket|sum|count)$/, "");
      expect(families.has(name) || families.has(family), name).toBe(true);
    }
  });
});
