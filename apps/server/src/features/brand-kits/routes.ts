import fastifyMultipart from "@fastify/multipart";
import {
  BRAND_KIT_MESSAGES,
  ZBrandKitInputSchema,
  ZBrandKitReplySchema,
  ZBrandKitSchema,
  ZBrandPaletteReplySchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest } from "../../lib/app-error.js";
import { readMultipart } from "../../lib/multipart.js";
import { currentUser } from "../../plugins/access.js";
import { toBrandKitDto } from "./repo.js";
import { brandKitsService } from "./service.js";

const idParams = z.object({ id: z.string().uuid() });
/** A design, a site screenshot or a logo: one picture of at most 4 MB. */
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const imageLimits = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 3 };

async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(BRAND_KIT_MESSAGES.imageMissing, "NO_FILE");
  const parts = await readMultipart(req, imageLimits, {
    fileTooLarge: () => new AppError("FILE_TOO_LARGE", BRAND_KIT_MESSAGES.imageUnreadable, 413),
    malformed: () => badRequest(BRAND_KIT_MESSAGES.imageMissing, "BAD_UPLOAD"),
  });
  const file = parts.find((p) => p.type === "file" && p.data.length > 0);
  if (file?.type !== "file") throw badRequest(BRAND_KIT_MESSAGES.imageMissing, "NO_FILE");
  return file.data;
}

/**
 * Brand kits: the member's own only. Every query is scoped by the caller, so
 * another member's kit answers 404 — as if it did not exist — administrators included.
 */
export async function brandKitRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  if (!appBase.hasContentTypeParser("multipart/form-data")) {
    await appBase.register(fastifyMultipart, { limits: imageLimits });
  }
  const tags = ["brand-kits"];

  app.get(
    "/api/brand-kits",
    {
      config: { access: "user" },
      schema: { tags, summary: "The caller's brand kits, oldest first", response: { 200: z.array(ZBrandKitSchema) } },
    },
    async (req) => (await brandKitsService.list(ctx, currentUser(req).id)).map(toBrandKitDto),
  );

  app.post(
    "/api/brand-kits",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Create a brand kit (name, logo, palette, font, footer, tone words)",
        body: ZBrandKitInputSchema,
        response: { 201: ZBrandKitReplySchema },
      },
    },
    async (req, reply) => {
      const row = await brandKitsService.create(ctx, currentUser(req).id, req.body);
      return reply
        .status(201)
        .send({ success: true as const, message: BRAND_KIT_MESSAGES.created, data: toBrandKitDto(row) });
    },
  );

  app.post(
    "/api/brand-kits/palette",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "The kit palette of an uploaded design or site screenshot (multipart field image); nothing is stored",
        consumes: ["multipart/form-data"],
        response: { 200: ZBrandPaletteReplySchema },
      },
    },
    async (req) => ({ palette: await brandKitsService.paletteOf(await readImage(req)) }),
  );

  app.post(
    "/api/brand-kits/logo",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Upload a logo (multipart field image): stored re-encoded without metadata; answers its address",
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ url: z.string() }) },
      },
    },
    async (req, reply) => {
      const url = await brandKitsService.storeLogo(ctx, currentUser(req).id, await readImage(req));
      return reply.status(201).send({ url });
    },
  );

  app.get(
    "/api/brand-kits/:id",
    {
      config: { access: "owner" },
      schema: { tags, summary: "One of the caller's brand kits", params: idParams, response: { 200: ZBrandKitSchema } },
    },
    async (req) => toBrandKitDto(await brandKitsService.get(ctx, currentUser(req).id, req.params.id)),
  );

  app.put(
    "/api/brand-kits/:id",
    {
      config: { access: "owner", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Replace a brand kit's content (its version grows by one)",
        params: idParams,
        body: ZBrandKitInputSchema,
        response: { 200: ZBrandKitReplySchema },
      },
    },
    async (req) => {
      const row = await brandKitsService.update(ctx, currentUser(req).id, req.params.id, req.body);
      return { success: true as const, message: BRAND_KIT_MESSAGES.updated, data: toBrandKitDto(row) };
    },
  );

  app.delete(
    "/api/brand-kits/:id",
    {
      config: { access: "owner" },
      schema: {
        tags,
        summary: "Delete a brand kit (templates generated with it keep their copy)",
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (req) => {
      await brandKitsService.remove(ctx, currentUser(req).id, req.params.id);
      return { success: true as const, message: BRAND_KIT_MESSAGES.deleted };
    },
  );
}
