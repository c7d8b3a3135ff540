import { relativeLuminance } from "@mailsmith/shared";
import { type Box, boxCorners, pixelAt, type Raster, type Rgb } from "./raster.js";

/** #rrggbb, lower case (the layout schema's colour). */
export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
}

/** Largest difference of one channel: 0 (same) to 255. Cheap and good enough to tell ink from its background. */
export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

/** The blend of two colours nearest to a colour: the point of the segment between them closest to it. */
export function nearestBlend(p: Rgb, from: Rgb, to: Rgb): Rgb {
  const v = [to[0] - from[0], to[1] - from[1], to[2] - from[2]] as const;
  const vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] || 1;
  const t = Math.max(
    0,
    Math.min(1, ((p[0] - from[0]) * v[0] + (p[1] - from[1]) * v[1] + (p[2] - from[2]) * v[2]) / vv),
  );
  return [from[0] + t * v[0], from[1] + t * v[1], from[2] + t * v[2]];
}

/**
 * How far in a filled shape's rounded corners reach: the steps along the diagonal from each corner of the box (below
 * `limit`) before a pixel within `tolerance` of the fill, the most of its corners. A corner that holds a panel of
 * another colour (a red title panel at the top of a black column: a long walk that starts on neither the fill nor
 * the colour `around` the shape) is not a rounded corner and is left out; a corner showing `around` far in is kept,
 * so a piece that is not one shape (text beside a panel) stays too far in to be read as a card.
 */
export function stepsToFill(r: Raster, box: Box, fill: Rgb, tolerance: number, limit: number, around: Rgb): number {
  const far = Math.min(box.width, box.height) * PANEL_CORNER;
  let most = 0;
  for (const [x0, y0, dx, dy] of boxCorners(box)) {
    const at = (k: number) => pixelAt(r, x0 + dx * k, y0 + dy * k);
    let k = 0;
    while (k < limit && colourDistance(at(k), fill) > tolerance) k++;
    const corner = at(0);
    const panel = k > far && colourDistance(corner, fill) > tolerance && colourDistance(corner, around) > tolerance;
    if (panel) continue;
    // A rounded corner with a panel of another colour behind it (a card whose header is a blue strip): the walk
    // leaves the colour around for the panel's, not the fill; the corner reaches as far as the colour around.
    let out = 0;
    while (out < k && colourDistance(at(out), around) <= tolerance) out++;
    const beyond = at(Math.min(k, out + CORNER_BLEND));
    const roundedPanel =
      k > far &&
      out > 0 &&
      out <= far &&
      colourDistance(beyond, fill) > tolerance &&
      colourDistance(beyond, around) > tolerance;
    most = Math.max(most, roundedPanel ? out + CORNER_BLEND : k);
  }
  return most;
}
/** The anti-aliased pixels between a rounded corner's outside and what lies inside it. */
const CORNER_BLEND = 2;
/** A pill's corner reaches in 0.146 of its height; a walk longer than this share of the shape is no rounded corner. */
const PANEL_CORNER = 0.2;

/** Two colours a person would call the same fill (JPEG noise and gradients' last steps aside). */
export const SAME_COLOUR = 6;
/** A page this close to a colour is that colour a shade off (#f9f8f8 beside white): one page to a reader. */
export const PAGE_SHADE = 10;
/** A pixel this far from its background is ink (text anti-aliasing's faint edge pixels stay background). */
export const INK_DISTANCE = 48;

/** A colour quantised to 4 bits per channel, as one number: the key colour counts are kept by. */
export const quantKey = (r: number, g: number, b: number) => ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);

export interface ColourCount {
  /** The mean of the pixels that fell in the most common quantised colour. */
  colour: Rgb;
  /** Its share of the pixels counted, 0–1. */
  share: number;
  /** How many quantised colours hold at least 1 % of the pixels. */
  distinct: number;
}

/** Pixels this close to a colour are that flat fill (JPEG's noise on a flat area stays within it). */
const FLAT_TOLERANCE = 3;

/**
 * The share of a box's pixels (every `step`-th, clipped to the picture) within FLAT_TOLERANCE of `colour`. A flat
 * fill (a card) holds about its quantised colour's whole share; a gradient spreads that share over many near colours
 * and holds under half of it.
 */
