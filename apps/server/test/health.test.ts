import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it("answers many health polls from one database ping, with an ETag a poller can revalidate", async () => {
  const database = server.ctx.database;
  const ping = database.ping.bind(database);
  let pings = 0;
  database.ping = async () => {
    pings += 1;
    await ping();
  };
  try {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => server.client().get("/api/health")));
    const seconds = Math.ceil((Date.now() - started) / 1000);
    expect(answers.every((a) => a.status === 200 && a.body.status === "ok")).toBe(true);
    // The contract: at most one ping per second of polling, however many polls (50 here), on any machine.
    expect(pings).toBeLessThanOrEqual(seconds + 1);
    expect(pings).toBeLessThan(50);
    const etag = answers[0]!.headers.get("etag")!;
    const again = await server
      .client()
      .request("GET", "/api/health", undefined, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  } finally {
    database.ping = ping;
  }
});

it("reports the database down (503) once a ping fails, and recovers by itself", async () => {
  const database = server.ctx.database;
  const ping = database.ping.bind(database);
  database.ping = async () => {
    throw new Error("connection refused");
  };
  try {
    let res = await server.client().get("/api/health");
    for (let i = 0; i < 100 && res.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await server.client().get("/api/health");
    }
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "error", message: "Database unreachable" });
  } finally {
    database.ping = ping;
  }
  let res = await server.client().get("/api/health");
  for (let i = 0; i < 100 && res.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100));
    res = await server.client().get("/api/health");
  }
  expect(res.status).toBe(200);
});

it("reports file storage that cannot be written (503), as a volume the server's user cannot write", async () => {
  const broken = await startTestServer();
  try {
    // The uploads folder replaced by a file: every write fails (root ignores permission bits, so a mode would not do).
    const uploads = path.join(broken.ctx.env.dataDir, "uploads");
    rmSync(uploads, { recursive: true, force: true });
    mkdirSync(path.dirname(uploads), { recursive: true });
    writeFileSync(uploads, "not a folder");
    const res = await broken.client().get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "error", storage: "unwritable" });
    expect(res.body.message).toMatch(/storage cannot be written/);
    rmSync(uploads, { force: true });
  } finally {
    await broken.close();
  }
});
