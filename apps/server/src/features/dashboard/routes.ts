import { ZAdminStatsSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getAdminStats } from "./service.js";

/** The admin dashboard's figures (the web feature of the same name draws them). */
export async function dashboardRoutes(appBase: FastifyInstance) {
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
    async () => getAdminStats(ctx),
  );
}
