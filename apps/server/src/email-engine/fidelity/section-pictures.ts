import type { TFidelitySection, TSectionSpan } from "@mailsmith/shared";
import sharp, { type OverlayOptions } from "sharp";

/** Width of each side of a section picture (px), the gap between them and the tallest crop kept. */
const SIDE_PX = 300;
const GAP_PX = 12;
const MAX_SIDE_HEIGHT_PX = 420;
/** What stands for a side that has no counterpart (a missing section in the email, an addition in the design). */
const EMPTY_SIDE = "#f1f5f9";

async function crop(image: Buffer, span: TSectionSpan | null): Promise<{ png: Buffer; height: number } | null> {
  if (!span) return null;
  const meta = await sharp(image).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const top = Math.max(0, Math.min(height - 1, Math.floor(span.top * height)));
  const h = Math.max(1, Math.min(height - top, Math.ceil(span.height * height)));
  if (!width || !height) return null;
  const { data, info } = await sharp(image)
    .flatten({ background: "#ffffff" })
    .extract({ left: 0, top, width, height: h })
    .resize({ width: SIDE_PX })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (info.height <= MAX_SIDE_HEIGHT_PX) return { png: data, height: info.height };
  const cut = await sharp(data)
    .extract({ left: 0, top: 0, width: SIDE_PX, height: MAX_SIDE_HEIGHT_PX })
    .png()
    .toBuffer();
  return { png: cut, height: MAX_SIDE_HEIGHT_PX };
}

/**
 * One picture per section: the design's crop on the left, the email's on the right (each 300 px wide, cut at 420 px
 * tall), a light grey side where one has no counterpart. PNG; the caller stores them like the previews.
 */
export async function sectionPictures(
  design: Buffer,
  rendered: Buffer,
  sections: readonly Pick<TFidelitySection, "design" | "email">[],
): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const s of sections) {
    const [left, right] = await Promise.all([crop(design, s.design), crop(rendered, s.email)]);
    const height = Math.max(left?.height ?? 0, right?.height ?? 0, 40);
    const layers: OverlayOptions[] = [];
    for (const [i, side] of [left, right].entries()) {
      const x = i * (SIDE_PX + GAP_PX);
      if (side) layers.push({ input: side.png, left: x, top: 0 });
      else
        layers.push({
          input: { create: { width: SIDE_PX, height, channels: 3, background: EMPTY_SIDE } },
          left: x,
          top: 0,
        });
    }
    out.push(
      await sharp({ create: { width: SIDE_PX * 2 + GAP_PX, height, channels: 3, background: "#ffffff" } })
        .composite(layers)
        .png()
        .toBuffer(),
    );
  }
  return out;
}
