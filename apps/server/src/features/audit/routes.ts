import { ZAuditLogPageSchema, ZAuditLogQuerySchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listAuditLog } from "../../core/audit.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `to` as a bare date includes that whole day (UTC); with a time it is the exclusive upper bound. */
function upperBound(to: string | undefined): Date | undefined {
  if (!to) return undefined;
  const t = new Date(to);
  return BARE_DATE.test(to) ? new Date(t.getTime() + DAY_MS) : t;
}

/**
 * The admin audit log, read only: there is deliberately no route that edits or deletes an entry,
 * and the table's trigger refuses UPDATE and DELETE below the API.
 */
export async function auditRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/admin/audit-log",
    {
      config: { access: "admin" },
      schema: {
        tags: ["audit"],
        summary: "Admin changes, newest first: filter by admin (id or address), action (or `prefix.`), from/to; paged",
        querystring: ZAuditLogQuerySchema,
        response: { 200: ZAuditLogPageSchema },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listAuditLog(ctx.db, {
        actor: q.actor,
        action: q.action,
        from: q.from ? new Date(q.from) : undefined,
        to: upperBound(q.to),
        page: q.page,
        pageSize: q.pageSize,
      });
      return {
        data: rows.map((r) => ({
          _id: r.id,
          createdAt: r.createdAt.toISOString(),
          actorId: r.actorId,
          actorEmail: r.actorEmail,
          ip: r.ip,
          userAgent: r.userAgent,
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          before: r.before ?? null,
          after: r.after ?? null,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  );
}
