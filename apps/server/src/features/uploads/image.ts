import { MAX_PROFILE_IMAGE_BYTES, PROFILE_MESSAGES } from "@mailsmith/shared";
import { cleanImage } from "../../adapters/storage/clean-image.js";
import { AppError } from "../../lib/app-error.js";

export type RasterFormat = "jpg" | "png" | "gif" | "webp";

/** What the bytes are, by their signature (never by file name or the browser's content type). */
export function sniffImage(buf: Buffer): RasterFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpg";
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString("latin1"))) return "gif";
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString("latin1") === "RIFF" &&
    buf.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "webp";
  return null;
}

const notAnImage = () => new AppError("UNSUPPORTED_IMAGE", PROFILE_MESSAGES.imageNotImage, 415);

/** Longest side of a stored profile photo. */
const MAX_SIDE = 1024;

/**
 * Accepts JPEG, PNG, GIF or WebP of at most 2 MB, decodes it and encodes a fresh file:
 * orientation applied, at most 1024 px a side, sRGB, no metadata (EXIF, GPS, XMP, IPTC, ICC profile dropped),
 * GIFs become a still PNG. SVG, PDF and anything else are refused.
 */
export async function reencodeImage(buf: Buffer): Promise<{ body: Buffer; ext: RasterFormat; contentType: string }> {
  if (buf.length === 0) throw new AppError("NO_FILE", PROFILE_MESSAGES.imageMissing, 400);
  if (buf.length > MAX_PROFILE_IMAGE_BYTES) throw new AppError("FILE_TOO_LARGE", PROFILE_MESSAGES.imageTooLarge, 413);
  const format = sniffImage(buf);
  if (!format) throw notAnImage();
  try {
    // Pixels only: orientation applied, sRGB, no EXIF/GPS, XMP, IPTC or ICC profile.
    const clean = await cleanImage(buf, {
      format: format === "jpg" ? "jpeg" : format === "webp" ? "webp" : "png",
      maxSide: MAX_SIDE,
      limitInputPixels: 25_000_000,
      quality: 85,
      pngCompressionLevel: 9,
      mozjpeg: true,
    });
    return { body: clean.data, ext: clean.ext, contentType: clean.mimeType };
  } catch {
    throw notAnImage();
  }
}
