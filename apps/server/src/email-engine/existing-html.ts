import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../lib/app-error.js";

/** An element name an HTML email is made of (a document with none of these is not HTML). */
const HTML_TAG =
  /<\s*(?:!doctype\s+html|html|head|body|table|tbody|thead|tr|td|th|div|span|p|a|img|center|font|h[1-6]|ul|ol|li|br|hr|style|meta|title|strong|b|i|em|u|section|header|footer|main|article|nav|button|blockquote|pre|v:[a-z]+)(?=[\s/>])/i;

/** Text formats file-type recognises that may still be an (X)HTML email. */
const TEXT_TYPES = new Set<string>(["xml"]);

export const tooLarge = () => new AppError("TOO_LARGE", EMAIL_CHECK_MESSAGES.tooLarge, 413);

/**
 * The HTML of a check, from a JSON string or an uploaded file's bytes: at most 500 KB (413 otherwise), text and not
 * binary (an image renamed .html is refused by its content), and containing at least one HTML element (400).
 */
export async function readHtmlInput(input: string | Buffer | undefined): Promise<string> {
  if (input === undefined) throw new AppError("HTML_REQUIRED", EMAIL_CHECK_MESSAGES.htmlRequired, 400);
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : input;
  if (bytes.length > EMAIL_CHECK_LIMITS.maxHtmlBytes) throw tooLarge();
  if (bytes.toString("utf8").trim() === "") throw new AppError("HTML_REQUIRED", EMAIL_CHECK_MESSAGES.htmlRequired, 400);
  // Binary content: a known file signature (PNG, JPEG, PDF, ZIP …) or NUL bytes, which no HTML text contains.
  const sniffed = await fileTypeFromBuffer(bytes);
  if (bytes.includes(0) || (sniffed && !TEXT_TYPES.has(sniffed.ext))) {
    throw new AppError("NOT_HTML", EMAIL_CHECK_MESSAGES.binary, 400);
  }
  const html = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (!HTML_TAG.test(html)) throw new AppError("NOT_HTML", EMAIL_CHECK_MESSAGES.notHtml, 400);
  return html;
}
