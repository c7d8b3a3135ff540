import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { outboxService } from "./service.js";

/** Administrators read the mail the server kept locally (admin outbox page). */
export async function outboxRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/admin/outbox",
    {
      config: { access: "admin" },
      schema: {
        tags: ["outbox"],
        summary: "Mail kept locally when no SMTP_URL is configured (newest first)",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: {
          200: z.object({
            mode: z.enum(["smtp", "outbox"]),
            /** With SMTP: the server (host:port) and sender mail goes out through; no credentials. */
            smtp: z.object({ server: z.string(), from: z.string() }).optional(),
            data: z.array(
              z.object({
                _id: z.string(),
                toEmail: z.string(),
                subject: z.string(),
                html: z.string(),
                text: z.string(),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    (req) => outboxService.latest(ctx, req.query.limit),
  );
}
