import { SECURITY_MESSAGES } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import { DB_RETRY_AFTER_SECONDS } from "../lib/db-unavailable.js";

/**
 * Graceful shutdown (decision 112): from the moment the app starts closing, a request that still reaches it (one
 * following another on a kept-alive connection) is answered 503 with Retry-After and `Connection: close`, so a proxy
 * or client sends it to another instance; requests already in flight finish. Fastify's own drain answer has no
 * Retry-After, so app.ts turns it off (`return503OnClosing: false`) for this one. preClose hooks run before the server
 * stops listening, so no request can arrive unanswered in between.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onRequest", (_req, reply, done) => {
    if (!draining) return done();
    reply
      .status(503)
      .header("retry-after", String(DB_RETRY_AFTER_SECONDS))
      .header("connection", "close")
      .send({ success: false, code: "SERVICE_UNAVAILABLE", message: SECURITY_MESSAGES.databaseUnavailable });
  });
}
