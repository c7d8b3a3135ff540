import { ssim } from "ssim.js";
import type { Raster } from "./normalise.js";

/** Greyscale (Rec. 601 luma) as RGBA, the shape ssim.js reads. */
function toGreyRgba(r: Raster): { data: Uint8ClampedArray; width: number; height: number } {
  const n = r.width * r.height;
  const out = new Uint8ClampedArray(n * 4);
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    const y = Math.round(0.299 * r.data[i]! + 0.587 * r.data[i + 1]! + 0.114 * r.data[i + 2]!);
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
}

/**
 * Structural similarity of two same-sized rasters on greyscale ("weber" SSIM of ssim.js: the standard
 * Gaussian-window SSIM computed with integral images, fast). Also returns the SSIM per horizontal band.
 */
export function structuralSimilarity(a: Raster, b: Raster, bandPx = 40): StructureResult {
  const result = ssim(toGreyRgba(a), toGreyRgba(b), { ssim: "weber", downsample: false });
  const map = result.ssim_map;
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
  return { mssim: result.mssim, bands, bandPx };
}
