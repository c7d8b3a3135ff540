import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { redactUrl } from "../lib/redact.js";

/** Health polls and static files are not logged (a proxy polls health every few seconds; assets are many). */
function quiet(req: FastifyRequest, status: number): boolean {
  if (status >= 500) return false;
  const url = req.routeOptions.url;
  if (url === "/api/health") return true;
  // The SPA route serves built files (hashed assets, icons, index.html for client routes).
  return url === "/*" && !req.url.startsWith("/api");
}

/**
 * One log line per request, when the answer is sent (instead of Fastify's "incoming request" + "request completed"):
 * method, URL (reset and verification tokens redacted), client address, status and time.
 * The fields are flat strings and numbers, not Fastify's nested `req`/`res` objects: pino writes primitives directly but
 * runs every object through its safe stringifier, which was a third of the line's cost (decision 089).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
      return;
    }
    if (quiet(req, reply.statusCode)) return;
    reply.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request completed",
    );
  }
}
