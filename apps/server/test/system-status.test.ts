import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { TSystemCheck } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
