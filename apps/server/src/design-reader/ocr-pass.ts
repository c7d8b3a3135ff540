import sharp from "sharp";
import type { OcrEngine, OcrLanguage, OcrWord } from "../adapters/ocr/ocr-engine.js";
import { colourDistance, nearestBlend, stepsToFill } from "./colour.js";
import { type Box, pixelAt, type Raster, type Rgb } from "./raster.js";

/**
 * The OCR pass (decision 120): every pixel is redrawn as its distance from its own background — the band's colour,
 * or a button's or card's fill — so white text on a coloured band becomes dark text on white like any other, and
 * pictures keep their own greys. A 1× design is enlarged 2× first (Tesseract's LSTM reads 20–30 px letters best;
 * a 14 px body line at 1× is read with many more mistakes). Word boxes come back in the design's pixels.
 */

export interface BackgroundArea {
  box: Box;
  background: Rgb;
  /** The colour around a filled shape: its rounded corners show it, and are not ink. */
  around?: Rgb;
}

/** Distance × this is the grey's darkness: text 85 levels away from its background is already black. */
const CONTRAST_GAIN = 3;

/**
 * A filled shape's corner radius in pixels: how far along the diagonal from its corners the fill begins,
 * over 1 − 1/√2 (a radius R leaves that share of R outside the arc), plus a pixel of anti-aliasing; at most half
 * its height or width.
 */
function cornerRadius(r: Raster, box: Box, fill: Rgb, around: Rgb): number {
  const limit = Math.floor(Math.min(box.width, box.height) / 2);
  const k = stepsToFill(r, box, fill, 12, limit, around);
  return Math.min(limit, Math.ceil(k / (1 - Math.SQRT1_2)) + 1);
}

/**
 * A grey picture of the design with ink dark on white; later areas in the list win (a button inside its band).
 * Pictures are left white: their grain and edges, read on the same page as the text, can make the engine's page
 * layout find no text at all (a design of large photo-like pictures came back with 4 marks and no word). They are read
 * on a page of their own (pictureGrey).
 */
/** A filled shape's outermost pixels (image px) that blend its fill into the colour around it are no ink… */
export const SHAPE_EDGE_PX = 2;
/** …on a side whose outermost line is off the fill over this share of it (an outline, not letters cut tight). */
const OUTLINE_SHARE = 0.8;
/** A pixel this far from the fill (the largest channel) is off it. */
const OFF_FILL = 24;

/** SHAPE_EDGE_PX for each side of the box whose outermost line of pixels is an outline, else 0. */
function outlineSides(r: Raster, box: Box, fill: Rgb): { top: number; bottom: number; left: number; right: number } {
  const off = (x: number, y: number) => colourDistance(pixelAt(r, x, y), fill) > OFF_FILL;
  const share = (n: number, at: (k: number) => boolean) => {
    let hits = 0;
    for (let k = 0; k < n; k++) if (at(k)) hits++;
    return hits / Math.max(1, n);
  };
  // (The outermost line off the fill, the line just inside the ring on it: a shape's edge around its fill.)
  const side = (n: number, at: (k: number, inward: number) => boolean) =>
    share(n, (k) => at(k, 0)) >= OUTLINE_SHARE && share(n, (k) => !at(k, SHAPE_EDGE_PX)) >= OUTLINE_SHARE
      ? SHAPE_EDGE_PX
      : 0;
  const x1 = box.x + box.width - 1;
  const y1 = box.y + box.height - 1;
  if (box.width <= 2 * SHAPE_EDGE_PX + 2 || box.height <= 2 * SHAPE_EDGE_PX + 2)
    return { top: 0, bottom: 0, left: 0, right: 0 };
  return {
    top: side(box.width, (k, d) => off(box.x + k, box.y + d)),
    bottom: side(box.width, (k, d) => off(box.x + k, y1 - d)),
    left: side(box.height, (k, d) => off(box.x + d, box.y + k)),
    right: side(box.height, (k, d) => off(x1 - d, box.y + k)),
  };
}

