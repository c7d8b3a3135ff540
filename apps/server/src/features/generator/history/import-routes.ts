import { EMAIL_CHECK_LIMITS, ZImportTemplateSchema, ZTemplateResponseSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../../plugins/access.js";
import { toTemplateDto } from "../repo.js";
import { perMemberLimit } from "../route-parts.js";
import { templatesService } from "../templates-service.js";

/**
 * POST /api/templates/import (Check my email → "Fix with AI"): saves an existing email as the caller's template,
 * version 1, free; the web then refines it through POST /api/templates/:id/refine, where the credit is taken.
 * A sub-plugin of the generator routes (generator/routes.ts).
 */
export async function templateImportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  app.post(
    "/api/templates/import",
    {
      // JSON escapes can double the size of 500 KB of HTML; the exact limit is checked on the HTML itself (413).
      bodyLimit: EMAIL_CHECK_LIMITS.maxHtmlBytes * 4,
      config: { access: "user", rateLimit: perMemberLimit },
      schema: {
        tags: ["generator"],
        summary:
          "Save an existing HTML email (≤ 500 KB) as the caller's template: version 1, free; refine it afterwards for 1 credit",
        body: ZImportTemplateSchema,
        response: { 201: ZTemplateResponseSchema },
      },
    },
    async (req, reply) => {
      const row = await templatesService.importExisting(ctx, currentUser(req), req.body);
      return reply.status(201).send({ success: true as const, data: toTemplateDto(row) });
    },
  );
}