export function flatShare(r: Raster, box: Box, colour: Rgb, step = 1): number {
  const near = (v: number, c: number) => v >= c - FLAT_TOLERANCE && v <= c + FLAT_TOLERANCE;
  let flat = 0;
  let total = 0;
  for (let y = Math.max(0, box.y); y < Math.min(r.height, box.y + box.height); y += step) {
    const row = y * r.width;
    for (let x = Math.max(0, box.x); x < Math.min(r.width, box.x + box.width); x += step) {
      const i = (row + x) * 3;
      total++;
      if (near(r.data[i]!, colour[0]) && near(r.data[i + 1]!, colour[1]) && near(r.data[i + 2]!, colour[2])) flat++;
    }
  }
  return total === 0 ? 0 : flat / total;
}

/**
 * The share of a box's pixels that are one of two colours or a blend of them (within `tolerance` of the segment
 * between them): ink on its ground with its anti-aliased and JPEG-blurred edges, but not a photo's or a card's
 * other colours.
 */
export function twoColourShare(r: Raster, box: Box, a: Rgb, b: Rgb, tolerance: number): number {
  let near = 0;
  let total = 0;
  for (let y = Math.max(0, box.y); y < Math.min(r.height, box.y + box.height); y++)
    for (let x = Math.max(0, box.x); x < Math.min(r.width, box.x + box.width); x++) {
      const p = pixelAt(r, x, y);
      total++;
      if (colourDistance(p, nearestBlend(p, a, b)) <= tolerance) near++;
    }
  return total === 0 ? 0 : near / total;
}

/**
 * How far a box's fill runs along two opposite sides: over the middle half of each side (a couple of pixels in, past
 * anti-aliasing), the share within `tolerance` of `colour`, the less of top and bottom or of left and right,
 * whichever pair holds more. A filled shape, square, rounded or a pill, has its fill along both of at least one pair,
 * though its text runs past its other sides (a red panel with "BLACK" set half on it: top and bottom 0.83); text
 * whose heavy ink is the most common colour of its tight box (a 96 px bold "22") touches one side of each pair only
 * here and there (its top 0.40, left 0.06).
 */
export function sidesShare(r: Raster, box: Box, colour: Rgb, tolerance: number): number {
  const inset = Math.min(2, Math.floor(Math.min(box.width, box.height) / 4));
  const share = (points: (readonly [number, number])[]) =>
    points.length === 0
      ? 0
      : points.filter(([x, y]) => colourDistance(pixelAt(r, x, y), colour) <= tolerance).length / points.length;
  const across = (y: number) => {
    const from = box.x + Math.floor(box.width / 4);
    return Array.from({ length: Math.ceil(box.width / 2) }, (_, i) => [from + i, y] as const);
  };
  const down = (x: number) => {
    const from = box.y + Math.floor(box.height / 4);
    return Array.from({ length: Math.ceil(box.height / 2) }, (_, i) => [x, from + i] as const);
  };
  return Math.max(
    Math.min(share(across(box.y + inset)), share(across(box.y + box.height - 1 - inset))),
    Math.min(share(down(box.x + inset)), share(down(box.x + box.width - 1 - inset))),
  );
}

/** A step to the next pixel at most this big, and not none, is a photo's grain or gradient rather than an edge. */
const TEXTURE_STEP = 16;

/**
 * The share of a box's pixels (every `step`-th) that are off `colour` and differ a little, not at all or a lot, from
 * the pixel to their right: a photo's grain and gradients. Text on a flat fill has solid ink and sharp edges (a few
 * per cent); a picture behind the text has it almost everywhere (40–70 % on the benchmark's photos).
 */
