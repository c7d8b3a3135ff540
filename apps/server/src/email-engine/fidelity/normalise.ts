import sharp from "sharp";

/** An sRGB raster, 3 bytes per pixel, row by row. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

/** Width both pictures are brought to before they are compared (an email at 600 px becomes a third of its size). */
export const COMPARE_WIDTH_PX = 200;
/** The tallest picture compared, in compare pixels (a 600 px email 12 000 px tall). */
export const COMPARE_MAX_HEIGHT_PX = 4000;

/**
 * Decodes any picture sharp reads (PNG, JPEG, WebP), flattens transparency onto white, and scales it to `width`
 * keeping its aspect ratio. Tall pictures are cut at `maxHeight` (COMPARE_MAX_HEIGHT_PX unless told).
 */
export async function toRaster(
  image: Buffer,
  width = COMPARE_WIDTH_PX,
  maxHeight = COMPARE_MAX_HEIGHT_PX,
): Promise<Raster> {
  const { data, info } = await sharp(image, { limitInputPixels: 80_000_000 })
    .rotate()
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .resize({ width, kernel: "lanczos3" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const height = Math.min(info.height, maxHeight);
  return { data: data.subarray(0, width * height * 3), width: info.width, height };
}

/** The most common colour of the bottom row: what an email's background looks like below its last block. */
export function bottomColour(r: Raster): [number, number, number] {
  const counts = new Map<number, number>();
  const row = (r.height - 1) * r.width * 3;
  let best = 0xffffff;
  let bestN = 0;
  for (let x = 0; x < r.width; x++) {
    const i = row + x * 3;
    // Quantise a little so anti-aliasing does not split one colour.
    const key = ((r.data[i]! >> 3) << 10) | ((r.data[i + 1]! >> 3) << 5) | (r.data[i + 2]! >> 3);
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > bestN) {
      bestN = n;
      best = key;
    }
  }
  if (bestN === 0) return [255, 255, 255];
  return [((best >> 10) & 31) * 8 + 4, ((best >> 5) & 31) * 8 + 4, (best & 31) * 8 + 4];
}
