import type { TLayoutPicture } from "@mailsmith/shared";
import { ColourTally, colourDistance, flatShare, nearestBlend, SAME_COLOUR, tallyInk, textureShare } from "./colour.js";
import { type Box, pixelAt, type Raster, type Rgb } from "./raster.js";
import type { Leaf } from "./segment.js";

/**
 * Pictures (decision 121): a leaf with colours that are not one ink on its background (a photo, an illustration, a
 * coloured logo) is a picture before any text is read;
 * after reading, a leaf of some size with no words on it is one too (a logo in two colours, an icon, a broken image's
 * frame). Its role: a small square mark is an icon, a mark in the first or last band narrower than half the body
 * column is a logo, anything else a photo.
 */

/**
 * Text of one colour on a background only uses the colours between the two (its anti-aliased edges blend them);
 * a picture's pixels stray from that line. A leaf where this share of its non-background pixels is more than
 * 48 levels off the lines from the background to its inks (two at most: a heading with words in an accent colour)
 * is drawn, not typeset.
 */
export const OFF_LINE_SHARE = 0.2;

/** How far a colour is from the segment between two colours (RGB units). */
function distanceToLine(p: Rgb, from: Rgb, to: Rgb): number {
  const blend = nearestBlend(p, from, to);
  return Math.hypot(p[0] - blend[0], p[1] - blend[1], p[2] - blend[2]);
}

/** A pixel this far (RGB units) from the line between two colours is neither, nor a blend of them. */
const OFF_LINE = 48;

/**
 * The share of non-background pixels off the lines from the background to its inks (the farthest colour, and the
 * farthest of those off that line). For a filled shape,
 * `around` is the colour around it: its rounded corners show that colour and blend it with the fill, which is no
 * sign of a picture (a purple pill on a black page was one).
 */
export function offLineShare(r: Raster, box: Box, background: Rgb, around?: Rgb): number {
  const step = box.width * box.height > 60_000 ? 2 : 1;
  let far = 0;
  const farthest: number[] = [0, 0, 0];
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) {
      const p = pixelAt(r, x, y);
      // (The ink is the colour farthest from the fill that is not the corners' colour around it.)
      if (around && distanceToLine(p, background, around) <= OFF_LINE) continue;
      const d = colourDistance(p, background);
      if (d > far) {
        far = d;
        farthest.splice(0, 3, ...p);
      }
    }
  }
  if (far <= SAME_COLOUR) return 0;
  const ink = farthest as unknown as Rgb;
  // Off the line to the first ink, and not a blend of the colour around a filled shape.
  const offFirst = (p: Rgb) =>
    distanceToLine(p, background, ink) > OFF_LINE && (!around || distanceToLine(p, background, around) > OFF_LINE);
  // A second ink: the colour farthest from the background among those off the first ink's line (a heading's words
  // in an accent colour, "Buy House in Best Price" with "Best Price" in orange, are two inks, not a picture).
  let second: Rgb | null = null;
  let secondFar = 0;
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) {
      const p = pixelAt(r, x, y);
      const d = colourDistance(p, background);
      if (d > secondFar && offFirst(p)) {
        secondFar = d;
        second = p;
      }
    }
  }
  let all = 0;
  let counted = 0;
  let offOne = 0;
  let offTwo = 0;
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) {
      all++;
      const p = pixelAt(r, x, y);
      if (colourDistance(p, background) <= SAME_COLOUR) continue;
      counted++;
      if (!offFirst(p)) continue;
      offOne++;
      if (!second || distanceToLine(p, background, second) > OFF_LINE) offTwo++;
    }
  }
  if (counted === 0) return 0;
  // Only strokes are read for a second ink: blocks of colour set side by side (three swatches edge to edge) cover
  // their box, text never does.
  return (counted < all * STROKES_COVER ? offTwo : offOne) / counted;
}

/**
 * The share of a box's pixels (whole pixels; those not of its background) more than OFF_LINE from the line between
 * the background and one ink: about none for letters in that ink, most of an emoji set among them in its own colours (a lightning
 * bolt's yellow beside white words on black).
 */
export function offInkShare(r: Raster, box: Box, background: Rgb, ink: Rgb): number {
  let counted = 0;
  let off = 0;
  for (let y = Math.max(0, box.y); y < Math.min(r.height, box.y + box.height); y++) {
    for (let x = Math.max(0, box.x); x < Math.min(r.width, box.x + box.width); x++) {
      const p = pixelAt(r, x, y);
      if (colourDistance(p, background) <= SAME_COLOUR) continue;
      counted++;
      if (distanceToLine(p, background, ink) > OFF_LINE) off++;
    }
  }
  return counted === 0 ? 0 : off / counted;
}

/** The most common colour in a box (whole pixels) far from its ground: its ink, or null when it has none. */
export function ownInk(r: Raster, box: Box, ground: Rgb): Rgb | null {
  const tally = new ColourTally();
  tallyInk(tally, r, box, ground);
  return tally.best();
}

/** Text's ink covers less than this share of its box; a block of colour, all of it. */
const STROKES_COVER = 0.6;

export function looksLikePicture(r: Raster, leaf: Leaf, scale: number): boolean {
  const big = leaf.box.width >= 24 * scale && leaf.box.height >= 24 * scale;
  if (!big) return false;
  const share = leaf.fill
    ? offLineShare(r, leaf.box, leaf.fill, leaf.background)
    : offLineShare(r, leaf.box, leaf.background);
  if (share >= OFF_LINE_SHARE) return true;
  // A photo whose colours stay near one line (a blue-grey sky, a gradient) still shows its grain or gradient over
  // most of it; text on a fill, under a tenth.
  const step = leaf.box.width * leaf.box.height > 60_000 ? 2 : 1;
  if (textureShare(r, leaf.box, leaf.colours.colour, step) >= PICTURE_TEXTURE) return true;
  // A soft photo, its grain too fine to count (a green gradient's top third): its main colour is no flat fill, but a
  // spread of near colours. Text on a fill, or a card, holds its fill exactly.
  const large = leaf.box.width >= SOFT_PHOTO_CSS * scale && leaf.box.height >= SOFT_PHOTO_CSS * scale;
  return large && flatShare(r, leaf.box, leaf.colours.colour, step) < leaf.colours.share * SOFT_PHOTO_FLAT;
}

/** A leaf this big (CSS px) or bigger may be a soft photo… */
const SOFT_PHOTO_CSS = 60;
/** …when under this share of its main colour's pixels are that colour exactly (a flat fill holds nearly all). */
const SOFT_PHOTO_FLAT = 0.5;

/** A leaf with a photo's grain or gradient over this share of it is a picture. */
const PICTURE_TEXTURE = 0.5;

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
