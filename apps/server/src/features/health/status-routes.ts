import { SystemStatusResponse } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { StatusProbe } from "../../core/status-probes.js";
import type { PeriodicJobState } from "../../lib/scheduler.js";
import { systemStatus } from "./status-service.js";

/**
 * GET /api/admin/system-status: every outside service checked for real, one line each with what to do (decision 099).
 * The probes and the periodic jobs come from the composition root (the features' own probes included).
 */
export async function systemStatusRoutes(
  appBase: FastifyInstance,
  opts: { probes: () => StatusProbe[]; jobs: () => PeriodicJobState[] },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/admin/system-status",
    {
      config: { access: "admin" },
      schema: {
        tags: ["health"],
        summary:
          "Checks the database, Redis, SMTP, storage, the renderer, each Gemini key and model, and PayPal for real (each bounded in time); lists this instance's periodic jobs",
        response: { 200: SystemStatusResponse },
      },
    },
    async (_req, reply) => {
      reply.header("cache-control", "no-store");
      return systemStatus(opts.probes(), opts.jobs());
    },
  );
}
