import type { TLayoutPicture } from "@mailsmith/shared";
import type { Box } from "./raster.js";
import type { Leaf } from "./segment.js";

/**
 * Pictures (decision 121): a leaf with many colours (a photo, an illustration) is a picture before any text is read;
 * after reading, a leaf of some size with no words on it is one too (a logo in two colours, an icon, a broken image's
 * frame). Its role: a small square mark is an icon, a mark in the first or last band narrower than half the body
 * column is a logo, anything else a photo.
 */

/** A leaf using this many colours (4-bit quantised, ≥ 1 % each) is drawn, not typeset. */
export const PICTURE_COLOURS = 14;

export function looksLikePicture(leaf: Leaf, scale: number): boolean {
  const big = leaf.box.width >= 24 * scale && leaf.box.height >= 24 * scale;
  return big && leaf.colours.distinct >= PICTURE_COLOURS;
}

/** A leaf with no words big enough to be a mark rather than a speck. */
export function isMark(leaf: Leaf, scale: number): boolean {
  return leaf.box.width >= 12 * scale && leaf.box.height >= 12 * scale;
}

export function pictureOf(
  box: Box,
  text: string,
  context: { scale: number; content: Box; firstOrLastBand: boolean },
): TLayoutPicture {
  const w = box.width / context.scale;
  const h = box.height / context.scale;
  const squareish = w / h >= 0.66 && w / h <= 1.5;
  let role: TLayoutPicture["role"] = "photo";
  if (squareish && w <= 72 && h <= 72) role = "icon";
  else if (context.firstOrLastBand && box.width <= context.content.width / 2 && h <= 140) role = "logo";
  return { kind: "picture", box, role, text };
}
