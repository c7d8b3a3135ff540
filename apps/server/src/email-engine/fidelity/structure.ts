import { ssim } from "ssim.js";
import type { Raster } from "./normalise.js";

/** Greyscale (Rec. 601 luma) as RGBA, the shape ssim.js reads; `inverted`: 255 − luma (the negative). */
function toGreyRgba(r: Raster, inverted = false): { data: Uint8ClampedArray; width: number; height: number } {
  const n = r.width * r.height;
  const out = new Uint8ClampedArray(n * 4);
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    const luma = Math.round(0.299 * r.data[i]! + 0.587 * r.data[i + 1]! + 0.114 * r.data[i + 2]!);
    const y = inverted ? 255 - luma : luma;
    const o = p * 4;
    out[o] = y;
    out[o + 1] = y;
    out[o + 2] = y;
    out[o + 3] = 255;
  }
  return { data: out, width: r.width, height: r.height };
}

export interface StructureResult {
  /** Mean SSIM, −1…1 (1 = identical). */
  mssim: number;
  /** Per-band mean SSIM from top to bottom (bands of `bandPx` compare pixels), for the difference summary. */
  bands: number[];
  bandPx: number;
  /** Mean SSIM of each image row (the map's rows stretched back to the image's), for per-section similarity. */
  rows: Float32Array;
}

/**
 * Structural similarity of two same-sized rasters on greyscale ("weber" SSIM of ssim.js: the standard
 * Gaussian-window SSIM computed with integral images, fast), **blind to polarity**: each window
 * takes the better of the SSIM against `b` and against `b`'s negative, so dark text on light and light text on dark
 * in the same place count as the same structure. Colour (and so which way the contrast goes) is the colour part's
 * business; without this, an email with the right layout and text in other colours lost its whole structure part
 * and scored below an unrelated template. Also returns the SSIM per horizontal band.
 */
export function structuralSimilarity(a: Raster, b: Raster, bandPx = 40): StructureResult {
  const grey = toGreyRgba(a);
  const direct = ssim(grey, toGreyRgba(b), { ssim: "weber", downsample: false }).ssim_map;
  const negative = ssim(grey, toGreyRgba(b, true), { ssim: "weber", downsample: false }).ssim_map;
  const data = direct.data.map((v, k) => Math.max(v, negative.data[k]!));
  const map = { data, width: direct.width, height: direct.height };
  let total = 0;
  for (const v of data) total += v;
  const bands: number[] = [];
  // The map may be smaller than the image by the window margin; scale rows back to image rows.
  const rowScale = a.height / map.height;
  const bandRows = Math.max(1, Math.round(bandPx / rowScale));
  for (let y0 = 0; y0 < map.height; y0 += bandRows) {
    let sum = 0;
    let n = 0;
    for (let y = y0; y < Math.min(map.height, y0 + bandRows); y++) {
      for (let x = 0; x < map.width; x++) {
        sum += map.data[y * map.width + x]!;
        n++;
      }
    }
    bands.push(n ? sum / n : 1);
  }
  const rows = new Float32Array(a.height).fill(1);
  const rowMeans = new Float32Array(map.height);
  for (let y = 0; y < map.height; y++) {
    let sum = 0;
    for (let x = 0; x < map.width; x++) sum += map.data[y * map.width + x]!;
    rowMeans[y] = map.width ? sum / map.width : 1;
  }
  if (map.height > 0)
    for (let y = 0; y < a.height; y++) rows[y] = rowMeans[Math.min(map.height - 1, Math.floor(y / rowScale))]!;
  return { mssim: data.length ? total / data.length : 1, bands, bandPx, rows };
}
