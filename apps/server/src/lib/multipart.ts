import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
}

/** One part of the form: a file (an empty file input arrives as 0 bytes) or a text field (`truncated` when longer
 * than limits.fieldSize). */
export type MultipartPart =
  | { type: "file"; field: string; data: Buffer }
  | { type: "field"; field: string; value: string; truncated: boolean };

/**
 * Reads a multipart form (@fastify/multipart) into memory within `limits`, parts in the order sent, and turns the reader's errors into
 * client errors: a file over limits.fileSize → errors.fileTooLarge(its field); more files than limits.files →
 * errors.tooManyFiles (else malformed); an AppError (the request guard refusing a field) passes through; anything
 * else is the client's malformed body (bad boundary, cut short, too many parts) → errors.malformed.
 */
export async function readMultipart(
  req: FastifyRequest,
  limits: MultipartLimits,
  errors: { fileTooLarge: (field: string) => AppError; tooManyFiles?: () => AppError; malformed: () => AppError },
): Promise<MultipartPart[]> {
  const form: MultipartPart[] = [];
  let reading = "";
  try {
    for await (const part of req.parts({ limits })) {
      reading = part.fieldname;
      if (part.type === "file") {
        form.push({ type: "file", field: part.fieldname, data: await part.toBuffer() });
      } else {
        const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
        form.push({ type: "field", field: part.fieldname, value, truncated: part.valueTruncated });
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw errors.fileTooLarge(reading);
    if (code === "FST_FILES_LIMIT" && errors.tooManyFiles) throw errors.tooManyFiles();
    throw errors.malformed();
  }
  return form;
}