export function textureShare(
  r: Raster,
  box: { x: number; y: number; width: number; height: number },
  colour: Rgb,
  step = 1,
): number {
  let textured = 0;
  let total = 0;
  const x1 = Math.min(r.width - 1, box.x + box.width);
  const y1 = Math.min(r.height, box.y + box.height);
  for (let y = Math.max(0, box.y); y < y1; y += step) {
    let i = (y * r.width + Math.max(0, box.x)) * 3;
    for (let x = Math.max(0, box.x); x < x1; x += step, i += 3 * step) {
      total++;
      const off = Math.max(
        Math.abs(r.data[i]! - colour[0]),
        Math.abs(r.data[i + 1]! - colour[1]),
        Math.abs(r.data[i + 2]! - colour[2]),
      );
      if (off <= SAME_COLOUR) continue;
      const next = Math.max(
        Math.abs(r.data[i]! - r.data[i + 3]!),
        Math.abs(r.data[i + 1]! - r.data[i + 4]!),
        Math.abs(r.data[i + 2]! - r.data[i + 5]!),
      );
      if (next > 0 && next <= TEXTURE_STEP) textured++;
    }
  }
  return total === 0 ? 0 : textured / total;
}

/**
 * The most common colour in a box of the picture (every `step`-th pixel), with its share and how many colours are
 * used: a flat fill has one colour at a high share, a photo many colours at low shares.
 */
export function dominantColour(
  r: Raster,
  box: { x: number; y: number; width: number; height: number },
  step = 1,
): ColourCount {
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  let total = 0;
  const x1 = Math.min(r.width, box.x + box.width);
  const y1 = Math.min(r.height, box.y + box.height);
  for (let y = Math.max(0, box.y); y < y1; y += step) {
    let i = (y * r.width + Math.max(0, box.x)) * 3;
    for (let x = Math.max(0, box.x); x < x1; x += step, i += 3 * step) {
      const cr = r.data[i]!;
      const cg = r.data[i + 1]!;
      const cb = r.data[i + 2]!;
      const k = quantKey(cr, cg, cb);
      const c = counts.get(k);
      if (c) {
        c.n++;
        c.r += cr;
        c.g += cg;
        c.b += cb;
      } else counts.set(k, { n: 1, r: cr, g: cg, b: cb });
      total++;
    }
  }
  let best: { n: number; r: number; g: number; b: number } | undefined;
  let distinct = 0;
  for (const c of counts.values()) {
    if (!best || c.n > best.n) best = c;
    if (c.n >= total * 0.01) distinct++;
  }
  if (!best || total === 0) return { colour: [255, 255, 255], share: 0, distinct: 0 };
  return {
    colour: [Math.round(best.r / best.n), Math.round(best.g / best.n), Math.round(best.b / best.n)],
    share: best.n / total,
    distinct,
  };
}

/** Relative luminance (WCAG), 0 black – 1 white: the one WCAG formula of packages/shared, for a pixel's channels. */
export function luminance([r, g, b]: Rgb): number {
  return relativeLuminance({ r, g, b });
}

/** Pixels counted by a key (an exact or quantised colour): the mean colour of the key counted most. */
export class ColourTally {
  private readonly counts = new Map<number, { n: number; r: number; g: number; b: number }>();

  add(key: number, [r, g, b]: Rgb): void {
    const c = this.counts.get(key);
    if (c) {
      c.n++;
      c.r += r;
      c.g += g;
      c.b += b;
    } else this.counts.set(key, { n: 1, r, g, b });
  }

  /** The mean colour of the most counted key, or null when nothing was counted. */
  best(): Rgb | null {
    let best: { n: number; r: number; g: number; b: number } | undefined;
    for (const c of this.counts.values()) if (!best || c.n > best.n) best = c;
    return best ? [Math.round(best.r / best.n), Math.round(best.g / best.n), Math.round(best.b / best.n)] : null;
  }
}

/** Adds to a tally the pixels of a box (whole pixels) far from its ground: the letters' ink, not their edges. */
export function tallyInk(tally: ColourTally, r: Raster, box: Box, ground: Rgb): void {
  for (let y = Math.max(0, box.y); y < Math.min(r.height, box.y + box.height); y++) {
    for (let x = Math.max(0, box.x); x < Math.min(r.width, box.x + box.width); x++) {
      const p = pixelAt(r, x, y);
      if (colourDistance(p, ground) >= INK_DISTANCE * 2) tally.add(quantKey(p[0], p[1], p[2]), p);
    }
  }
}
