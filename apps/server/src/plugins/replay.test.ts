import { Writable } from "node:stream";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterEach, expect, it } from "vitest";
import { encodedEtag, negotiateEncoding } from "../lib/content-encoding.js";
import { ifNoneMatchHas } from "../lib/etag.js";
import { replayWhile } from "../lib/replayable.js";
import { ReplayCache } from "./replay.js";
import { RequestLogController } from "./request-log.js";

/** A server like ours in miniature: routes count how often they run, so a replayed answer shows as no run. */
async function start(trustProxy = false) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const log: FastifyBaseLogger = pino({ level: "info" }, stream);
  const replays = new ReplayCache({ log, trustProxy });
  const app = Fastify({
    trustProxy,
    loggerInstance: log,
    serverFactory: replays.serverFactory,
    logController: new RequestLogController(),
  });
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    done();
  });
  replays.register(app);
  const runs: Record<string, number> = {};
  let current = true;
  let body = '{"title":"first"}';
  const route = (url: string, send: (reply: import("fastify").FastifyReply) => void, access = "public") =>
    app.get(url, { config: { access } as never }, (_req, reply) => {
      runs[url] = (runs[url] ?? 0) + 1;
      send(reply);
    });
  const json = (reply: import("fastify").FastifyReply) =>
    reply.header("etag", '"v1"').header("cache-control", "no-cache").type("application/json; charset=utf-8");
  route("/api/section", (reply) => {
    replayWhile(reply, () => current);
    if (reply.request.headers["if-none-match"] === '"v1"') return reply.code(304).send();
    json(reply).send(body);
  });
  route("/api/with-cookie", (reply) => {
    replayWhile(reply, () => true);
    json(reply).header("set-cookie", "a=1").send(body);
  });
  route("/api/not-marked", (reply) => json(reply).send(body));
  // Like the landing page: compressed by the route for the encoding the request accepts, as a Buffer, with an ETag
  // per encoding; a request refusing every encoding gets a 406.
  route("/page", (reply) => {
    replayWhile(reply, () => current);
    reply.header("vary", "accept-encoding, cookie");
    const encoding = negotiateEncoding(reply.request.headers["accept-encoding"]);
    if (encoding === null) return reply.code(406).send();
    const etag = encodedEtag('"p1"', encoding);
    reply.header("etag", etag);
    if (ifNoneMatchHas(reply.request.headers["if-none-match"], etag)) return reply.code(304).send();
    reply.type("text/html; charset=utf-8");
    const html = Buffer.from("<p>page</p>");
    if (encoding === "br") return reply.header("content-encoding", "br").send(brotliCompressSync(html));
    if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(gzipSync(html));
    reply.send(html);
  });
  // Varies on the encoding but does not compress as the rule says: never recorded.
  route("/page-uncompressed", (reply) => {
    replayWhile(reply, () => true);
    reply.header("vary", "accept-encoding").type("text/html; charset=utf-8").send(Buffer.from("<p>page</p>"));
  });
  route("/api/varies-on-language", (reply) => {
    replayWhile(reply, () => true);
    json(reply).header("vary", "accept-language").send(body);
  });
  route(
    "/api/members-only",
    (reply) => {
      replayWhile(reply, () => true);
      json(reply).send(body);
    },
    "user",
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    app,
    replays,
    runs,
    lines,
    get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
    setCurrent: (value: boolean) => {
      current = value;
    },
    setBody: (value: string) => {
      body = value;
    },
  };
}

let server: Awaited<ReturnType<typeof start>> | null = null;
afterEach(async () => {
  await server?.app.close();
  server = null;
});

it("answers a visitor's repeated read from the recording: same status, headers and body, own request id and log line", async () => {
  server = await start();
  const first = await server.get("/api/section");
  const firstBody = await first.text();
  const second = await server.get("/api/section", { "x-request-id": "proxy-id-7" });
  expect(await second.text()).toBe(firstBody);
  expect(server.runs["/api/section"]).toBe(1);
  const headersOf = (res: Response) =>
    [...res.headers.entries()].filter(([name]) => !["date", "x-request-id"].includes(name));
  expect(headersOf(second)).toEqual(headersOf(first));
  expect(second.headers.get("x-request-id")).toBe("proxy-id-7");
  expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));

  const completed = server.lines.filter((l) => l.msg === "request completed");
  expect(completed).toHaveLength(2);
  const shape = (l: Record<string, unknown>) => Object.keys(l).filter((k) => k !== "time");
  expect(shape(completed[1]!)).toEqual(shape(completed[0]!));
  expect(completed[1]).toMatchObject({ reqId: "proxy-id-7", method: "GET", url: "/api/section", statusCode: 200 });
  expect(completed[1]!.remoteAddress).toBe(completed[0]!.remoteAddress);
});

