import { ZTemplateAutofixSchema, ZTemplateFullResponseSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../../plugins/access.js";
import { idParams } from "../route-parts.js";
import { applyTemplateAutofix } from "./autofix-service.js";

/**
 * POST /api/templates/:id/autofix — the report's one-click fixes on a saved template, each a new version (decision
 * 126). A sub-plugin of the generator routes (generator/routes.ts).
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
          "Apply a one-click fix the report offers (use-https, accessibility, dark-mode, alt-text with the member's alt texts): a new version, free, re-checked and rendered",
        params: idParams,
        body: ZTemplateAutofixSchema,
        response: { 201: ZTemplateFullResponseSchema },
      },
    },
    async (req, reply) => {
      const data = await applyTemplateAutofix(ctx, currentUser(req), req.params.id, req.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );
}