export function normalisedGrey(r: Raster, areas: BackgroundArea[], pictures: Box[]): Uint8Array {
  const grey = new Uint8Array(r.width * r.height).fill(255);
  for (const { box, background, around } of areas) {
    const [br, bg, bb] = background;
    // A shape's rounded corners show the colour around it, as far in as their radius (a pill's, half its height;
    // a button's, a few pixels: wider, the zone took in the first letters of a white label on a white page).
    const corner = around ? cornerRadius(r, box, background, around) : 0;
    // (And its sides, the outermost pixels all round: anti-aliased, they came out as a frame of lines around a
    // button's label, read "I" and "|", and as an underline that made "Shop Now" one tall "shopNow".)
    // (Only the sides that are an outline: letters cut tight, a heavy "NOW" taken for a white shape, keep their ink.)
    const ring = around ? outlineSides(r, box, background) : { top: 0, bottom: 0, left: 0, right: 0 };
    for (let y = box.y; y < box.y + box.height; y++) {
      let i = (y * r.width + box.x) * 3;
      let g = y * r.width + box.x;
      const nearEdgeY = y - box.y < corner || box.y + box.height - 1 - y < corner;
      const onEdgeY = y - box.y < ring.top || box.y + box.height - 1 - y < ring.bottom;
      for (let x = box.x; x < box.x + box.width; x++, i += 3, g++) {
        const d = Math.max(Math.abs(r.data[i]! - br), Math.abs(r.data[i + 1]! - bg), Math.abs(r.data[i + 2]! - bb));
        let dark = d;
        const inCorner = nearEdgeY && (x - box.x < corner || box.x + box.width - 1 - x < corner);
        const onEdge = onEdgeY || x - box.x < ring.left || box.x + box.width - 1 - x < ring.right;
        if (around && (inCorner || onEdge)) {
          const a = Math.max(
            Math.abs(r.data[i]! - around[0]),
            Math.abs(r.data[i + 1]! - around[1]),
            Math.abs(r.data[i + 2]! - around[2]),
          );
          // The corner's edge blends the fill into the colour around it: no ink either (left grey, the arcs of a
          // pill on a dark page made the engine skip its label).
          const p: Rgb = [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
          dark = Math.min(d, a, colourDistance(p, nearestBlend(p, background, around)));
        }
        grey[g] = 255 - Math.min(255, dark * CONTRAST_GAIN);
      }
    }
  }
  for (const box of pictures) {
    for (let y = box.y; y < box.y + box.height; y++)
      grey.fill(255, y * r.width + box.x, y * r.width + box.x + box.width);
  }
  return grey;
}

/** The pictures alone, in their own light and dark (text on a photo is read as drawn), on a white page. */
export function pictureGrey(r: Raster, pictures: Box[]): Uint8Array {
  const grey = new Uint8Array(r.width * r.height).fill(255);
  for (const box of pictures) {
    for (let y = box.y; y < box.y + box.height; y++) {
      let i = (y * r.width + box.x) * 3;
      let g = y * r.width + box.x;
      for (let x = box.x; x < box.x + box.width; x++, i += 3, g++) {
        grey[g] = Math.round(0.299 * r.data[i]! + 0.587 * r.data[i + 1]! + 0.114 * r.data[i + 2]!);
      }
    }
  }
  return grey;
}

/** How much a design of this scale is enlarged before reading. */
export const upscaleFor = (scale: number) => (scale >= 2 ? 1 : 2);

export async function readWords(
  engine: OcrEngine,
  grey: Uint8Array,
  size: { width: number; height: number },
  opts: { scale: number; languages: OcrLanguage[]; signal?: AbortSignal },
): Promise<OcrWord[]> {
  const factor = upscaleFor(opts.scale);
  let image = sharp(grey, { raw: { width: size.width, height: size.height, channels: 1 } });
  if (factor !== 1) image = image.resize({ width: size.width * factor, kernel: "lanczos3" });
  const png = await image.png({ compressionLevel: 1 }).toBuffer();
  const words = await engine.recognise(png, { languages: opts.languages, signal: opts.signal });
  return words.map((w) => ({
    ...w,
    box: {
      x: w.box.x / factor,
      y: w.box.y / factor,
      width: w.box.width / factor,
      height: w.box.height / factor,
    },
  }));
}

/**
 * A box to read apart. `onlyInside`: one line of several set close together, its margin blanked (the lines above and
 * below reach into it). `clearSides`: its margin left and right blanked too (an emoji cut off the word it was glued
 * to).
 */
export type PieceBox = Box & { onlyInside?: boolean; clearSides?: boolean };

/** Pieces of ink read one by one at most, per design (a long table's quantities), to bound the time. */
export const MAX_GLYPH_READS = 40;

/**
 * Boxes of the picture read apart from the page: each box is cut from the normalised picture with a margin,
 * enlarged to about 48 px of ink, and the pieces are stacked one under another, well apart, on one white sheet read
 * in a single pass as a block of lines (one line per piece). One sheet costs one reading however many pieces there
 * are. Each piece's words come back in the picture's pixels. Also for lines the page reading read doubtfully (an
 * underlined address came back as ".teradata.com/" at 23), read again each on its own. `mode` "line": one piece read
 * as one line (readWordsAlone).
 */
export async function readPieces(
  engine: OcrEngine,
  grey: Uint8Array,
  size: { width: number; height: number },
  boxes: PieceBox[],
  opts: { languages: OcrLanguage[]; signal?: AbortSignal; clearUnderlines?: boolean; mode?: "block" | "line" },
): Promise<Map<number, OcrWord[]>> {
  const found = new Map<number, OcrWord[]>();
  const pieces: {
    index: number;
    png: Buffer;
    width: number;
    height: number;
    x0: number;
    y0: number;
    k: number;
    /** The line its words stay within (an `onlyInside` piece). */
    line?: Box;
  }[] = [];
  for (const [index, box] of boxes.slice(0, MAX_GLYPH_READS).entries()) {
    const margin = Math.max(2, Math.round(box.height * 0.3));
    const x0 = Math.max(0, box.x - margin);
    const y0 = Math.max(0, box.y - margin);
    const x1 = Math.min(size.width, box.x + box.width + margin);
    const y1 = Math.min(size.height, box.y + box.height + margin);
    const crop = new Uint8Array((x1 - x0) * (y1 - y0));
    for (let y = y0; y < y1; y++)
      crop.set(grey.subarray(y * size.width + x0, y * size.width + x1), (y - y0) * (x1 - x0));
    if (opts.clearUnderlines) clearUnderline(crop, x1 - x0, { ...box, x: box.x - x0, y: box.y - y0 });
    if (box.onlyInside) {
      crop.fill(255, 0, Math.max(0, Math.floor(box.y) - y0) * (x1 - x0));
      crop.fill(255, Math.min(y1 - y0, Math.ceil(box.y + box.height) - y0) * (x1 - x0));
    }
    if (box.clearSides) {
      const left = Math.max(0, Math.floor(box.x) - x0);
      const right = Math.min(x1 - x0, Math.ceil(box.x + box.width) - x0);
      for (let row = 0; row < (y1 - y0) * (x1 - x0); row += x1 - x0) {
        crop.fill(255, row, row + left);
        crop.fill(255, row + right, row + (x1 - x0));
      }
    }
    // Tesseract reads best at 20–50 px capitals.
    const k = Math.max(1, Math.min(6, 48 / Math.max(1, box.height)));
    const width = Math.max(1, Math.round((x1 - x0) * k));
    const height = Math.max(1, Math.round((y1 - y0) * k));
    const png = await sharp(crop, { raw: { width: x1 - x0, height: y1 - y0, channels: 1 } })
      .resize({ width, height, kernel: "lanczos3" })
      .png()
      .toBuffer();
    pieces.push({ index, png, width, height, x0, y0, k, ...(box.onlyInside ? { line: box } : {}) });
  }
  if (pieces.length === 0) return found;
  const gap = 40;
  const sheetWidth = Math.max(...pieces.map((p) => p.width)) + 2 * gap;
  let top = gap;
  const placed = pieces.map((p) => {
    const at = { ...p, top };
    top += p.height + gap;
    return at;
  });
  const sheet = await sharp({
    create: { width: sheetWidth, height: top, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite(placed.map((p) => ({ input: p.png, left: gap, top: p.top })))
    .greyscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
  const words = await engine.recognise(sheet, {
    languages: opts.languages,
    signal: opts.signal,
    mode: opts.mode ?? "block",
  });
  for (const p of placed) {
    const mine = words
      .filter((w) => {
        const centre = w.box.y + w.box.height / 2;
        return centre >= p.top && centre < p.top + p.height;
      })
      .sort((a, b) => a.box.x - b.box.x)
      .map((w) => {
        const box = {
          x: p.x0 + (w.box.x - gap) / p.k,
          y: p.y0 + (w.box.y - p.top) / p.k,
          width: w.box.width / p.k,
          height: w.box.height / p.k,
        };
        // (A word of one line among others is that line's: its box stays within it.)
        const line = p.line;
        if (!line) return { ...w, box };
        const y = Math.max(line.y, Math.min(box.y, line.y + line.height - 1));
        return {
          ...w,
          box: { ...box, y, height: Math.max(1, Math.min(box.y + box.height, line.y + line.height) - y) },
        };
      });
    if (mine.length > 0) found.set(p.index, mine);
  }
  return found;
}

/** Darker than this in the reading's grey (normalisedGrey: ink dark on white) is ink. */
export const INK_GREY = 128;
/** An underline's row is ink across this share of its line. */
const UNDERLINE_SHARE = 0.7;
/** ...in this lower share of the line's box. */
const UNDERLINE_ZONE = 0.4;
/** ...in runs at least this many of the line's heights long (longer than any letter's foot). */
const UNDERLINE_RUN = 1.2;

/**
 * Whitens a line's underline in a crop of the reading's grey (`line`: the line's box in the crop). On a phone
 * screenshot at 3× a link's underline is 3 px thick, touching its descenders, and the engine read
 * "https://same-link-as-button.url/xxx-xxx-xxxx" as "hitps:f/same-link-as-button." at 0. Rows in the line's lower part
 * inked across most of its width, under rows that hold letters, are the underline (with the rows beside them that are
 * still half ink, its anti-aliased edges).
 */
export function clearUnderline(crop: Uint8Array, width: number, line: Box): void {
  const x0 = Math.max(0, Math.round(line.x));
  const x1 = Math.min(width, Math.round(line.x + line.width));
  const rows = crop.length / width;
  const y1 = Math.min(rows, Math.round(line.y + line.height));
  // An underline runs on under several letters at a time (broken only by descenders); capitals' feet stop at each
  // letter's edge. (Condensed bold capitals' feet ink most of their row: "EARLY" was read "FARIY" with them cleared.)
  const longRun = Math.min(line.height * UNDERLINE_RUN, (x1 - x0) * 0.8);
  /** A row's share of ink, and its share in runs of longRun or more. */
  const rowInk = (y: number) => {
    let ink = 0;
    let long = 0;
    let run = 0;
    for (let x = x0; x <= x1; x++) {
      if (x < x1 && crop[y * width + x]! < INK_GREY) {
        ink++;
        run++;
        continue;
      }
      if (run >= longRun) long += run;
      run = 0;
    }
    return { share: ink / Math.max(1, x1 - x0), long: long / Math.max(1, x1 - x0) };
  };
  const share = (y: number) => rowInk(y).share;
  const top = Math.max(0, Math.round(line.y));
  const from = Math.round(line.y + line.height * (1 - UNDERLINE_ZONE));
  const under: number[] = [];
  for (let y = Math.max(top, from); y < y1; y++) {
    const row = rowInk(y);
    if (row.share >= UNDERLINE_SHARE && row.long >= UNDERLINE_SHARE / 2) under.push(y);
  }
  if (under.length === 0) return;
  // Letters above it: a bar alone (a dash, a rule) is no underline.
  let lettered = false;
  for (let y = top; y < under[0]! && !lettered; y++) {
    const ink = share(y);
    lettered = ink > 0.02 && ink < UNDERLINE_SHARE;
  }
  if (!lettered) return;
  const first = under[0]!;
  const last = under[under.length - 1]!;
  const clear = (y: number) => crop.fill(255, y * width + x0, y * width + x1);
  for (let y = first; y <= last; y++) clear(y);
  if (first - 1 >= top && share(first - 1) >= UNDERLINE_SHARE / 2) clear(first - 1);
  if (last + 1 < rows && share(last + 1) >= UNDERLINE_SHARE / 2) clear(last + 1);
}

/**
 * Words in small boxes the page reading left empty (readPieces): Tesseract's page modes drop a lone character or
 * digit (a table's "2", a "#") as noise. Each answer is the piece's words as one, in the box it was read in.
 */
export async function readGlyphs(...args: Parameters<typeof readPieces>): Promise<Map<number, OcrWord>> {
  const [, , , boxes] = args;
  const found = new Map<number, OcrWord>();
  for (const [index, mine] of await readPieces(...args)) {
    const text = mine
      .map((w) => w.text)
      .join(" ")
      .trim();
    if (!text) continue;
    found.set(index, { text, box: boxes[index]!, confidence: Math.min(...mine.map((w) => w.confidence)) });
  }
  return found;
}