it("logs the client's address as Fastify does behind a trusted proxy (X-Forwarded-For)", async () => {
  server = await start(true);
  const forwarded = { "x-forwarded-for": "203.0.113.9, 198.51.100.4" };
  await server.get("/api/section", forwarded);
  await server.get("/api/section", forwarded);
  expect(server.runs["/api/section"]).toBe(1);
  const addresses = server.lines.filter((l) => l.msg === "request completed").map((l) => l.remoteAddress);
  expect(addresses).toEqual(["203.0.113.9", "203.0.113.9"]);
});

it("answers 304 from the recording when If-None-Match names its ETag, with the headers Fastify sends on a 304", async () => {
  server = await start();
  await server.get("/api/section");
  const direct = await server.get("/api/section", { "if-none-match": '"v1"', cookie: "x=1" });
  const replayed = await server.get("/api/section", { "if-none-match": 'W/"v0", "v1"' });
  expect(replayed.status).toBe(304);
  expect(direct.status).toBe(304);
  expect(await replayed.text()).toBe("");
  expect(replayed.headers.get("content-type")).toBeNull();
  expect(replayed.headers.get("etag")).toBe('"v1"');
  expect(replayed.headers.get("cache-control")).toBe("no-cache");
  // The request with a cookie went to the route; the 304 without one did not.
  expect(server.runs["/api/section"]).toBe(2);
});

it("asks the route again once the answer is no longer current, and records the new answer", async () => {
  server = await start();
  await server.get("/api/section");
  server.setBody('{"title":"second"}');
  expect(await (await server.get("/api/section")).text()).toBe('{"title":"first"}');
  server.setCurrent(false);
  expect(await (await server.get("/api/section")).text()).toBe('{"title":"second"}');
  server.setCurrent(true);
  expect(await (await server.get("/api/section")).text()).toBe('{"title":"second"}');
  // Two runs: the first read, and the one after the change; the last read got the new recording.
  expect(server.runs["/api/section"]).toBe(2);
});

