import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error.js";

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
      return reply.status(500).send({ success: false, code: "INTERNAL", message: "Internal server error" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, code: error.code ?? "BAD_REQUEST", message: error.message });
    }
    req.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ success: false, code: "INTERNAL", message: "Internal server error" });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ success: false, code: "NOT_FOUND", message: `No route for ${req.method} ${req.url.split("?")[0]}` });
  });
}
