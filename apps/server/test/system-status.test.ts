import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { TSystemCheck } from "@mailsmith/shared";
import { COMMERCE_MESSAGES } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { type RunningStandIn, startPaypalStandIn } from "../stand-ins/paypal.js";
import { startTestServer, type TestServer } from "./harness.js";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp-catcher.js";

const servers: TestServer[] = [];
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await smtp?.close();
});

async function start(opts: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(opts);
  servers.push(server);
  return server;
}

async function statusOf(server: TestServer): Promise<Map<string, TSystemCheck>> {
  const admin = await server.admin();
  const res = await admin.get("/api/admin/system-status");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return new Map((res.body.checks as TSystemCheck[]).map((c) => [c.id, c]));
}

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("Admin → System status", () => {
  it("is for administrators only", async () => {
    const server = await start({ env: { RENDERER: "off" } });
    expect((await server.client().get("/api/admin/system-status")).status).toBe(401);
    const member = await server.member();
    expect((await member.get("/api/admin/system-status")).status).toBe(403);
  });

  it("checks each service for real and says what is not configured", async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    const server = await start({ smtpUrl: smtp.url, env: { RENDERER: "off", REDIS_URL: redisUrl } });
    const admin = await server.admin();
    const mailsBefore = smtp.messages.length;
    const res = await admin.get("/api/admin/system-status");
    const checks = new Map((res.body.checks as TSystemCheck[]).map((c) => [c.id, c]));
    expect(checks.get("database")).toMatchObject({ state: "ok" });
    expect(checks.get("database")?.summary).toMatch(/all \d+ migrations applied/);
    expect(checks.get("redis")).toMatchObject({ state: "ok" });
    expect(checks.get("redis")?.summary).toMatch(/^Redis \d/);
    expect(checks.get("mail")).toMatchObject({ state: "ok" });
    expect(checks.get("storage")).toMatchObject({ state: "ok" });
    expect(checks.get("renderer")).toMatchObject({ state: "off" });
    expect(checks.get("renderer")?.fix).toMatch(/RENDERER/);
    // Checking SMTP signs in without sending anything.
    expect(smtp.messages).toHaveLength(mailsBefore);
  });

  it("names what is wrong and how to fix it: an SMTP server that refuses, storage that cannot be written", async () => {
    const port = await closedPort();
    const server = await start({ smtpUrl: `smtp://127.0.0.1:${port}`, env: { RENDERER: "off" } });
    // The uploads folder replaced by a file: every write fails, as on a volume the server's user cannot write.
    const uploads = path.join(server.ctx.env.dataDir, "uploads");
    rmSync(uploads, { recursive: true, force: true });
    mkdirSync(path.dirname(uploads), { recursive: true });
    writeFileSync(uploads, "not a folder");

    const checks = await statusOf(server);
    expect(checks.get("mail")).toMatchObject({ state: "fail" });
    expect(checks.get("mail")?.summary).toMatch(/ECONNREFUSED|connect/i);
    expect(checks.get("mail")?.fix).toMatch(/SMTP_URL/);
    expect(checks.get("storage")).toMatchObject({ state: "fail" });
    expect(checks.get("storage")?.summary).toMatch(/Could not write/);
    expect(checks.get("storage")?.fix).toMatch(/writable/);
    expect(checks.get("redis")).toMatchObject({ state: "off" });
    rmSync(uploads, { force: true });
  });
});

