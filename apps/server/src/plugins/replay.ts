import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory } from "fastify";
import { negotiateEncoding } from "../lib/content-encoding.js";
import { ifNoneMatchHas } from "../lib/etag.js";
import type { RequestCell, RequestHistogram } from "../lib/metrics.js";
import type { StillCurrent } from "../lib/replayable.js";
import { requestIdFor } from "../lib/request-id.js";
import { isQuiet, logRequestCompleted } from "./request-log.js";

declare module "fastify" {
  interface FastifyInstance {
    replays: ReplayCache;
  }
}

/** One recorded answer: its headers as Node writes them (a flat name, value list; slot 1 takes the request id). */
interface Recording {
  ok: string[];
  notModified: string[];
  body: Buffer;
  etag: string | undefined;
  stillCurrent: StillCurrent;
  logged: boolean;
  /** The request histogram's cells for this URL's 200 and 304, bound once. */
  counted: { ok: RequestCell; notModified: RequestCell } | undefined;
}

/** Headers an answer must not have to be replayed: it was meant for one client. */
const PERSONAL = ["set-cookie", "www-authenticate"];

/** What an answer may vary on and still be replayed: cookie (only cookie-less requests are), the negotiated encoding. */
const REPLAYABLE_VARY = new Set(["cookie", "accept-encoding"]);

/**
 * The recording's key for an answer that varies on Accept-Encoding: the URL and the encoding the route picks;
 * a request that accepts none ("none", never recorded) goes to the route for its 406.
 */
const negotiatedKey = (url: string, acceptEncoding: string | undefined) =>
  `${url} ${negotiateEncoding(acceptEncoding) ?? "none"}`;

/**
 * A request that could get a recorded answer: a visitor's (no cookie, no credentials: a member's or an admin's read
 * may differ) with no body.
 */
function isVisitorRead(headers: IncomingHttpHeaders): boolean {
  return (
    headers.cookie === undefined &&
    headers.authorization === undefined &&
    headers["content-length"] === undefined &&
    headers["transfer-encoding"] === undefined
  );
}

const trustAll = () => true;

interface ServerOptionsFromFastify {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * Answers repeated public reads without running the route. A route marks its answer with
 * `replayWhile(reply, stillCurrent)`; once sent to a visitor it is recorded, headers and body as sent, and the next
 * visitors' GETs of the same URL get it straight from the HTTP server's request listener, with their own request id,
 * a 304 when their If-None-Match names its ETag, and the same log line — until `stillCurrent()` turns false (an
 * admin's change on any instance, the cache's expiry), when the route answers again and is recorded again.
 *
 * An answer that varies on Accept-Encoding (the landing page, compressed by its route) is recorded once per encoding
 * the route picked, and replayed to requests for which `negotiateEncoding` picks the same one — the route's own rule
 * (q-values included); each encoding's recording has its own ETag, the one its route sent.
 *
 * Only URLs that are a route's exact pattern (no parameters, no query) are recorded: the set is bounded by the routes.
 * Everything else — a member's or an admin's request, a HEAD, a query string, any other route — goes to Fastify.
 */
export class ReplayCache {
  /** By URL, or by URL and encoding (`negotiatedKey`) for the URLs in `negotiated`. */
  private readonly recordings = new Map<string, Recording>();
  private readonly negotiated = new Set<string>();
  private closing = false;

  constructor(
    private readonly opts: { log: FastifyBaseLogger | undefined; trustProxy: boolean; http?: RequestHistogram },
  ) {}

