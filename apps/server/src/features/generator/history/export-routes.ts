import { EXPORT_PLATFORMS, ZExportQuerySchema, ZPlatformExportQuerySchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../plugins/access.js";
import { idParams } from "../route-parts.js";
import { historyService } from "./service.js";

const platformParams = z.object({ id: z.string().uuid(), platform: z.enum(EXPORT_PLATFORMS) });

/** Downloads of a saved template: HTML, plain text, MJML or a zip with its images. */
export async function exportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/templates/:id/export",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Download as HTML, plain text, MJML (when there is one) or a zip of index.html + images/",
        params: idParams,
        querystring: ZExportQuerySchema,
      },
    },
    async (req, reply) => {
      const file = await historyService.exportFile(ctx, currentUser(req), req.params.id, req.query.format);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(file.body);
    },
  );

  app.get(
    "/api/templates/:id/export/:platform",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary:
          "The caller's template for a sending platform: its personalisation tags, an unsubscribe link and address added when missing (the brand kit's address where the platform takes text), Mailchimp mc:edit regions with editable=1 (decisions 114, 118); notes in X-Export-Notes (URI-encoded JSON). Another member's template is a 404, as an unknown id",
        params: platformParams,
        querystring: ZPlatformExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { html, notes, fileName } = await historyService.exportPlatform(
        ctx,
        currentUser(req),
        req.params.id,
        req.params.platform,
        { editable: req.query.editable },
      );
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("x-export-notes", encodeURIComponent(JSON.stringify(notes)))
        .header("cache-control", "private, no-store")
        .send(html);
    },
  );
}
