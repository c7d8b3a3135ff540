import fastifyMultipart from "@fastify/multipart";
import {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_MESSAGES,
  UPLOAD_MESSAGES,
  ZImageUploadResponseSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.js";
import { currentUser } from "../../plugins/access.js";
import { readUploadedFile, storeUploadedImage } from "./service.js";

export async function uploadRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  // Scoped to this plugin unless another feature already registered multipart higher up.
  if (!appBase.hasContentTypeParser("multipart/form-data")) {
    await appBase.register(fastifyMultipart, {
      limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 10, parts: 12 },
    });
  }

  app.post(
    "/api/image-server/upload",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["uploads"],
        summary: "Upload a profile photo (multipart field image; JPEG, PNG, GIF or WebP, at most 2 MB)",
        consumes: ["multipart/form-data"],
        response: { 201: ZImageUploadResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError("NO_FILE", PROFILE_MESSAGES.imageMissing, 400);
      let data: Buffer | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: MAX_PROFILE_IMAGE_BYTES } })) {
          if (part.type === "file") {
            const buf = await part.toBuffer();
            if (part.fieldname === "image" && !data) data = buf;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE")
          throw new AppError("FILE_TOO_LARGE", PROFILE_MESSAGES.imageTooLarge, 413);
        if (err instanceof AppError) throw err;
        // Anything else thrown while reading parts is the client's malformed multipart body (bad boundary, cut short).
        throw new AppError("BAD_UPLOAD", PROFILE_MESSAGES.imageUploadFailed, 400);
      }
      if (!data) throw new AppError("NO_FILE", PROFILE_MESSAGES.imageMissing, 400);
      const file = await storeUploadedImage(ctx.storage, { data, folder: "profile", ownerId: currentUser(req).id });
      return reply.status(201).send({ success: true as const, message: PROFILE_MESSAGES.imageUploaded, file });
    },
  );

  // Local storage: the server serves what it stored (an S3 bucket serves its own public files). Designs are private:
  // served (from either) only at an expiring signed address.
  app.get(
    "/uploads/:folder/:name",
    {
      config: { access: "public" },
      schema: {
        hide: true,
        params: z.object({ folder: z.string().max(40), name: z.string().max(80) }),
        querystring: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (req, reply) => {
      const file = await readUploadedFile(ctx, { ...req.params, ...req.query });
      if (!file) {
        return reply.status(404).send({ success: false, code: "NOT_FOUND", message: UPLOAD_MESSAGES.fileNotFound });
      }
      return reply
        .header("content-type", file.contentType)
        .header("cache-control", file.cacheControl)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(file.body);
    },
  );
}
