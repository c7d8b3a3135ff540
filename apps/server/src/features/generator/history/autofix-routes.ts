import { EMAIL_AUTOFIXES, ZTemplateResponseSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../plugins/access.js";
import { toTemplateDto } from "../repo.js";
import { idParams } from "../route-parts.js";
import { applyTemplateAutofix } from "./autofix-service.js";

/**
 * POST /api/templates/:id/autofix — the report's one-click fixes ("Use https") on a saved template. A sub-plugin of
 * the generator routes (generator/routes.ts).
 */
export async function templateAutofixRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  app.post(
    "/api/templates/:id/autofix",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary:
          "Apply a one-click fix the report offers (use-https) to a saved template; answers with the re-checked template",
        params: idParams,
        body: z.object({ fix: z.enum(EMAIL_AUTOFIXES) }),
        response: { 200: ZTemplateResponseSchema },
      },
    },
    async (req) => {
      const row = await applyTemplateAutofix(ctx, currentUser(req), req.params.id, req.body.fix);
      return { success: true as const, data: toTemplateDto(row) };
    },
  );
}
