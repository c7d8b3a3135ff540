import type { FastifyInstance, FastifyRequest } from "fastify";

/** Health polls and static files are not logged (a proxy polls health every few seconds; assets are many). */
function quiet(req: FastifyRequest, status: number): boolean {
  if (status >= 500) return false;
  const url = req.routeOptions.url;
  if (url === "/api/health") return true;
  // The SPA route serves built files (hashed assets, icons, index.html for client routes).
  return url === "/*" && !req.url.startsWith("/api");
}

/**
 * One log line per request, when the answer is sent (Fastify's own request logging is off): method, path, status
 * and time, with the request id. Reset and verification tokens in URLs are redacted by the `req` serializer.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", (req, reply, done) => {
    if (quiet(req, reply.statusCode)) return done();
    req.log.info({ req, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, "request completed");
    done();
  });
}
