import { DESIGN_IMAGE_STORED_AS, GENERATOR_LIMITS, GENERATOR_MESSAGES } from "@mailsmith/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type CleanFormat, cleanImage } from "../../adapters/storage/clean-image.js";
import { badRequest } from "../../lib/app-error.js";

export interface UploadedImage {
  /** The type it is stored and sent to the model as (DESIGN_IMAGE_STORED_AS: always one the model takes). */
  mimeType: string;
  /** Re-encoded: pixels only, no metadata. */
  data: Buffer;
  /** A small WebP data URL kept with the generation (the original is not stored). */
  thumbnail: string;
  width: number;
  height: number;
}

type Accepted = keyof typeof DESIGN_IMAGE_STORED_AS;
const FORMAT: Record<(typeof DESIGN_IMAGE_STORED_AS)[Accepted], CleanFormat> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
};
const isAccepted = (mime: string): mime is Accepted =>
  (GENERATOR_LIMITS.imageMimeTypes as readonly string[]).includes(mime);

/**
 * Validates images by their content (magic numbers, then a real decode) and re-encodes each one before anything is
 * stored or charged: orientation applied, sRGB, no EXIF/GPS, XMP, IPTC or ICC profile, in a type the
 * model takes (a GIF becomes its first frame in PNG). Anything else is refused here, with a message.
 */
export async function readImages(files: Buffer[]): Promise<UploadedImage[]> {
  if (files.length > GENERATOR_LIMITS.maxImages) throw badRequest(GENERATOR_MESSAGES.tooManyImages, "TOO_MANY_IMAGES");
  const out: UploadedImage[] = [];
  for (const data of files) {
    if (data.length > GENERATOR_LIMITS.maxImageBytes)
      throw badRequest(GENERATOR_MESSAGES.imageTooLarge, "IMAGE_TOO_LARGE");
    const type = await fileTypeFromBuffer(data);
    if (!type || !isAccepted(type.mime)) throw badRequest(GENERATOR_MESSAGES.imageType, "IMAGE_TYPE");
    let clean: Awaited<ReturnType<typeof cleanImage>>;
    let thumb: Buffer;
    try {
      clean = await cleanImage(data, { format: FORMAT[DESIGN_IMAGE_STORED_AS[type.mime]] });
      thumb = await sharp(clean.data)
        .resize({ width: 240, height: 240, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 60 })
        .toBuffer();
    } catch {
      throw badRequest(GENERATOR_MESSAGES.readImagesFailed, "IMAGE_UNREADABLE");
    }
    out.push({
      mimeType: clean.mimeType,
      data: clean.data,
      width: clean.width,
      height: clean.height,
      thumbnail: `data:image/webp;base64,${thumb.toString("base64")}`,
    });
  }
  return out;
}
