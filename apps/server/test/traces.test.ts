import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { ADMIN, freePort, TestClient } from "./harness.js";

/**
 * Issue 39 item 5 (decision 107): with OTEL_EXPORTER_OTLP_ENDPOINT set, the server (started as in production, a child
 * process of tsx main.ts) sends OTLP/HTTP JSON traces in which a generation is traced from the request that started
 * it to the model call and the render. The collector is a loopback HTTP server keeping what is posted to /v1/traces.
 */

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string } }[];
}

const root = path.resolve(import.meta.dirname, "../../..");
const spans: OtlpSpan[] = [];
const services = new Set<string>();
let collector: Server;
let gemini: GeminiStandIn;
let child: ChildProcess;
let dataDir: string;
let url: string;
let output = "";

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/v1/traces" && req.method === "POST") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        for (const rs of body.resourceSpans ?? []) {
          for (const a of rs.resource?.attributes ?? [])
            if (a.key === "service.name") services.add(a.value.stringValue);
          for (const ss of rs.scopeSpans ?? []) spans.push(...ss.spans);
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const collectorPort = (collector.address() as { port: number }).port;
  gemini = await startGeminiStandIn();
  dataDir = mkdtempSync(path.join(tmpdir(), "mailsmith-traces-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      BETTER_AUTH_URL: url,
      BETTER_AUTH_SECRET: "traces-secret-traces-secret-traces-0123",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      GEMINI_BASE_URL: gemini.url,
      // Only the request wakes the worker (no poll racing it), so the job runs in the request's trace.
      GENERATION_POLL_MS: "60000",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_BSP_SCHEDULE_DELAY: "100",
    },
  });
  child.stdout?.on("data", (c) => {
    output += String(c);
  });
  child.stderr?.on("data", (c) => {
    output += String(c);
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    await new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  }
  await gemini?.close();
  await new Promise((resolve) => collector?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const attr = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

async function until<T>(what: string, fn: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; spans: ${spans.map((s) => s.name)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it("traces a generation from the request to the model call and the render", async () => {
  const admin = new TestClient(url);
  expect((await admin.post("/api/auth/sign-in/email", ADMIN)).status).toBe(200);
  const me = (await admin.get("/api/me")).body.user;
  expect((await admin.put(`/api/users/${me.id ?? me._id}`, { currentBalance: "5" })).status).toBe(200);
  const key = { name: "Good", key: "standin-traces-good-key-0123456789", isActive: true };
  expect((await admin.post("/api/gemini-keys", key)).status).toBe(201);

  const design = await sharp({ create: { width: 400, height: 600, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append("instructions", "Spring launch");
  fd.append("images", new Blob([new Uint8Array(design)], { type: "image/png" }), "design.png");
  const started = await admin.request("POST", "/api/generations", fd);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const jobId: string = started.body.data.jobs[0]._id;

  const generation = await until("the generation span", () =>
    spans.find((s) => s.name === "generation" && attr(s, "generation.job_id") === jobId),
  );
  const request = await until("the request span", () => spans.find((s) => s.spanId === generation.parentSpanId));
  // The request's server span (the http instrumentation) is the generation's parent: one trace.
  expect(request.kind).toBe(2);
  expect(JSON.stringify(request.attributes)).toContain("/api/generations");
  const model = await until("the model call span", () =>
    spans.find((s) => s.name === "model call" && s.parentSpanId === generation.spanId),
  );
  expect(model.traceId).toBe(generation.traceId);
  expect(attr(model, "gen_ai.system")).toBe("gemini");
  expect(attr(model, "gen_ai.request.model")).toMatch(/^gemini-/);
  const render = await until("the render span", () =>
    spans.find((s) => s.name === "render" && s.parentSpanId === generation.spanId),
  );
  expect(render.traceId).toBe(request.traceId);
  expect(services).toContain("mailsmith");
  // Health polls are not traced.
  expect(spans.some((s) => JSON.stringify(s.attributes).includes("/api/health"))).toBe(false);
});
