import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ifNoneMatchHas } from "../../lib/etag.js";
import { replayWhile } from "../../lib/replayable.js";
import { whenReady } from "../../lib/when-ready.js";
import { healthProbe } from "./service.js";

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
          "Liveness, database (a ping at most a second old; ETag) and file storage (written at most once a minute) check; renderer: idle (no browser yet), ready or unavailable",
        response: {
          200: z.object({
            status: z.literal("ok"),
            database: z.string(),
            renderer: z.enum(["idle", "ready", "unavailable"]),
          }),
          304: z.null().describe("Not modified (If-None-Match matched the ETag)"),
          503: z.object({
            status: z.literal("error"),
            database: z.string(),
            storage: z.literal("unwritable").optional(),
            message: z.string(),
          }),
        },
      },
    },
    (req, reply) =>
      whenReady(health.current(), (answer) => {
        reply.code(answer.status).header("cache-control", "no-cache").header("etag", answer.etag);
        if (answer.status === 200 && ifNoneMatchHas(req.headers["if-none-match"], answer.etag)) {
          reply.code(304).send(null);
          return;
        }
        replayWhile(reply, health.stillCurrent(answer));
        // Already JSON text (serialised once per ping): sent as is.
        reply.type("application/json; charset=utf-8").send(answer.body as never);
      }),
  );
}
