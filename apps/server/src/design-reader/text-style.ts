import { ColourTally, colourDistance } from "./colour.js";
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

export interface InkStyle {
  colour: Rgb;
  /** Mean horizontal stroke width in image pixels. */
  stroke: number;
}

export function inkStyle(r: Raster, box: Box, background: Rgb): InkStyle {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(r.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(r.height, Math.ceil(box.y + box.height));
  // The farthest any pixel is from the background: core ink is at least half as far.
  let far = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * r.width + x) * 3;
      far = Math.max(far, colourDistance([r.data[i]!, r.data[i + 1]!, r.data[i + 2]!], background));
    }
  }
  const core = Math.max(24, far * 0.5);
  const tally = new ColourTally();
  let runTotal = 0;
  let runCount = 0;
  for (let y = y0; y < y1; y++) {
    let run = 0;
    for (let x = x0; x <= x1; x++) {
      let on = false;
      if (x < x1) {
        const i = (y * r.width + x) * 3;
        const px: Rgb = [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
        on = colourDistance(px, background) >= core;
        if (on && colourDistance(px, background) >= far * 0.92) {
          // Exact colours: fully covered pixels (stems) carry the ink's own colour; blended edges scatter.
          tally.add((px[0] << 16) | (px[1] << 8) | px[2], px);
        }
      }
      if (on) run++;
      else if (run > 0) {
        runTotal += run;
        runCount++;
        run = 0;
      }
    }
  }
  const colour: Rgb = tally.best() ?? [0, 0, 0];
  return { colour, stroke: runCount > 0 ? runTotal / runCount : 0 };
}
