import { DESIGN_READER_MESSAGES, type DesignReaderRefusal } from "@mailsmith/shared";
import sharp from "sharp";
import { colourDistance, dominantColour, SAME_COLOUR } from "./colour.js";
import { DesignImageError, inspectDesign, MAX_DESIGN_PIXELS } from "./load-image.js";
import type { Raster } from "./raster.js";
import { REFUSAL_OF_LOAD, refusalCode } from "./refusal.js";

/**
 * The fast check before any credit is taken (no OCR, well under 200 ms): the picture opens, is still, is
 * big enough, is not one colour, and looks like an email — not a lone photo (colour everywhere, no flat rows between
 * things) nor a scanned letter (a grey page of many long lines of small text, no colour, no bands).
 */

export type CheckReadableResult = { ok: true } | { ok: false; code: string; message: string };

const refuse = (refusal: DesignReaderRefusal): CheckReadableResult => ({
  ok: false,
  code: refusalCode(refusal),
  message: DESIGN_READER_MESSAGES[refusal],
});

/** The picture is looked at this wide (and at most this many rows): enough for bands and lines, cheap to scan. */
const CHECK_WIDTH = 400;
const CHECK_MAX_HEIGHT = 2400;

/** Share of rows with one colour across ≥ 90 % of the width. A design has many (the space between things). */
function flatRowShare(r: Raster): number {
  let flat = 0;
  for (let y = 0; y < r.height; y++) {
    if (dominantColour(r, { x: 0, y, width: r.width, height: 1 }, 2).share >= 0.9) flat++;
  }
  return flat / r.height;
}

/**
 * A page of prose: greys only, no band of another colour, and most rows hold ink of long lines of small text (lines
 * under 2.2 % of the page's width tall: 17 px on an A4 page scanned 760 px wide), at least 30 of them.
 */
function scannedLetter(r: Raster, paper: readonly [number, number, number]): boolean {
  let coloured = 0;
  for (let i = 0; i < r.data.length; i += 3) {
    const c =
      Math.max(r.data[i]!, r.data[i + 1]!, r.data[i + 2]!) - Math.min(r.data[i]!, r.data[i + 1]!, r.data[i + 2]!);
    if (c > 40) coloured++;
  }
  if (coloured > (r.width * r.height) / 500) return false;
  let bandRows = 0;
  for (let y = 0; y < r.height; y++) {
    const row = dominantColour(r, { x: 0, y, width: r.width, height: 1 }, 2);
    if (row.share >= 0.9 && colourDistance(row.colour, paper) > SAME_COLOUR * 2) bandRows++;
  }
  if (bandRows > r.height * 0.03) return false;
  let lines = 0;
  let inkRows = 0;
  let longRows = 0;
  let inLine = false;
  const heights: number[] = [];
  let lineStart = 0;
  for (let y = 0; y < r.height; y++) {
    let x0 = r.width;
    let x1 = -1;
    for (let x = 0; x < r.width; x++) {
      const i = (y * r.width + x) * 3;
      if (colourDistance([r.data[i]!, r.data[i + 1]!, r.data[i + 2]!], paper) > 60) {
        x0 = Math.min(x0, x);
        x1 = x;
      }
    }
    const ink = x1 >= 0;
    if (ink) {
      inkRows++;
      if (x1 - x0 >= r.width * 0.55) longRows++;
    }
    if (ink && !inLine) {
      lines++;
      lineStart = y;
    }
    if (!ink && inLine) heights.push(y - lineStart);
    inLine = ink;
  }
  heights.sort((a, b) => a - b);
  const small = (heights[Math.floor(heights.length / 2)] ?? r.width) <= r.width * 0.022;
  return lines >= 30 && small && inkRows >= r.height * 0.35 && longRows >= inkRows * 0.6;
}

export async function checkDesignReadable(image: Buffer): Promise<CheckReadableResult> {
  try {
    await inspectDesign(image);
  } catch (err) {
    if (err instanceof DesignImageError) return refuse(REFUSAL_OF_LOAD[err.reason]);
    throw err;
  }
  let raster: Raster;
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_DESIGN_PIXELS })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize({ width: CHECK_WIDTH, height: CHECK_MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    raster = {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch {
    return refuse("corrupt");
  }
  const whole = dominantColour(raster, { x: 0, y: 0, width: raster.width, height: raster.height });
  let far = 0;
  for (let i = 0; i < raster.data.length && far <= SAME_COLOUR * 2; i += 3) {
    far = Math.max(far, colourDistance([raster.data[i]!, raster.data[i + 1]!, raster.data[i + 2]!], whole.colour));
  }
  if (far <= SAME_COLOUR * 2) return refuse("blank");
  if (flatRowShare(raster) < 0.08 && whole.distinct >= 12) return refuse("lonePhoto");
  if (scannedLetter(raster, whole.colour)) return refuse("scannedLetter");
  return { ok: true };
}
