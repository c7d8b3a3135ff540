import { differenceCiede2000, formatHex } from "culori";
import sharp from "sharp";
import type { Raster } from "./normalise.js";

export interface PaletteColour {
  /** #rrggbb */
  hex: string;
  r: number;
  g: number;
  b: number;
  /** Share of the picture's pixels, 0…1. */
  coverage: number;
}

/** Colours per palette (libvips quantises to a 4-bit palette: at most 16 colours). */
export const PALETTE_SIZE = 16;
/** Colours under this share are dropped (anti-aliasing fringes), then the rest renormalised. */
const MIN_COVERAGE = 0.005;

const ciede2000 = differenceCiede2000();
const rgb = (c: { r: number; g: number; b: number }) => ({
  mode: "rgb" as const,
  r: c.r / 255,
  g: c.g / 255,
  b: c.b / 255,
});

/** CIEDE2000 distance of two sRGB colours (0 = same; about 2 is a just-noticeable difference; 100 black/white). */
export function deltaE(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }): number {
  return ciede2000(rgb(a), rgb(b));
}

/**
 * The picture's palette: libimagequant (through sharp's PNG palette output, no dithering) reduces it to
 * PALETTE_SIZE colours; each colour's coverage is the share of pixels mapped to it.
 */
export async function extractPalette(r: Raster): Promise<PaletteColour[]> {
  const png = await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } })
    .png({ palette: true, colours: PALETTE_SIZE, dither: 0, effort: 10 })
    .toBuffer();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<number, number>();
  const channels = info.channels;
  for (let i = 0; i < data.length; i += channels) {
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = data.length / channels;
  let colours = [...counts.entries()]
    .map(([key, n]) => ({ r: (key >> 16) & 255, g: (key >> 8) & 255, b: key & 255, coverage: n / total }))
    .filter((c) => c.coverage >= MIN_COVERAGE);
  const kept = colours.reduce((s, c) => s + c.coverage, 0) || 1;
  colours = colours.map((c) => ({ ...c, coverage: c.coverage / kept }));
  return colours
    .sort((a, b) => b.coverage - a.coverage || a.r - b.r || a.g - b.g || a.b - b.b)
    .map((c) => ({ ...c, hex: formatHex(rgb(c)) }));
}

/**
 * Earth mover's distance between two palettes with CIEDE2000 as the ground distance: how much colour
 * (by coverage) has to move, and how far, to turn one palette into the other. Solved greedily (cheapest pairs
 * first), which is exact enough for 8×8 palettes and deterministic.
 */
export function paletteDistance(a: PaletteColour[], b: PaletteColour[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const pairs: { i: number; j: number; d: number }[] = [];
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) pairs.push({ i, j, d: deltaE(a[i]!, b[j]!) });
  pairs.sort((x, y) => x.d - y.d || x.i - y.i || x.j - y.j);
  const restA = a.map((c) => c.coverage);
  const restB = b.map((c) => c.coverage);
  let cost = 0;
  for (const p of pairs) {
    const m = Math.min(restA[p.i]!, restB[p.j]!);
    if (m <= 0) continue;
    cost += m * p.d;
    restA[p.i]! -= m;
    restB[p.j]! -= m;
  }
  return cost;
}

/**
 * The palette without its background, renormalised: the accents. Two emails on white share most of their pixels
 * whatever their content; the accents tell them apart. The background is a colour and its shades within
 * SAME_BACKGROUND_DE: quantised, a white page can come back as #ffffff and #f8f8f8, and the second, 19 % of a copy
 * 99.9 % alike, was counted an accent the design lacked. Empty for a one-colour picture.
 */
export function accents(p: PaletteColour[], background: PaletteColour | undefined = p[0]): PaletteColour[] {
  const rest = background ? p.filter((c) => deltaE(c, background) > SAME_BACKGROUND_DE) : p;
  const total = rest.reduce((s, c) => s + c.coverage, 0);
  return total > 0 ? rest.map((c) => ({ ...c, coverage: c.coverage / total })) : [];
}

/** Colours this close (ΔE00) are one background. */
const SAME_BACKGROUND_DE = 5;
/** The design's background is the rendered picture's when it covers this share of what its own first colour does. */
const TIED_COVERAGE = 0.8;

/**
 * The rendered picture's background: the design's when the rendered picture has it (with its shades) nearly as much
 * as its own first colour, else its own first. Two colours a few pixels apart in coverage (white 22.4 % and dark grey
 * 21.3 % in the design, 21.4 % and 21.5 % in a copy) swapped places, each picture dropped another colour, and a copy
 * 99 % alike to the eye lost 25 points of colour. An email in other colours keeps its own background.
 */
function renderedBackground(design: PaletteColour[], rendered: PaletteColour[]): PaletteColour | undefined {
  const bg = design[0];
  const top = rendered[0];
  if (!bg || !top) return top;
  const shades = rendered.filter((c) => deltaE(c, bg) <= SAME_BACKGROUND_DE).reduce((s, c) => s + c.coverage, 0);
  return shades >= top.coverage * TIED_COVERAGE ? bg : top;
}

/**
 * Colour distance in ΔE00 units: the mean of the whole-palette distance (backgrounds included) and the
 * accent-palette distance (backgrounds left out). When either picture has a single colour, the whole-palette one.
 */
export function colourDistance(a: PaletteColour[], b: PaletteColour[]): number {
  const whole = paletteDistance(a, b);
  const aa = accents(a);
  const ab = accents(b, renderedBackground(a, b));
  if (aa.length === 0 || ab.length === 0) return whole;
  return (whole + paletteDistance(aa, ab)) / 2;
}

/** Design colours (≥ minCoverage) whose nearest rendered colour is further than `threshold` ΔE: colours missing. */
export function missingColours(
  design: PaletteColour[],
  rendered: PaletteColour[],
  threshold = 10,
  minCoverage = 0.02,
): { hex: string; coverage: number; nearest?: string; deltaE: number }[] {
  const out: { hex: string; coverage: number; nearest?: string; deltaE: number }[] = [];
  for (const c of design) {
    if (c.coverage < minCoverage) continue;
    let best: PaletteColour | undefined;
    let bestD = Number.POSITIVE_INFINITY;
    for (const r of rendered) {
      const d = deltaE(c, r);
      if (d < bestD) {
        bestD = d;
        best = r;
      }
    }
    if (bestD > threshold) out.push({ hex: c.hex, coverage: c.coverage, nearest: best?.hex, deltaE: bestD });
  }
  return out;
}
