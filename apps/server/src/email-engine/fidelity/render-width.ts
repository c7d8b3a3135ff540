import sharp from "sharp";

/** Narrowest and widest viewport a design is rendered at (a phone; a wide desktop email). */
export const RENDER_WIDTH_RANGE = { min: 320, max: 1000 } as const;

/**
 * The viewport width to render an email at for comparison with its design: the design's natural width, clamped to
 * RENDER_WIDTH_RANGE. A design wider than the range and at least twice the minimum is taken for a @2x export
 * (1200 px → 600 px), the common case for email mock-ups.
 */
export function renderWidthFor(designWidth: number): number {
  let w = Math.round(designWidth);
  if (w > RENDER_WIDTH_RANGE.max && w / 2 >= RENDER_WIDTH_RANGE.min) w = Math.round(w / 2);
  return Math.max(RENDER_WIDTH_RANGE.min, Math.min(RENDER_WIDTH_RANGE.max, w));
}

/** renderWidthFor on an image buffer (600 when the picture cannot be read). */
export async function renderWidthForImage(design: Buffer): Promise<number> {
  try {
    const meta = await sharp(design).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    return width ? renderWidthFor(width) : 600;
  } catch {
    return 600;
  }
}