it("never replays to a member, a HEAD, a query string, an answer setting a cookie, a non-public route or an unmarked one", async () => {
  server = await start();
  for (const path of ["/api/section", "/api/with-cookie", "/api/not-marked", "/api/members-only", "/api/section?x=1"]) {
    await server.get(path);
    await server.get(path);
  }
  await server.get("/api/section", { cookie: "session=abc" });
  await server.get("/api/section", { authorization: "Bearer abc" });
  expect(server.runs).toEqual({
    "/api/section": 1 + 2 /* query string twice */ + 2 /* cookie, authorization */,
    "/api/with-cookie": 2,
    "/api/not-marked": 2,
    "/api/members-only": 2,
  });
  expect(server.replays.size).toBe(1);
  const head = await fetch((await server.get("/api/section")).url, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(server.runs["/api/section"]).toBe(6);
});

it("replays a compressed page per encoding the route picked, and its 304 as the route sends it", async () => {
  server = await start();
  const br = { "accept-encoding": "gzip, deflate, br, zstd" };
  const gzip = { "accept-encoding": "gzip, deflate" };
  const identity = { "accept-encoding": "identity" };
  // Node's fetch decompresses: the bytes and headers are compared through what a browser would see.
  const seen = async (headers: Record<string, string>) => {
    const res = await server!.get("/page", headers);
    return { encoding: res.headers.get("content-encoding"), text: await res.text(), status: res.status };
  };
  const firsts = [await seen(br), await seen(gzip), await seen(identity)];
  expect(server.runs["/page"]).toBe(3);
  expect(server.replays.recordedUrls()).toEqual(["/page br", "/page gzip", "/page identity"]);
  const again = [
    await seen({ "accept-encoding": "br" }),
    await seen({ "accept-encoding": "x-gzip, gzip" }),
    await seen({ "accept-encoding": "deflate" }),
  ];
  expect(server.runs["/page"]).toBe(3);
  expect(again).toEqual(firsts);
  expect(again.map((r) => r.encoding)).toEqual(["br", "gzip", null]);
  expect(again.every((r) => r.text === "<p>page</p>")).toBe(true);

  const direct = await server.get("/page", { ...br, "if-none-match": '"p1-br"', cookie: "x=1" });
  const replayed = await server.get("/page", { ...br, "if-none-match": '"p1-br"' });
  expect(server.runs["/page"]).toBe(4);
  expect([direct.status, replayed.status]).toEqual([304, 304]);
  const headersOf = (res: Response) =>
    [...res.headers.entries()].filter(([name]) => !["date", "x-request-id"].includes(name));
  expect(headersOf(replayed)).toEqual(headersOf(direct));
  expect(replayed.headers.get("content-encoding")).toBeNull();

  // No longer current: each encoding's recording goes back to the route once.
  server.setCurrent(false);
  await seen(br);
  await seen(gzip);
  expect(server.runs["/page"]).toBe(6);
});

it("replays by the request's q-values: a refused encoding is never sent, and refusing them all reaches the route's 406", async () => {
  server = await start();
  const seen = async (acceptEncoding: string, extra: Record<string, string> = {}) => {
    const res = await server!.get("/page", { "accept-encoding": acceptEncoding, ...extra });
    return { status: res.status, encoding: res.headers.get("content-encoding"), etag: res.headers.get("etag") };
  };
  // One recording per encoding.
  await seen("br");
  await seen("gzip");
  await seen("identity");
  expect(server.runs["/page"]).toBe(3);
  expect(server.replays.recordedUrls()).toEqual(["/page br", "/page gzip", "/page identity"]);
  // Replayed (no run), each as the weights say.
  expect(await seen("br;q=0, gzip")).toEqual({ status: 200, encoding: "gzip", etag: '"p1-gz"' });
  expect(await seen("gzip;q=0")).toEqual({ status: 200, encoding: null, etag: '"p1"' });
  expect(await seen("gzip;q=1, br;q=0.5")).toEqual({ status: 200, encoding: "gzip", etag: '"p1-gz"' });
  expect(await seen("GZIP ; Q=0.2 ,  *;q=0.1")).toEqual({ status: 200, encoding: "gzip", etag: '"p1-gz"' });
  expect(await seen("*")).toEqual({ status: 200, encoding: "br", etag: '"p1-br"' });
  expect(server.runs["/page"]).toBe(3);
  // A 304 only for the tag of the encoding it would send: the brotli tag does not revalidate the gzip bytes.
  expect(await seen("gzip", { "if-none-match": '"p1-br"' })).toMatchObject({ status: 200, encoding: "gzip" });
  expect(await seen("gzip", { "if-none-match": '"p1-gz"' })).toMatchObject({ status: 304, etag: '"p1-gz"' });
  expect(server.runs["/page"]).toBe(3);
  // Nothing acceptable: the route answers (406), never a recording.
  expect((await seen("identity;q=0")).status).toBe(406);
  expect((await seen("*;q=0")).status).toBe(406);
  expect((await seen("br;q=0, gzip;q=0, identity;q=0")).status).toBe(406);
  expect(server.runs["/page"]).toBe(6);
  expect(server.replays.recordedUrls()).toEqual(["/page br", "/page gzip", "/page identity"]);
});

it("does not record an answer that varies on more than cookie and the encoding, or whose encoding differs from the rule", async () => {
  server = await start();
  for (const path of ["/page-uncompressed", "/api/varies-on-language"]) {
    await server.get(path, { "accept-encoding": "br" });
    await server.get(path, { "accept-encoding": "br" });
  }
  expect(server.runs).toEqual({ "/page-uncompressed": 2, "/api/varies-on-language": 2 });
  expect(server.replays.size).toBe(0);
});

it("stops replaying when the server closes", async () => {
  server = await start();
  await server.get("/api/section");
  expect(server.replays.size).toBe(1);
  await server.app.close();
  expect(server.replays.size).toBe(0);
  server = null;
});
