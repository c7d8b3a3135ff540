import { Writable } from "node:stream";
import Fastify from "fastify";
import pino from "pino";
import { expect, it } from "vitest";
import { RequestLogController } from "./request-log.js";

it("writes one line per request, none for health or static files, and always one for a server error", async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level: "info" }, stream), logController: new RequestLogController() });
  app.get("/api/health", async () => ({ status: "ok" }));
  app.get("/api/things", async () => ({ ok: true }));
  app.get("/*", async () => "file");
  app.get("/api/auth/reset-password/:token", async () => ({ ok: true }));
  app.get("/api/broken", async () => {
    throw new Error("boom");
  });
  await app.inject("/api/things");
  await app.inject("/api/health");
  await app.inject("/assets/index-abc.js");
  await app.inject("/api/auth/reset-password/secret-token?callbackURL=%2F");
  await app.inject("/api/broken");
  await app.close();
  const completed = lines.filter((l) => l.msg === "request completed");
  expect(completed.map((l) => l.url)).toEqual([
    "/api/things",
    "/api/auth/reset-password/[redacted]?callbackURL=%2F",
    "/api/broken",
  ]);
  expect(lines.filter((l) => l.msg === "incoming request")).toEqual([]);
  expect(completed[0]).toMatchObject({ method: "GET", statusCode: 200, remoteAddress: "127.0.0.1" });
  expect(typeof completed[0]!.responseTime).toBe("number");
  // A server error is always logged: its line has the status, and the error itself is on a line of its own.
  expect(completed[2]).toMatchObject({ statusCode: 500 });
  expect(lines.some((l) => l.level === 50 && (l.err as { message?: string })?.message === "boom")).toBe(true);
  expect(JSON.stringify(lines)).not.toContain("secret-token");
});
