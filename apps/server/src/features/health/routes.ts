import { createHash } from "node:crypto";
import { HEALTH_MESSAGES } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.js";

/** Health pings the database at most once a second however often it is polled (a proxy, a load test). */
const HEALTH_PING_INTERVAL_MS = 1000;

interface HealthAnswer {
  status: 200 | 503;
  body: string;
  etag: string;
}

function healthProbe(ctx: AppContext) {
  let last: { at: number; answer: HealthAnswer } | null = null;
  let pending: Promise<HealthAnswer> | null = null;
  async function ping(): Promise<HealthAnswer> {
    const database = ctx.database.kind;
    try {
      await ctx.database.ping();
      const body = JSON.stringify({ status: "ok", database, renderer: ctx.renderer.status() });
      return { status: 200, body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
    } catch (err) {
      ctx.log.error({ err }, "health check: database unreachable");
      const body = JSON.stringify({ status: "error", database, message: HEALTH_MESSAGES.databaseUnreachable });
      return { status: 503, body, etag: '"down"' };
    }
  }
  return {
    async current(): Promise<HealthAnswer> {
      if (last && Date.now() - last.at < HEALTH_PING_INTERVAL_MS) return last.answer;
      pending ??= ping().finally(() => {
        pending = null;
      });
      const answer = await pending;
      if (!last || last.answer !== answer) last = { at: Date.now(), answer };
      return answer;
    },
  };
}

/** GET /api/health for load balancers and monitors: the database (pinged at most once a second) and the renderer. */
export async function healthRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  const health = healthProbe(ctx);

  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary:
          "Liveness and database check (a ping at most a second old; ETag); renderer: idle (no browser yet), ready or unavailable",
        response: {
          200: z.object({
            status: z.literal("ok"),
            database: z.string(),
            renderer: z.enum(["idle", "ready", "unavailable"]),
          }),
          304: z.null().describe("Not modified (If-None-Match matched the ETag)"),
          503: z.object({ status: z.literal("error"), database: z.string(), message: z.string() }),
        },
      },
    },
    async (req, reply) => {
      const answer = await health.current();
      reply.code(answer.status).header("cache-control", "no-cache").header("etag", answer.etag);
      if (answer.status === 200 && req.headers["if-none-match"] === answer.etag) return reply.code(304).send(null);
      // Already JSON text (serialised once per ping): sent as is.
      return reply.type("application/json; charset=utf-8").send(answer.body as never);
    },
  );
}
