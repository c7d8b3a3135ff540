import { ZAdminStatsSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminStats } from "./repo.js";

export async function adminStatsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/admin/stats",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Dashboard counts and the last 30 days of revenue, paid orders and credits spent",
        response: { 200: ZAdminStatsSchema },
      },
    },
    async () => adminStats(ctx.db),
  );
}
