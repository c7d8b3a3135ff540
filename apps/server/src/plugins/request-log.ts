import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { redactUrl } from "../lib/redact.js";

/**
 * Health polls and static files are not logged (a proxy polls health every few seconds; assets are many).
 * `routeUrl` is the route's pattern, `url` the request's; replayed answers (decision 091) follow the same rule.
 */
export function isQuiet(routeUrl: string | undefined, url: string, status: number): boolean {
  if (status >= 500) return false;
  if (routeUrl === "/api/health") return true;
  // The SPA route serves built files (hashed assets, icons, index.html for client routes).
  return routeUrl === "/*" && !url.startsWith("/api");
}

/**
 * One log line per request, when the answer is sent (instead of Fastify's "incoming request" + "request completed"):
 * method, URL (reset and verification tokens redacted), client address, status and time.
 * The fields are flat strings and numbers, not Fastify's nested `req`/`res` objects: pino writes primitives directly but
 * runs every object through its safe stringifier, which was a third of the line's cost.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
      return;
    }
    if (isQuiet(req.routeOptions.url, req.url, reply.statusCode)) return;
    logRequestCompleted(reply.log, undefined, req.method, req.url, req.ip, reply.statusCode, reply.elapsedTime);
  }
}

/**
 * The line itself. `reqId` is given only where the logger is not the request's own child (which binds it already):
 * a replayed answer logs through the app's logger, and its line must read the same.
 */
export function logRequestCompleted(
  log: FastifyBaseLogger,
  reqId: string | undefined,
  method: string,
  url: string,
  remoteAddress: string | undefined,
  statusCode: number,
  elapsedMs: number,
): void {
  const line = {
    reqId,
    method,
    url: redactUrl(url),
    remoteAddress,
    statusCode,
    responseTime: Math.round(elapsedMs * 10) / 10,
  };
  // pino leaves out undefined fields: on a request's own child logger the line gets reqId from the binding.
  log.info(line, "request completed");
}