  /** Fastify's `serverFactory`: the server Fastify would create, whose listener asks the recordings first. */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    // Fastify hands its resolved options (defaults filled in) and sets these itself only on a server it creates.
    const options = fastifyOptions as unknown as ServerOptionsFromFastify;
    const server: Server = createServer(options.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** The recording hook (last of the onSend hooks, so the headers are final) and the stop at shutdown. */
  register(app: FastifyInstance): void {
    app.decorateReply("replayWhile", null);
    app.decorate<ReplayCache>("replays", this);
    app.addHook("onSend", (req, reply, payload, done) => {
      const stillCurrent = reply.replayWhile;
      if (
        stillCurrent !== null &&
        reply.statusCode === 200 &&
        (typeof payload === "string" || Buffer.isBuffer(payload)) &&
        req.method === "GET" &&
        req.url === req.routeOptions.url &&
        req.routeOptions.config.access === "public" &&
        isVisitorRead(req.headers)
      ) {
        this.record(req.url, req.headers, reply.getHeaders(), payload, stillCurrent);
      }
      done(null, payload);
    });
    // From here on Fastify answers every request (with its 503 while closing).
    app.addHook("preClose", (done) => {
      this.closing = true;
      this.recordings.clear();
      this.negotiated.clear();
      done();
    });
  }

  /** How many answers are recorded (for tests). */
  get size(): number {
    return this.recordings.size;
  }

  /** The URLs answered from recordings now, with the encoding for a negotiated one, as in "/ br" (for tests). */
  recordedUrls(): string[] {
    return [...this.recordings.keys()].sort();
  }

  private record(
    url: string,
    requestHeaders: IncomingHttpHeaders,
    headers: Record<string, unknown>,
    body: string | Buffer,
    stillCurrent: StillCurrent,
  ) {
    if (PERSONAL.some((name) => headers[name] !== undefined)) return;
    const varies =
      headers.vary === undefined
        ? []
        : String(headers.vary)
            .toLowerCase()
            .split(/\s*,\s*/);
    if (!varies.every((name) => REPLAYABLE_VARY.has(name))) return;
    const encoding = headers["content-encoding"];
    let key = url;
    if (varies.includes("accept-encoding")) {
      // Recorded only when the route chose what the replay will choose for the same Accept-Encoding.
      const expected = negotiateEncoding(requestHeaders["accept-encoding"]);
      if (expected === null || (encoding ?? "identity") !== expected) return;
      key = negotiatedKey(url, requestHeaders["accept-encoding"]);
    } else if (encoding !== undefined) {
      return;
    }
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    const ok = ["x-request-id", ""];
    const notModified = ["x-request-id", ""];
    for (const [name, value] of Object.entries(headers)) {
      if (name === "x-request-id" || name === "content-length" || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        ok.push(name, String(one));
        // A 304 carries the answer's headers but no body, so neither its type, its encoding nor its length (as the
        // routes send it).
        if (name !== "content-type" && name !== "content-encoding") notModified.push(name, String(one));
      }
    }
    ok.push("content-length", String(bytes.length));
    const etag = typeof headers.etag === "string" ? headers.etag : undefined;
    const logged = !isQuiet(url, url, 200);
    // Counted under the route's pattern, which is the URL itself (only exact patterns are recorded).
    const http = this.opts.http;
    const counted = http && { ok: http.cell("GET", url, 200), notModified: http.cell("GET", url, 304) };
    this.recordings.set(key, { ok, notModified, body: bytes, etag, stillCurrent, logged, counted });
    if (key !== url) this.negotiated.add(url);
  }

  /** Sends the recorded answer when there is a current one for this request; false leaves the request to Fastify. */
  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" || this.closing) return false;
    const url = req.url ?? "";
    const key = this.negotiated.has(url) ? negotiatedKey(url, req.headers["accept-encoding"]) : url;
    const recording = this.recordings.get(key);
    if (recording === undefined || !isVisitorRead(req.headers)) return false;
    if (!recording.stillCurrent()) {
      this.recordings.delete(key);
      return false;
    }
    const started = performance.now();
    const id = requestIdFor(req.headers);
    const notModified = recording.etag !== undefined && ifNoneMatchHas(req.headers["if-none-match"], recording.etag);
    const status = notModified ? 304 : 200;
    // writeHead takes the list as it is now (single-threaded: the slot is not shared with another request meanwhile).
    const headers = notModified ? recording.notModified : recording.ok;
    headers[1] = id;
    res.writeHead(status, headers);
    res.end(notModified ? undefined : recording.body);
    recording.counted?.[notModified ? "notModified" : "ok"].observe(performance.now() - started);
    if (recording.logged && this.opts.log) {
      const address = this.opts.trustProxy ? proxyAddr.all(req, trustAll).at(-1) : req.socket.remoteAddress;
      logRequestCompleted(this.opts.log, id, "GET", url, address, status, performance.now() - started);
    }
    return true;
  }
}
