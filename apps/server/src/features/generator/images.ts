import { GENERATOR_LIMITS, GENERATOR_MESSAGES } from "@mailsmith/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { badRequest } from "../../lib/app-error.js";

export interface UploadedImage {
  mimeType: string;
  data: Buffer;
  /** A small WebP data URL kept with the generation (the original is not stored). */
  thumbnail: string;
}

const ALLOWED = new Set<string>(GENERATOR_LIMITS.imageMimeTypes);

/** Validates images by their content (magic numbers, then a real decode) and makes thumbnails. */
export async function readImages(files: Buffer[]): Promise<UploadedImage[]> {
  if (files.length > GENERATOR_LIMITS.maxImages) throw badRequest(GENERATOR_MESSAGES.tooManyImages, "TOO_MANY_IMAGES");
  const out: UploadedImage[] = [];
  for (const data of files) {
    if (data.length > GENERATOR_LIMITS.maxImageBytes)
      throw badRequest(GENERATOR_MESSAGES.imageTooLarge, "IMAGE_TOO_LARGE");
    const type = await fileTypeFromBuffer(data);
    if (!type || !ALLOWED.has(type.mime)) throw badRequest(GENERATOR_MESSAGES.imageType, "IMAGE_TYPE");
    let thumb: Buffer;
    try {
      thumb = await sharp(data, { animated: false, limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: 240, height: 240, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 60 })
        .toBuffer();
    } catch {
      throw badRequest(GENERATOR_MESSAGES.readImagesFailed, "IMAGE_UNREADABLE");
    }
    out.push({ mimeType: type.mime, data, thumbnail: `data:image/webp;base64,${thumb.toString("base64")}` });
  }
  return out;
}
