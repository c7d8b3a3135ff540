import sharp, { type Metadata } from "sharp";
import type { Raster } from "./raster.js";

/**
 * Loading a design picture: PNG, JPEG or WebP, one frame, up to 25 megapixels (the uploads' limit), laid on
 * white when it has transparency and turned upright from its EXIF orientation. What is refused says why, in words
 * the member's message is chosen from.
 */

export const DESIGN_FORMATS = ["png", "jpeg", "webp"] as const;
/** The uploaded designs' bound (a 16 383 px square WebP is 10 KB and would take gigabytes to decode). */
export const MAX_DESIGN_PIXELS = 25_000_000;
/** Narrower pictures hold no readable email. */
export const MIN_DESIGN_WIDTH = 200;

export type LoadRefusal = "corrupt" | "format" | "animated" | "too-large" | "tiny";

export class DesignImageError extends Error {
  constructor(readonly reason: LoadRefusal) {
    super(`design image refused: ${reason}`);
    this.name = "DesignImageError";
  }
}

export interface LoadedDesign {
  raster: Raster;
}

/** Reads the header only: format, frames and size, refusing what the reader cannot use. */
export async function inspectDesign(image: Buffer): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(image, { pages: -1, limitInputPixels: false }).metadata();
  } catch {
    throw new DesignImageError("corrupt");
  }
  if (!meta.format || !(DESIGN_FORMATS as readonly string[]).includes(meta.format)) {
    throw new DesignImageError(meta.format ? "format" : "corrupt");
  }
  if ((meta.pages ?? 1) > 1) throw new DesignImageError("animated");
  // An EXIF-rotated picture is wider than it is tall the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width <= 0 || height <= 0) throw new DesignImageError("corrupt");
  if (width * height > MAX_DESIGN_PIXELS) throw new DesignImageError("too-large");
  if (width < MIN_DESIGN_WIDTH) throw new DesignImageError("tiny");
  return { width, height };
}

/** The picture as RGB pixels (and as a PNG of them), or a DesignImageError. */
export async function loadDesign(image: Buffer): Promise<LoadedDesign> {
  await inspectDesign(image);
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_DESIGN_PIXELS, failOn: "error" })
      .rotate()
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new DesignImageError("corrupt");
    const raster: Raster = {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
    return { raster };
  } catch (err) {
    if (err instanceof DesignImageError) throw err;
    throw new DesignImageError("corrupt");
  }
}