describe("System status: PayPal", () => {
  const WEBHOOK_ID = "WHSTATUSPROBE01";
  let standIn: RunningStandIn;
  beforeAll(async () => {
    standIn = await startPaypalStandIn({ webhookId: WEBHOOK_ID });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  const saveCredentials = async (server: TestServer, mode: "sandbox" | "live" = "sandbox") =>
    (await server.admin()).put("/api/paypal-settings", {
      clientId: "status-probe-client",
      clientSecret: "status-probe-secret",
      mode,
      currency: "USD",
      enablePayPal: true,
      buttonStyles: { layout: "vertical", color: "gold", shape: "rect", label: "paypal" },
    });

  it("says payments run on the test stand-in while no credentials are saved", async () => {
    const server = await start({ env: { RENDERER: "off" } });
    const checks = await statusOf(server);
    expect(checks.get("paypal")).toMatchObject({ state: "off" });
    expect(checks.get("paypal")?.summary).toMatch(/test stand-in/);
  });

  it("gets a real token with the saved credentials and finds the webhook, its address and its events", async () => {
    const server = await start({
      env: { RENDERER: "off", PAYPAL_API_BASE: standIn.url, PAYPAL_WEBHOOK_ID: WEBHOOK_ID },
    });
    expect((await saveCredentials(server)).status).toBe(200);
    standIn.state.options.webhookUrl = "https://elsewhere.example.org/api/paypal/webhook";
    let checks = await statusOf(server);
    expect(checks.get("paypal-1")).toMatchObject({ name: "PayPal credentials", state: "ok" });
    // A webhook that sends its events to another site is named, with the address it should have.
    expect(checks.get("paypal-2")).toMatchObject({ name: "PayPal webhook", state: "warn" });
    expect(checks.get("paypal-2")?.fix).toContain(`${server.url}/api/paypal/webhook`);

    standIn.state.options.webhookUrl = `${server.url}/api/paypal/webhook`;
    checks = await statusOf(server);
    expect(checks.get("paypal-2")).toMatchObject({ state: "ok" });
  });

  it("names a webhook id PayPal does not know, and a missing one", async () => {
    const unknown = await start({
      env: { RENDERER: "off", PAYPAL_API_BASE: standIn.url, PAYPAL_WEBHOOK_ID: "WHNOSUCHHOOK000" },
    });
    await saveCredentials(unknown);
    const checks = await statusOf(unknown);
    expect(checks.get("paypal-2")).toMatchObject({ state: "fail" });
    expect(checks.get("paypal-2")?.summary).toMatch(/knows no webhook WHNOSUCHHOOK000/);

    const none = await start({ env: { RENDERER: "off", PAYPAL_API_BASE: standIn.url } });
    await saveCredentials(none, "live");
    const live = await statusOf(none);
    expect(live.get("paypal-2")).toMatchObject({ state: "fail" });
    expect(live.get("paypal-2")?.fix).toMatch(/PAYPAL_WEBHOOK_ID/);
  });

  it("names PayPal out of reach", async () => {
    const server = await start({
      env: {
        RENDERER: "off",
        PAYPAL_API_BASE: `http://127.0.0.1:${await closedPort()}`,
        PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      },
    });
    await saveCredentials(server);
    const checks = await statusOf(server);
    expect(checks.get("paypal")).toMatchObject({ name: "PayPal credentials", state: "fail" });
    expect(checks.get("paypal")?.summary).toMatch(/unreachable/i);
  });

  it("refuses live credentials without PAYPAL_WEBHOOK_ID in production", async () => {
    const server = await start({
      env: {
        RENDERER: "off",
        NODE_ENV: "production",
        MAIL_FROM: "Mailsmith <no-reply@mailsmith.dev>",
        PAYPAL_API_BASE: standIn.url,
      },
    });
    const refused = await saveCredentials(server, "live");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(COMMERCE_MESSAGES.liveNeedsWebhook);
    expect((await saveCredentials(server, "sandbox")).status).toBe(200);
  });
});

describe("System status: Gemini", () => {
  let gemini: GeminiStandIn;
  beforeAll(async () => {
    gemini = await startGeminiStandIn();
  });
  afterAll(async () => {
    await gemini?.close();
  });

  it("checks each key with Google for real and names the model generations use", async () => {
    const server = await start({ env: { RENDERER: "off", GEMINI_BASE_URL: gemini.url } });
    let checks = await statusOf(server);
    expect(checks.get("gemini")).toMatchObject({ state: "warn" });
    expect(checks.get("gemini")?.summary).toMatch(/No API keys available/);

    const admin = await server.admin();
    expect((await admin.post("/api/gemini-keys", { name: "Main", key: "standin-status-good-0001" })).status).toBe(201);
    expect((await admin.post("/api/gemini-keys", { name: "Old", key: "standin-status-later-0002" })).status).toBe(201);
    // Revoked at Google after it was added: only a real call finds out.
    gemini.revoke("standin-status-later-0002");
    checks = await statusOf(server);
    const lines = [...checks.values()].filter((c) => c.id.startsWith("gemini"));
    expect(lines.find((l) => l.name === "Gemini key Main")).toMatchObject({ state: "ok" });
    const old = lines.find((l) => l.name === "Gemini key Old");
    expect(old).toMatchObject({ state: "fail" });
    expect(old?.summary).toMatch(/API_KEY_INVALID/);
    expect(old?.summary).not.toContain("standin-status-later-0002");
    expect(lines.find((l) => l.name === "Gemini model")).toMatchObject({ state: "ok" });
    expect(lines.find((l) => l.name === "Gemini model")?.summary).toMatch(
      /Generations use gemini-\S+ \(chosen automatically\)/,
    );
  });
});
