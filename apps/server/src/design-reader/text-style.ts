import { ColourTally, colourDistance, INK_DISTANCE, quantKey } from "./colour.js";
import type { Box, Raster, Rgb } from "./raster.js";

/**
 * What a line of text looks like (decision 121): its colour is the most common exact colour of its core ink (pixels
 * nearly as far from the background as the farthest, so anti-aliased edges do not pull it toward the background); its weight comes from stroke
 * thickness — the mean length of horizontal ink runs across the letters, compared with the font size.
 */

/**
 * Strokes thicker than this share of the font size are bold. Measured as below on Liberation Sans/Serif and DejaVu
 * Serif drawn at 12–48 px: regular 0.09–0.13 em, bold 0.15–0.21 em.
 */
export const BOLD_STROKE_EM = 0.14;

/**
 * Lines whose stems (`stemStroke`) are thicker than this share of the font size are bold. Measured on Liberation Sans
 * capitals and mixed case at 14–60 px: regular 0.073–0.099 em, bold 0.129–0.162 em; by the mean stroke regular
 * capitals ("TECH", "HEADPHONES") measured 0.14–0.17 em, as thick as bold.
 */
export const BOLD_STEM_EM = 0.115;

/** Pixels this close to the background are background (anti-aliasing's faintest edge), never ink. */
const FAINT = INK_DISTANCE / 2;

export interface InkStyle {
  colour: Rgb;
  /** Mean horizontal stroke width in image pixels. */
  stroke: number;
  /**
   * The same over the shortest three quarters of the runs: the stems' own width, without the bars of capitals ("E",
   * "T", "H") whose long runs made a line of regular capitals as thick as bold.
   */
  stemStroke: number;
}

export function inkStyle(r: Raster, box: Box, background: Rgb): InkStyle {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(r.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(r.height, Math.ceil(box.y + box.height));
  // How far the ink is from the background (core ink is at least half as far): the 95th percentile of the inked
  // pixels' distances, not the farthest one, which a stray speck of another colour sets (a 1 px orange dot under
  // a grey line on navy left only the dot above the threshold).
  const counts = new Uint32Array(256);
  let inked = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * r.width + x) * 3;
      const d = colourDistance([r.data[i]!, r.data[i + 1]!, r.data[i + 2]!], background);
      if (d <= FAINT) continue;
      counts[d]!++;
      inked++;
    }
  }
  let far = 0;
  for (let d = 255, seen = 0; d > FAINT; d--) {
    seen += counts[d]!;
    if (seen > inked * 0.05) {
      far = d;
      break;
    }
  }
  const core = Math.max(FAINT, far * 0.5);
  // A run of ink longer than the line is tall is not a letter's stroke but an underline or a strike (a link's): it
  // would make the link's colour the line's and its thickness read as bold, so it is left out of both.
  const longest = Math.max(4, y1 - y0);
  const tally = new ColourTally();
  const stems: Rgb[] = [];
  let runTotal = 0;
  let runCount = 0;
  const runLengths: number[] = [];
  for (let y = y0; y < y1; y++) {
    let run = 0;
    // The run's most covered pixel (farthest from the background) carries its ink's colour; each stroke votes once,
    // so a line of grey words with a few orange ones is grey, though the orange is farther from a pale background.
    let stem: Rgb = [0, 0, 0];
    let stemFar = -1;
    for (let x = x0; x <= x1; x++) {
      let on = false;
      if (x < x1) {
        const i = (y * r.width + x) * 3;
        const px: Rgb = [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
        const d = colourDistance(px, background);
        on = d >= core;
        if (on && d > stemFar) {
          stemFar = d;
          stem = px;
        }
      }
      if (on) run++;
      else if (run > 0) {
        if (run <= longest) {
          runTotal += run;
          runCount++;
          runLengths.push(run);
          // (Votes by 4-bit colour: anti-aliased stems of one ink differ by a few levels, a speck's pixels not at all.)
          tally.add(quantKey(stem[0], stem[1], stem[2]), stem);
          stems.push(stem);
        }
        run = 0;
        stemFar = -1;
      }
    }
  }
  const winner = tally.best();
  return {
    colour: winner ? deepest(winner, stems, background) : [0, 0, 0],
    stroke: runCount > 0 ? runTotal / runCount : 0,
    stemStroke: shortestMean(runLengths, 0.75),
  };
}

