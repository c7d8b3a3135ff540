import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";

/** UTF-8 bytes of the HTML, as the server counts them. */
export const htmlBytes = (html: string) => new TextEncoder().encode(html).length;

/** Client-side checks before a request: something pasted, at most 500 KB (the server checks again). */
export function validateHtml(html: string): string | null {
  if (html.trim() === "") return EMAIL_CHECK_MESSAGES.htmlRequired;
  if (htmlBytes(html) > EMAIL_CHECK_LIMITS.maxHtmlBytes) return EMAIL_CHECK_MESSAGES.tooLarge;
  return null;
}

const BINARY_SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46], // PDF
  [0x50, 0x4b, 0x03, 0x04], // ZIP (docx, …)
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP)
];

/** A picked or dropped file: an .html/.htm file (by name or type), ≤ 500 KB, and text rather than binary. */
export async function readHtmlFile(file: File): Promise<{ html: string } | { error: string }> {
  const byName = /\.html?$/i.test(file.name);
  if (!byName && file.type !== "text/html") return { error: EMAIL_CHECK_MESSAGES.fileType };
  if (file.size > EMAIL_CHECK_LIMITS.maxHtmlBytes) return { error: EMAIL_CHECK_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const binary = bytes.includes(0) || BINARY_SIGNATURES.some((sig) => sig.every((b, i) => bytes[i] === b));
  if (binary) return { error: EMAIL_CHECK_MESSAGES.binary };
  return { html: new TextDecoder().decode(bytes).replace(/^\uFEFF/, "") };
}
