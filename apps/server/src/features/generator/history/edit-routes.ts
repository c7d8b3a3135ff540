import {
  ZEditPictureResponseSchema,
  ZTemplateEditRequestSchema,
  ZTemplateFullResponseSchema,
  ZTemplatePartsResponseSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../../plugins/access.js";
import { readSingleImage } from "../multipart-input.js";
import { idParams, perMemberLimit } from "../route-parts.js";
import { templateEditService } from "./edit-service.js";

/**
 * Edit in place (decision 126): GET /api/templates/:id/parts (the editable parts), POST /api/templates/:id/pictures
 * (a picture for the editor), POST /api/templates/:id/edits (a list of edits → a new version, free). A sub-plugin of
 * the generator routes (generator/routes.ts).
 */
export async function templateEditRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/templates/:id/parts",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "The editable parts of a template (texts, links, buttons, pictures, sections) with stable ids",
        params: idParams,
        response: { 200: ZTemplatePartsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await templateEditService.parts(ctx, currentUser(req), req.params.id),
    }),
  );

  app.post(
    "/api/templates/:id/pictures",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
      schema: {
        tags: ["generator"],
        summary:
          "Store a picture (multipart field image; PNG/JPEG/WebP/GIF ≤ 4 MB) to put into the template by an edit",
        params: idParams,
        consumes: ["multipart/form-data"],
        response: { 201: ZEditPictureResponseSchema },
      },
    },
    async (req, reply) => {
      const image = await readSingleImage(req);
      const data = await templateEditService.uploadPicture(ctx, currentUser(req), req.params.id, image);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.post(
    "/api/templates/:id/edits",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
      schema: {
        tags: ["generator"],
        summary:
          "Apply edits (text, link, button, picture, sections) to a template: checked, processed, rendered and saved as a new version, free",
        params: idParams,
        body: ZTemplateEditRequestSchema,
        response: { 201: ZTemplateFullResponseSchema },
      },
    },
    async (req, reply) => {
      const data = await templateEditService.save(ctx, currentUser(req), req.params.id, req.body.edits);
      return reply.status(201).send({ success: true as const, data });
    },
  );
}
