import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { outbox } from "../../db/schema/index.js";

export async function systemRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Liveness and database check; renderer: idle (no browser yet), ready or unavailable",
        response: {
          200: z.object({
            status: z.literal("ok"),
            database: z.string(),
            renderer: z.enum(["idle", "ready", "unavailable"]),
          }),
          503: z.object({ status: z.literal("error"), database: z.string(), message: z.string() }),
        },
      },
    },
    async (req, reply) => {
      try {
        await ctx.database.ping();
        return { status: "ok" as const, database: ctx.database.kind, renderer: ctx.renderer.status() };
      } catch (err) {
        req.log.error({ err }, "health check: database unreachable");
        return reply
          .status(503)
          .send({ status: "error" as const, database: ctx.database.kind, message: "Database unreachable" });
      }
    },
  );

  app.get(
    "/api/admin/outbox",
    {
      config: { access: "admin" },
      schema: {
        tags: ["system"],
        summary: "Mail kept locally when no SMTP_URL is configured (newest first)",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: {
          200: z.object({
            mode: z.enum(["smtp", "outbox"]),
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
    async (req) => {
      const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(req.query.limit);
      return {
        mode: ctx.mail.kind,
        data: rows.map((r) => ({
          _id: r.id,
          toEmail: r.toEmail,
          subject: r.subject,
          html: r.html,
          text: r.text,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
