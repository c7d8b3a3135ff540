import type { TLayoutPicture } from "@mailsmith/shared";
import {
  ColourTally,
  colourDistance,
  dominantColour,
  flatShare,
  INK_DISTANCE,
  nearestBlend,
  SAME_COLOUR,
  tallyInk,
  textureShare,
} from "./colour.js";
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

/**
 * A short "word" with this share of its pixels off its line's ink is an emoji, not letters (a lightning bolt read
 * "4" at 91: 84 %; a fire "db": 73 %; real words of one or two letters: none). An emoji in its line's own hues (a
 * green tree on a green band) still passes for a letter.
 */
export const EMOJI_OFF_INK = 0.3;
/**
 * …and this share off its own main colour (emoji 0.18–0.48; a coloured drop cap, a dash, a "©": none). Big "words"
 * this far off their ink are a photo's shapes (a yellow and black drill read "3": 0.21; big type: none).
 */
export const SEVERAL_COLOURS = 0.15;

/** Whether ink is drawn in several colours of its own (an emoji, a photo's shape), not one ink as type is. */
export function inSeveralColours(r: Raster, box: Box, ground: Rgb): boolean {
  const own = ownInk(r, box, ground);
  return own !== null && offInkShare(r, box, ground, own) >= SEVERAL_COLOURS;
}
/**
 * A short "word" in several colours this far off its line's ink, on a flat ground, is an emoji in the line's own hues
 * (a green tree beside white words on a dark green band: 0.21; letters in the line's ink: none).
 */
export const EMOJI_IN_LINE_HUES = 0.15;
/** The rows just above and below a box are flat when one colour holds this share of each (a band's, a panel's). */
const FLAT_RING_SHARE = 0.9;

/**
 * Whether a box sits on a flat ground: rows a little above and below it of one colour (not a photo). (A little off
 * the box: an emoji's read box is the letter the engine saw in it, and a Santa's hat stands above it.)
 */
export function flatRing(r: Raster, box: Box): boolean {
  const strip = Math.max(2, Math.round(box.height * 0.35));
  const gap = Math.round(box.height * 0.25);
  const top = Math.max(0, box.y - gap - strip);
  const above = dominantColour(r, { x: box.x, y: top, width: box.width, height: Math.max(1, box.y - gap - top) }, 1);
  const below = dominantColour(
    r,
    { x: box.x, y: Math.min(r.height - 1, box.y + box.height + gap), width: box.width, height: strip },
    1,
  );
  return (
    above.share >= FLAT_RING_SHARE &&
    below.share >= FLAT_RING_SHARE &&
    colourDistance(above.colour, below.colour) <= SAME_COLOUR
  );
}

/** An emoji glued to a word is at least this share of the word's height wide, and at most this many heights. */
const EMOJI_WIDTH = [0.4, 1.6] as const;
/** Columns of this share of the height with no colour off the letters' ink end an emoji glued to a word. */
const EMOJI_END = 0.25;

/**
 * A word's box less an emoji glued to its start or end ("✈️FREE", read "FREE" at 12 with the plane in its box;
 * "🔄EASY" read "@=ASY"): the columns from the word's first (or last) ink that hold colours off the line from its
 * ground to its letters' ink (the main colour of its other half), about a letter wide and in several colours. Null
 * when there is none, or nothing is left.
 */
export function withoutGluedEmoji(r: Raster, box: Box, ground: Rgb): Box | null {
  const h = box.height;
  // Whether a pixel of column x (in the box's rows) passes the test, given its row.
  const columnHas = (x: number, test: (p: Rgb, y: number) => boolean) => {
    for (let y = Math.max(0, box.y); y < Math.min(r.height, box.y + h); y++) if (test(pixelAt(r, x, y), y)) return true;
    return false;
  };
  const inked = (x: number) => columnHas(x, (p) => offGround(p, ground));
  const x0 = Math.max(0, box.x);
  const x1 = Math.min(r.width, box.x + box.width) - 1;
  for (const step of [1, -1] as const) {
    let first = step === 1 ? x0 : x1;
    while (first >= x0 && first <= x1 && !inked(first)) first += step;
    if (first < x0 || first > x1) continue;
    const mid = Math.floor(box.width / 2);
    const letters = step === 1 ? { ...box, x: box.x + mid, width: box.width - mid } : { ...box, width: mid };
    const ink = ownInk(r, letters, ground);
    if (!ink) continue;
    const offInk = (x: number) =>
      columnHas(x, (p) => offGround(p, ground) && distanceToLine(p, ground, ink) > OFF_LINE);
    // (The emoji's colours begin within a few columns of its first ink: its edge blends with the ground.)
    let last = first - step;
    for (let x = first; x >= x0 && x <= x1 && Math.abs(x - last) <= Math.max(2, h * EMOJI_END); x += step)
      if (offInk(x)) last = x;
    if (last === first - step) continue;
    const width = Math.abs(last - first) + 1;
    if (width < h * EMOJI_WIDTH[0] || width > h * EMOJI_WIDTH[1]) continue;
    const emoji = { x: Math.min(first, last), y: box.y, width, height: h };
    // Off the letters' ink (much of it off their line, or its main colour off it: a grey-blue square) and in several
    // colours of its own (an accent-coloured capital is one ink, off the line but a letter of the word).
    const own = ownInk(r, emoji, ground);
    if (!own || offInkShare(r, emoji, ground, own) < SEVERAL_COLOURS) continue;
    if (offInkShare(r, emoji, ground, ink) < EMOJI_OFF_INK && distanceToLine(own, ground, ink) <= OFF_LINE / 2)
      continue;
    // Its edge past its last colour, and the gap after it: columns no nearer the letters' ink than half way from the
    // ground (a lock's, kept, read as "¡"), or inked above or below the letters' rows (a square's side touching
    // "EASY", kept, set the line 4 px taller).
    const half = colourDistance(ink, ground) / 2;
    const rows = inkRows(r, letters, ground);
    const edgeOf = (x: number) =>
      columnHas(x, (p, y) => offGround(p, ground) && (y < rows.top - 1 || y > rows.bottom + 1)) ||
      !columnHas(x, (p) => colourDistance(p, ground) >= half);
    let edge = last + step;
    while (Math.abs(edge - last) <= Math.max(2, h * EMOJI_END) && edge >= x0 && edge <= x1 && edgeOf(edge))
      edge += step;
    const rest =
      step === 1 ? { ...box, x: edge, width: box.x + box.width - edge } : { ...box, width: edge + 1 - box.x };
    if (rest.width >= h * 0.5) return rest;
  }
  return null;
}

/** A pixel farther from its ground than a JPEG's noise. */
const offGround = (p: Rgb, ground: Rgb) => colourDistance(p, ground) > INK_DISTANCE / 2;

/** The first and last rows of a box with ink on them (past its rows when it has none). */
function inkRows(r: Raster, box: Box, ground: Rgb): { top: number; bottom: number } {
  let top = box.y + box.height;
  let bottom = box.y - 1;
  for (let y = Math.max(0, box.y); y < Math.min(r.height, box.y + box.height); y++)
    for (let x = Math.max(0, box.x); x < Math.min(r.width, box.x + box.width); x++)
      if (offGround(pixelAt(r, x, y), ground)) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        break;
      }
  return { top, bottom };
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
