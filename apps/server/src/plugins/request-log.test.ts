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
  app.get("/api/broken", async () => {
    throw new Error("boom");
  });
  await app.inject("/api/things");
  await app.inject("/api/health");
  await app.inject("/assets/index-abc.js");
  await app.inject("/api/broken");
  await app.close();
  const completed = lines.filter((l) => l.msg === "request completed" || l.msg === "request errored");
  expect(completed.map((l) => (l.req as { url: string }).url)).toEqual(["/api/things", "/api/broken"]);
  expect(lines.filter((l) => l.msg === "incoming request")).toEqual([]);
  expect(completed[0]).toMatchObject({ res: { statusCode: 200 } });
  expect(typeof completed[0]!.responseTime).toBe("number");
});
