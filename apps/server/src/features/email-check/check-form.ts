import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";
import type { FastifyRequest } from "fastify";
import { tooLarge } from "../../email-engine/existing-html.js";
import { AppError } from "../../lib/app-error.js";
import { readMultipart } from "../../lib/multipart.js";

/**
 * Files the multipart form accepts and the bytes each may hold. `html` may also come as a plain text field.
 * `design` is the optional design image the email is scored against (the fidelity score), decision 058.
 */
export const FILE_FIELDS = {
  html: EMAIL_CHECK_LIMITS.maxHtmlBytes,
  design: EMAIL_CHECK_LIMITS.maxDesignBytes,
} as const satisfies Record<string, number>;
type FileField = keyof typeof FILE_FIELDS;
const isFileField = (name: string): name is FileField => Object.hasOwn(FILE_FIELDS, name);
export const MAX_FILE_BYTES = Math.max(...Object.values(FILE_FIELDS));

/** The check's fields from a multipart form: `html` as text or as an uploaded file, `design` as a file. */
export async function readCheckForm(req: FastifyRequest): Promise<Partial<Record<FileField, Buffer | string>>> {
  const designTooLarge = () => new AppError("DESIGN_TOO_LARGE", EMAIL_CHECK_MESSAGES.designTooLarge, 413);
  const form = await readMultipart(
    req,
    {
      fileSize: MAX_FILE_BYTES + 1,
      files: Object.keys(FILE_FIELDS).length,
      fieldSize: EMAIL_CHECK_LIMITS.maxHtmlBytes + 1,
      fields: 5,
      parts: 10,
    },
    {
      fileTooLarge: (field) => (field === "design" ? designTooLarge() : tooLarge()),
      malformed: () => new AppError("BAD_UPLOAD", EMAIL_CHECK_MESSAGES.uploadFailed, 400),
    },
  );
  // The first part of each known field counts, as a file or as text; others are ignored.
  const out: Partial<Record<FileField, Buffer | string>> = {};
  for (const part of form) {
    if (!isFileField(part.field) || out[part.field] !== undefined) continue;
    if (part.type === "file") {
      if (part.data.length > FILE_FIELDS[part.field]) throw part.field === "design" ? designTooLarge() : tooLarge();
      out[part.field] = part.data;
    } else {
      if (part.truncated) throw tooLarge();
      out[part.field] = part.value;
    }
  }
  return out;
}
