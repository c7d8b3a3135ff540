import { colourDistance } from "./colour.js";
import type { Box, Raster, Rgb } from "./raster.js";

/**
 * Serif or sans-serif, from the letters' upright stems. A serif face ends a stem on its baseline in a foot that
 * runs out on both sides ("n", "i", "H"), and often starts it with a serif out to the left ("n", "l"); a sans-serif
 * stem ends square, or joins a stroke on one side only (the bowl of "d", the bar of "L", the tail of "t"). Each stem
 * is a run of columns inked most of the way down the line; its ends are compared with its width halfway up.
 */

export interface SerifReading {
  /** Upright stems found. */
  stems: number;
  /** Of those, how many end in a foot that runs out on both sides. */
  footed: number;
  /** How many start with ink out to the left (a serif at the top; also the arch of a sans "a", so it counts less). */
  headed: number;
}

const NONE: SerifReading = { stems: 0, footed: 0, headed: 0 };

export function pooled(readings: SerifReading[]): SerifReading {
  const total = { ...NONE };
  for (const r of readings) {
    total.stems += r.stems;
    total.footed += r.footed;
    total.headed += r.headed;
  }
  return total;
}

/** How serif some letters look: footed stems, and a quarter for each headed one, per stem. */
const serifWeight = (r: SerifReading) => r.footed + r.headed / 4;

/**
 * Serif at this score or more, a block's own letters weighed with the design's. Scores of the development set
 * (decision 150): paragraphs of ten stems or more, sans-serif 0–0.25 (0.30 an italic line), serif 0.27 and up, and
 * 11–12 px Times in a footer 0.15–0.2 (its feet are a pixel wide); whole designs are far apart, sans-serif 0.05–0.12
 * and serif 0.37–0.40. With the design's weight every block of the set is read right from 0.20 to 0.27.
 */
const SERIF_SCORE = 0.22;
/**
 * A block is judged with this many stems of the whole design's letters beside its own: a heading of two words or a
 * price has too few stems to say and takes the design's face, small print's faint feet lean on it, and a paragraph's
 * hundred stems outweigh it (serif headings in a sans-serif design keep their face).
 */
const DESIGN_STEMS = 24;

/** A block's face from its own letters and the whole design's. */
export function familyOf(block: SerifReading, design: SerifReading): "serif" | "sans-serif" {
  // (A design with no stems at all leans sans-serif, the email's default.)
  const prior = design.stems > 0 ? serifWeight(design) / design.stems : 0;
  const score = (serifWeight(block) + DESIGN_STEMS * prior) / (block.stems + DESIGN_STEMS);
  return score >= SERIF_SCORE ? "serif" : "sans-serif";
}

/** The upright stems in a box of ink on a background (a word across its line's height), and how their ends look. */
export function stemsOf(r: Raster, box: Box, background: Rgb): SerifReading {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(r.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(r.height, Math.ceil(box.y + box.height));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 4 || h < 4) return NONE;
  const strength = new Float32Array(w * h);
  let far = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = ((y + y0) * r.width + x + x0) * 3;
      const d = colourDistance([r.data[i]!, r.data[i + 1]!, r.data[i + 2]!], background);
      strength[y * w + x] = d;
      if (d > far) far = d;
    }
  }
  if (far < 40) return NONE;
  for (let i = 0; i < strength.length; i++) strength[i] = strength[i]! / far;
  const at = (x: number, y: number) => (x < 0 || x >= w || y < 0 || y >= h ? 0 : strength[y * w + x]!);
  const CORE = 0.5;
  const EDGE = 0.3;
  // The ink's own height (the line's box may have room above and below).
  let top = h;
  let bottom = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (at(x, y) >= CORE) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        break;
      }
  const inkHeight = bottom - top + 1;
  if (inkHeight < 5) return NONE;
  const minRun = Math.max(4, Math.round(inkHeight * 0.4));
  // Each column's longest vertical core run.
  const runTop = new Int32Array(w).fill(-1);
  const runEnd = new Int32Array(w).fill(-1);
  for (let x = 0; x < w; x++) {
    let best = 0;
    let start = -1;
    for (let y = 0; y <= h; y++) {
      const on = y < h && at(x, y) >= CORE;
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        if (y - start > best) {
          best = y - start;
          runTop[x] = start;
          runEnd[x] = y - 1;
        }
        start = -1;
      }
    }
    if (best < minRun) runTop[x] = -1;
  }
  let stems = 0;
  let footed = 0;
  let headed = 0;
  for (let x = 0; x < w; ) {
    if (runTop[x]! < 0) {
      x++;
      continue;
    }
    const left = x;
    while (x < w && runTop[x]! >= 0 && Math.abs(runEnd[x]! - runEnd[left]!) <= 1) x++;
    const right = x - 1;
    const stemWidth = right - left + 1;
    // A stroke wider than a third of the ink's height is a block, not a letter's stem.
    if (stemWidth > inkHeight / 3) continue;
    const end = Math.max(...Array.from({ length: stemWidth }, (_, k) => runEnd[left + k]!));
    const start = Math.min(...Array.from({ length: stemWidth }, (_, k) => runTop[left + k]!));
    const mid = Math.round((start + end) / 2);
    const spread = (y: number) => {
      let l = left;
      while (l - 1 >= 0 && at(l - 1, y) >= EDGE) l--;
      let rr = right;
      while (rr + 1 < w && at(rr + 1, y) >= EDGE) rr++;
      return { l: left - l, r: rr - right };
    };
    const body = spread(mid);
    // A straight stem's columns all run its length; a bowl's side ("O", "e") has only its middle columns long
    // enough, and its stroke at mid-height is wider than they are. It is no stem.
    if (body.l + body.r > Math.max(2, stemWidth)) continue;
    let outL = 0;
    let outR = 0;
    for (const y of [end - 1, end, end + 1]) {
      const s = spread(y);
      // Both sides measured on the same row: a bowl's join on one side and a tail on the other are not a foot.
      const both = Math.min(s.l - body.l, s.r - body.r);
      if (both > Math.min(outL, outR)) {
        outL = s.l - body.l;
        outR = s.r - body.r;
      }
    }
    stems++;
    const reach = Math.max(1, inkHeight * 0.04);
    if (outL >= reach && outR >= reach && outL + outR <= inkHeight * 0.8) footed++;
    let headL = 0;
    let headR = 0;
    for (const y of [start - 1, start, start + 1]) {
      const s = spread(y);
      if (s.l - body.l > headL) {
        headL = s.l - body.l;
        headR = s.r - body.r;
      }
    }
    if (headL >= reach && headL + headR <= inkHeight * 0.5) headed++;
  }
  return { stems, footed, headed };
}
