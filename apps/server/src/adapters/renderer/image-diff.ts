import pixelmatch from "pixelmatch";
import sharp from "sharp";

export interface ImageDiff {
  /** Share of pixels that differ, 0–1 (pixelmatch, anti-aliasing ignored). */
  mismatchRatio: number;
  /** Size both pictures were compared at (the larger of each). */
  width: number;
  height: number;
}

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** RGBA pixels of an image flattened onto white and padded with white at the right and bottom to width × height. */
async function rgba(image: Buffer, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  return sharp(image)
    .flatten({ background: WHITE })
    .extend({
      right: width - (meta.width ?? 0),
      bottom: height - (meta.height ?? 0),
      background: WHITE,
    })
    .ensureAlpha()
    .raw()
    .toBuffer();
}

/**
 * Compares two pictures (png/jpeg/webp) pixel by pixel. Pictures of different sizes are padded to the larger with
 * white, so a page that grew taller counts its extra rows as different only where they are not blank.
 * `threshold` is pixelmatch's per-pixel colour tolerance (0–1, default 0.1).
 */
export async function diffImages(a: Buffer, b: Buffer, opts: { threshold?: number } = {}): Promise<ImageDiff> {
  const [ma, mb] = await Promise.all([sharp(a).metadata(), sharp(b).metadata()]);
  const width = Math.max(ma.width ?? 0, mb.width ?? 0);
  const height = Math.max(ma.height ?? 0, mb.height ?? 0);
  if (width === 0 || height === 0) return { mismatchRatio: 0, width, height };
  const [pa, pb] = await Promise.all([rgba(a, width, height), rgba(b, width, height)]);
  const mismatched = pixelmatch(pa, pb, undefined, width, height, { threshold: opts.threshold ?? 0.1 });
  return { mismatchRatio: mismatched / (width * height), width, height };
}