/** The mean of the shortest share of the values (0 for none). */
function shortestMean(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const kept = [...values].sort((a, b) => a - b).slice(0, Math.max(1, Math.ceil(values.length * share)));
  return kept.reduce((n, v) => n + v, 0) / kept.length;
}

/**
 * The ink's own colour: small text never covers a whole pixel, so its most common stem is paler than its ink; the
 * deepest stems of the winning ink (those on the line from the background through it) come closest.
 */
function deepest(winner: Rgb, stems: Rgb[], background: Rgb): Rgb {
  const v = [winner[0] - background[0], winner[1] - background[1], winner[2] - background[2]] as const;
  const vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  if (vv === 0) return winner;
  const same = stems.filter((p) => {
    const w = [p[0] - background[0], p[1] - background[1], p[2] - background[2]] as const;
    const t = (w[0] * v[0] + w[1] * v[1] + w[2] * v[2]) / vv;
    const off = Math.hypot(w[0] - t * v[0], w[1] - t * v[1], w[2] - t * v[2]);
    return t > 0 && off <= FAINT;
  });
  let far = 0;
  for (const p of same) far = Math.max(far, colourDistance(p, background));
  const tally = new ColourTally();
  for (const p of same)
    if (colourDistance(p, background) >= far * 0.92) tally.add((p[0] << 16) | (p[1] << 8) | p[2], p);
  return tally.best() ?? winner;
}

/** Shears tried for an italic's slant (x moved right per pixel of height): 6–19°, italic faces lean 9–16°. */
const SLANTS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35];
/**
 * A line is italic when its ink leaned back by its best slant gathers into columns this much more than upright or
 * leaned the other way. Measured as below on Liberation Sans and Serif at 12–40 px: upright 0.67–0.96 (0.98–1.02 for
 * a line of "W" and "V"), italic 1.05–1.46 (bold serif italic at 12–16 px 0.96–1.08: read upright when under).
 */
export const ITALIC_GATHER = 1.04;

/**
 * An italic's slant (decision 151): upright stems stack their ink in a few columns, so a line's column profile is
 * most peaked at the shear that stands its stems up; upright type peaks at none, italic at its slant, and letters
 * of diagonals ("W", "V") as much one way as the other. Pixels at half the ink's contrast (whole strokes) count.
 */
export function slantOf(r: Raster, box: Box, background: Rgb, ink: Rgb): { italic: boolean; shear: number } {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(r.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(r.height, Math.ceil(box.y + box.height));
  const threshold = Math.max(FAINT, colourDistance(ink, background) / 2);
  const pixels: number[] = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * r.width + x) * 3;
      if (colourDistance([r.data[i]!, r.data[i + 1]!, r.data[i + 2]!], background) >= threshold)
        pixels.push(x - x0, y1 - y);
    }
  if (pixels.length < 40) return { italic: false, shear: 0 };
  // How peaked the column profile is at a shear: the sum of the columns' squared counts over the pixels' count.
  const gathered = (shear: number) => {
    const columns = new Map<number, number>();
    for (let k = 0; k < pixels.length; k += 2) {
      const column = Math.round(pixels[k]! - shear * pixels[k + 1]!);
      columns.set(column, (columns.get(column) ?? 0) + 1);
    }
    let squares = 0;
    for (const n of columns.values()) squares += n * n;
    return squares;
  };
  let best = 0;
  let shear = 0;
  for (const s of SLANTS) {
    const g = gathered(s);
    if (g > best) {
      best = g;
      shear = s;
    }
  }
  let other = gathered(0);
  for (const s of SLANTS) other = Math.max(other, gathered(-s));
  return best >= other * ITALIC_GATHER ? { italic: true, shear } : { italic: false, shear: 0 };
}
