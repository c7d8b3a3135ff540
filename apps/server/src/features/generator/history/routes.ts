import {
  GENERATION_JOB_MESSAGES,
  GENERATOR_MESSAGES,
  TEMPLATE_UNDO,
  ZRenameTemplateSchema,
  ZTemplateFullResponseSchema,
  ZTemplateListQuerySchema,
  ZTemplatePageResponseSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../../core/audit.js";
import { currentUser } from "../../../plugins/access.js";
import { readSingleImage } from "../multipart-input.js";
import { idParams, okResponse, perMemberLimit, slotParams } from "../route-parts.js";
import { templatesService } from "../templates-service.js";
import { historyService } from "./service.js";

/** The member's saved templates (/user/templates): list, read with versions, rename, copy, swap an image, delete. */
export async function historyRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/templates",
    {
      config: { access: "user" },
      schema: {
        tags: ["generator"],
        summary:
          "The caller's saved templates: search by name (q), filter by type, sort (newest, oldest, name, score), page",
        querystring: ZTemplateListQuerySchema,
        response: { 200: ZTemplatePageResponseSchema },
      },
    },
    async (req) => {
      const page = await historyService.list(ctx, currentUser(req).id, req.query);
      return { success: true as const, ...page };
    },
  );

  app.get(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "One saved template: HTML, plain text, report, images, score and its version chain",
        params: idParams,
        response: { 200: ZTemplateFullResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await historyService.read(ctx, currentUser(req), req.params.id) }),
  );

  app.patch(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Rename a template",
        params: idParams,
        body: ZRenameTemplateSchema,
        response: { 200: ZTemplateFullResponseSchema },
      },
    },
    async (req) => {
      const data = await historyService.rename(ctx, currentUser(req), req.params.id, req.body.name);
      return { success: true as const, message: GENERATION_JOB_MESSAGES.renamed, data };
    },
  );

  app.post(
    "/api/templates/:id/duplicate",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Copy a template (free; a new history item named Copy of …)",
        params: idParams,
        response: { 201: ZTemplateFullResponseSchema },
      },
    },
    async (req, reply) => {
      const data = await historyService.duplicate(ctx, currentUser(req), req.params.id);
      return reply.status(201).send({ success: true as const, message: GENERATION_JOB_MESSAGES.duplicated, data });
    },
  );

  app.post(
    "/api/templates/:id/images/:slot",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
      schema: {
        tags: ["generator"],
        summary: "Swap image slot N of a template for an upload (multipart field image; PNG/JPEG/WebP/GIF ≤ 4 MB)",
        params: slotParams,
        consumes: ["multipart/form-data"],
        response: { 200: ZTemplateFullResponseSchema },
      },
    },
    async (req) => {
      const image = await readSingleImage(req);
      const data = await historyService.replaceImage(ctx, currentUser(req), req.params.id, req.params.slot, image);
      return { success: true as const, message: GENERATION_JOB_MESSAGES.imageReplaced, data };
    },
  );

  app.delete(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Delete a saved template (undoable for 10 minutes: POST /api/templates/:id/restore)",
        params: idParams,
        response: { 200: okResponse.extend({ undoUntil: z.string() }) },
      },
    },
    async (req) => {
      const { undoUntil } = await templatesService.remove(ctx, currentUser(req), req.params.id, {
        actor: adminActor(req),
      });
      return { success: true as const, message: GENERATOR_MESSAGES.deleted, undoUntil: undoUntil.toISOString() };
    },
  );

  app.post(
    "/api/templates/:id/restore",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Undo the deletion of a template (within 10 minutes): it and its pictures are back (decision 104)",
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await templatesService.restore(ctx, currentUser(req), req.params.id, { actor: adminActor(req) });
      return { success: true as const, message: TEMPLATE_UNDO.restored };
    },
  );
}
