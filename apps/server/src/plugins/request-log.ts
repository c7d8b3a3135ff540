import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

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
 * the request (reset and verification tokens in URLs redacted by the `req` serializer), status and time.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
      return;
    }
    if (quiet(req, reply.statusCode)) return;
    reply.log.info({ req, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, "request completed");
  }
}
