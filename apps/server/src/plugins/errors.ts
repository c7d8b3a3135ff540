import { SECURITY_MESSAGES, SERVER_ERROR_MESSAGE } from "@mailsmith/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error.js";
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../lib/db-unavailable.js";

/** busboy's messages for a multipart body it cannot parse. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (form|file)|Malformed part header|Multipart: Boundary not found|Part terminated early)/;

/** One error shape for every API answer; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ success: false, code: error.code, message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".");
      const message = first ? `${field ? `${field}: ` : ""}${first.message}` : "Invalid request";
      return reply.status(400).send({ success: false, code: "VALIDATION_ERROR", message });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ success: false, code: "INTERNAL", message: SERVER_ERROR_MESSAGE });
    }
    if (MALFORMED_MULTIPART.test(error.message ?? "")) {
      // A route that reads multipart parts without its own mapping: the body is the client's, not our failure.
      return reply.status(400).send({ success: false, code: "BAD_UPLOAD", message: SECURITY_MESSAGES.malformedUpload });
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was changed; the pool reconnects by itself on the next request once the database is back.
      req.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DB_RETRY_AFTER_SECONDS))
        .send({ success: false, code: "SERVICE_UNAVAILABLE", message: SECURITY_MESSAGES.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, code: error.code ?? "BAD_REQUEST", message: error.message });
    }
    req.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ success: false, code: "INTERNAL", message: SERVER_ERROR_MESSAGE });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ success: false, code: "NOT_FOUND", message: `No route for ${req.method} ${req.url.split("?")[0]}` });
  });
}
