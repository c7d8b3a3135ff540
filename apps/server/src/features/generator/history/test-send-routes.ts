import { GENERATOR_LIMITS, GENERATOR_MESSAGES } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../../plugins/access.js";
import { byUser, idParams, okResponse } from "../route-parts.js";
import { templatesService } from "../templates-service.js";

/** A test send of a saved template to the caller's own address, with the spec's own limit and message. */
export async function testSendRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.post(
    "/api/templates/:id/send-test",
    {
      config: {
        access: "owner",
        rateLimit: {
          max: GENERATOR_LIMITS.testSendMax,
          timeWindow: GENERATOR_LIMITS.testSendWindow,
          keyGenerator: byUser,
          errorResponseBuilder: (_req, context) => ({
            statusCode: context.statusCode,
            code: "TOO_MANY_REQUESTS",
            message: GENERATOR_MESSAGES.testRateLimited,
          }),
        },
      },
      schema: {
        tags: ["generator"],
        summary: "Email the template to the caller's own address (rate-limited)",
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      const message = await templatesService.sendTest(ctx, currentUser(req), req.params.id);
      return { success: true as const, message };
    },
  );
}
