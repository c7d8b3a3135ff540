import {
  BRAND_KIT_MESSAGES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  ZCreateGenerationFieldsSchema,
} from "@mailsmith/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest, notFound } from "../../lib/app-error.js";
import { readMultipart } from "../../lib/multipart.js";
import { readImages } from "./images.js";

const imageUploadErrors = {
  fileTooLarge: () => badRequest(GENERATOR_MESSAGES.imageTooLarge, "IMAGE_TOO_LARGE"),
  malformed: () => badRequest(GENERATOR_MESSAGES.readImagesFailed, "BAD_UPLOAD"),
};

/** Reads the multipart form (fields emailType, instructions, variants; files images) or a JSON body without images. */
export async function readGenerateRequest(req: FastifyRequest) {
  const files: Buffer[] = [];
  const fields: Record<string, string> = {};
  if (req.isMultipart()) {
    const form = await readMultipart(
      req,
      {
        fileSize: GENERATOR_LIMITS.maxImageBytes,
        files: GENERATOR_LIMITS.maxImages,
        fields: 10,
        fieldSize: 16 * 1024,
        parts: GENERATOR_LIMITS.maxImages + 10,
      },
      { ...imageUploadErrors, tooManyFiles: () => badRequest(GENERATOR_MESSAGES.tooManyImages, "TOO_MANY_IMAGES") },
    );
    for (const part of form) {
      if (part.type === "field") fields[part.field] = part.value;
      else if (part.data.length > 0) files.push(part.data);
    }
  } else if (req.body && typeof req.body === "object") {
    Object.assign(fields, req.body);
  }
  const parsed = ZCreateGenerationFieldsSchema.safeParse({
    emailType: fields.emailType || undefined,
    instructions: fields.instructions ?? "",
    variants: fields.variants || undefined,
  });
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? GENERATOR_MESSAGES.invalidEmailType, "VALIDATION_ERROR");
  // The brand kit to generate with: one of the caller's kits, checked by the start service.
  const brandKitId = fields.brandKitId || undefined;
  if (brandKitId && !z.string().uuid().safeParse(brandKitId).success)
    throw notFound(BRAND_KIT_MESSAGES.notFound, "BRAND_KIT_NOT_FOUND");
  return { ...parsed.data, files, brandKitId };
}

/** One image file (field `image`) for an image slot: at most 4 MB, checked by content like the designs. */
export async function readSingleImage(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest(GENERATOR_MESSAGES.imageType, "NO_FILE");
  const form = await readMultipart(
    req,
    { fileSize: GENERATOR_LIMITS.maxImageBytes, files: 1, fields: 5, fieldSize: 16 * 1024, parts: 6 },
    imageUploadErrors,
  );
  const files = form.flatMap((part) => (part.type === "file" && part.data.length > 0 ? [part.data] : []));
  if (files.length !== 1) throw badRequest(GENERATOR_MESSAGES.imageType, "NO_FILE");
  const [image] = await readImages(files);
  return image!;
}
