import { contrastRatio } from "@mailsmith/shared";
import type { OcrEngine, OcrLanguage, OcrWord } from "../adapters/ocr/ocr-engine.js";
import { ColourTally, colourDistance, dominantColour, INK_DISTANCE, luminance, tallyInk } from "./colour.js";
import { readWords } from "./ocr-pass.js";
import { type Box, centreInside, overlapArea, pixelAt, type Raster, type Rgb, roundBox } from "./raster.js";

/**
 * Text set over a picture (decision 143): a hero photo with its headline on it. The page reading sees such text as
 * drawn on the photo and reads it poorly (the photo's own light and dark are kept). When a picture carries a few
 * words read with confidence, its ink colour is taken from them and the picture is read once more as its distance
 * from that colour: the letters come out black on white, the photo mostly white. The words found become live text
 * over the picture; the crop the email shows has them erased (eraseAreas).
 */

/** A picture needs this many words of two letters or more, read with this confidence, to be read again. */
const CANDIDATE_WORDS = 2;
const CANDIDATE_CONFIDENCE = 70;
/** At most this many pictures of one design are read again (each is one more OCR pass). */
export const MAX_OVERLAY_READS = 4;
/** The second reading must find this many words at this mean confidence, or the picture keeps its text drawn. */
const OVERLAY_MIN_WORDS = 2;
const OVERLAY_MIN_CONFIDENCE = 75;
/** Distance × this is the grey's darkness in the second reading (as the page reading's CONTRAST_GAIN). */
const CONTRAST_GAIN = 3;

const lettered = (w: OcrWord) => /\p{L}{2,}/u.test(w.text);

/** Words on a picture that say it carries text worth reading again. */
export function overlayCandidate(words: OcrWord[]): boolean {
  return words.filter((w) => w.confidence >= CANDIDATE_CONFIDENCE && lettered(w)).length >= CANDIDATE_WORDS;
}

/** The colour just above and below a box (what its letters are drawn on). */
export function ringColour(r: Raster, box: Box): Rgb {
  const strip = Math.max(2, Math.round(box.height * 0.35));
  const above = { x: box.x, y: Math.max(0, box.y - strip), width: box.width, height: strip };
  const below = { x: box.x, y: Math.min(r.height - 1, box.y + box.height), width: box.width, height: strip };
  const a = dominantColour(r, above, 1);
  const b = dominantColour(r, below, 1);
  return a.share >= b.share ? a.colour : b.colour;
}

/** White and black: the inks of text set over a picture that its own reading could not see. */
const EXTREME_INKS: Rgb[] = [
  [255, 255, 255],
  [0, 0, 0],
];
/** A pixel this close to white or black is of that ink. */
const EXTREME_INK = 16;
/** Letters of one ink cover at least this share of a picture with a line or two on it, and a photo's glare more. */
const EXTREME_SHARE = [0.02, 0.35] as const;

/**
 * The ink to read a picture again in when its own reading found no words: white or black letters over a light
 * photo (a button's white label with a thin shadow on a pale picture) read as nothing in its greys, and in full
 * against their ink. White or black when that colour covers a share of the picture such letters would; else null.
 */
export function extremeInk(r: Raster, box: Box): Rgb | null {
  const step = box.width * box.height > 60_000 ? 2 : 1;
  const counts = EXTREME_INKS.map(() => 0);
  let total = 0;
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) {
      total++;
      const p = pixelAt(r, x, y);
      EXTREME_INKS.forEach((ink, i) => {
        if (colourDistance(p, ink) <= EXTREME_INK) counts[i]!++;
      });
    }
  }
  const i = counts.findIndex((n) => n >= total * EXTREME_SHARE[0] && n <= total * EXTREME_SHARE[1]);
  return i < 0 ? null : EXTREME_INKS[i]!;
}

/**
 * The letters' colour: inside the words' boxes, the most common colour of the pixels far from what surrounds each
 * word (quantised, then averaged). Null when nothing stands out.
 */
export function overlayInk(r: Raster, words: OcrWord[]): Rgb | null {
  const tally = new ColourTally();
  for (const w of words) {
    if (w.confidence < CANDIDATE_CONFIDENCE || !lettered(w)) continue;
    const box = roundBox(w.box);
    tallyInk(tally, r, box, ringColour(r, box));
  }
  return tally.best();
}

/**
 * The mean horizontal stroke of the letters in a box, in image pixels: runs of pixels near the ink colour (on a
 * photo, "far from the background" would count the photo's own grain as ink).
 */
export function overlayStroke(r: Raster, box: Box, ink: Rgb): number {
  let total = 0;
  let count = 0;
  for (let y = Math.round(box.y); y < Math.round(box.y + box.height); y++) {
    let run = 0;
    for (let x = Math.round(box.x); x <= Math.round(box.x + box.width); x++) {
      const on = x < Math.round(box.x + box.width) && colourDistance(pixelAt(r, x, y), ink) < INK_DISTANCE;
      if (on) run++;
      else if (run > 0) {
        total += run;
        count++;
        run = 0;
      }
    }
  }
  return count > 0 ? total / count : 0;
}

/** Text contrast the fallback colour keeps with the text (WCAG AA for body text). */
const FALLBACK_CONTRAST = 4.5;

/**
 * The colour a client shows where it shows no background picture: the picture's mean colour, darkened (light
 * letters) or lightened (dark letters) until the text on it reads at 4.5:1, as a designer sets a fallback.
 */
export function fallbackColour(mean: Rgb, ink: Rgb): Rgb {
  const lightInk = luminance(ink) > 0.5;
  let c: Rgb = mean;
  for (let t = 0; t <= 1.0001; t += 0.05) {
    const target = lightInk ? 0 : 255;
    c = [0, 1, 2].map((i) => Math.round(mean[i]! + (target - mean[i]!) * t)) as unknown as Rgb;
    if (contrastRatio({ r: c[0], g: c[1], b: c[2] }, { r: ink[0], g: ink[1], b: ink[2] }) >= FALLBACK_CONTRAST) break;
  }
  return c;
}

/** A box's mean colour (what shows where a client shows no background pictures). */
export function meanColour(r: Raster, box: Box): Rgb {
  const step = Math.max(1, Math.round(Math.sqrt((box.width * box.height) / 20_000)));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) {
      const p = pixelAt(r, x, y);
      sum[0]! += p[0];
      sum[1]! += p[1];
      sum[2]! += p[2];
      n++;
    }
  }
  return n === 0 ? [255, 255, 255] : [Math.round(sum[0]! / n), Math.round(sum[1]! / n), Math.round(sum[2]! / n)];
}

/**
 * Reads a picture again for the text set over it. Answers the words (in the design's pixels) and their ink colour,
 * or null when the picture does not hold enough confident text.
 */
export async function readOverlay(
  engine: OcrEngine,
  r: Raster,
  box: Box,
  words: OcrWord[],
  opts: { scale: number; languages: OcrLanguage[]; signal?: AbortSignal; ink?: Rgb },
): Promise<{ ink: Rgb; words: OcrWord[]; patches: ReadPatch[] } | null> {
  const ink = opts.ink ?? overlayInk(r, words);
  if (!ink) return null;
  const grey = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const d = colourDistance(pixelAt(r, box.x + x, box.y + y), ink);
      grey[y * box.width + x] = Math.min(255, d * CONTRAST_GAIN);
    }
  }
  const read = await readWords(engine, grey, { width: box.width, height: box.height }, opts);
  const found = read
    .filter((w) => w.confidence >= 50 && /[\p{L}\p{N}]/u.test(w.text))
    .map((w) => ({ ...w, box: { ...w.box, x: w.box.x + box.x, y: w.box.y + box.y } }));
  const sure = found.filter(lettered);
  const mean = sure.reduce((n, w) => n + w.confidence, 0) / Math.max(1, sure.length);
  if (sure.length < OVERLAY_MIN_WORDS || mean < OVERLAY_MIN_CONFIDENCE) return null;
  const all = withDrawnWords(found, words);
  // A button on the picture (a white pill with its label in black) is read on its own fill; what the main ink's
  // reading made of it (a blob) gives way. (Not for a blind reading: its lines all take its one ink.)
  if (opts.ink) return { ink, words: all, patches: [] };
  const patches = (await readPatches(engine, r, box, opts)).filter((p) => p.words.length > 0);
  const beside = all.filter((w) => !patches.some((p) => centreInside(w.box, p.box)));
  return { ink, words: beside, patches };
}

/** Neighbouring pixels this close (per channel) are one flat fill; a photo's grain steps further. */
const PATCH_STEP = 2;
/** A button on a picture, in CSS px: a flat patch this tall… */
const PATCH_HEIGHT_CSS = [20, 80] as const;
/** …and this wide… */
const PATCH_WIDTH_CSS = [50, 400] as const;
/** …filling this share of its box at least (a pill about 0.8 with its label cut out; a diagonal streak far less). */
const PATCH_FILL = 0.6;
/** At most this many patches of one picture are read. */
const MAX_PATCHES = 3;

export interface FlatPatch {
  box: Box;
  fill: Rgb;
  /** Per row of the box, the first and last column (from its left) of the shape. */
  spans: (readonly [number, number])[];
}

/**
 * Flat shapes set on a picture the size of a button (a white "Discover now" pill on a hero's photo): connected flat
 * pixels, away from the picture's edges, as tall and wide as a button and filling most of their box. The overlay's
 * reading against one ink sees such a shape as a blob, and the picture's own reading as part of the photo; each is
 * read on its own fill instead (readPatches).
 */
export function flatPatches(r: Raster, box: Box, scale: number): FlatPatch[] {
  const { width: w, height: h } = box;
  const flat = new Uint8Array(w * h);
  const near = (i: number, j: number) =>
    Math.abs(r.data[i]! - r.data[j]!) <= PATCH_STEP &&
    Math.abs(r.data[i + 1]! - r.data[j + 1]!) <= PATCH_STEP &&
    Math.abs(r.data[i + 2]! - r.data[j + 2]!) <= PATCH_STEP;
  // (Flat to the right and below: a shape's last column and row are not, and are added to its box.)
  for (let y = 0; y < h - 1; y++) {
    for (let x = 0; x < w - 1; x++) {
      const i = ((box.y + y) * r.width + box.x + x) * 3;
      if (near(i, i + 3) && near(i, i + r.width * 3)) flat[y * w + x] = 1;
    }
  }
  // Each flat pixel's shape, numbered from 1.
  const seen = new Int32Array(w * h);
  const stack: number[] = [];
  const out: FlatPatch[] = [];
  let label = 0;
  for (let start = 0; start < w * h; start++) {
    if (!flat[start] || seen[start]) continue;
    let [x0, y0, x1, y1, n] = [w, h, 0, 0, 0];
    label++;
    seen[start] = label;
    stack.push(start);
    while (stack.length) {
      const k = stack.pop()!;
      const x = k % w;
      const y = (k - x) / w;
      n++;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      for (const m of [x > 0 ? k - 1 : -1, x < w - 1 ? k + 1 : -1, y > 0 ? k - w : -1, y < h - 1 ? k + w : -1]) {
        if (m >= 0 && flat[m] && !seen[m]) {
          seen[m] = label;
          stack.push(m);
        }
      }
    }
    [x1, y1] = [Math.min(w - 1, x1 + 1), Math.min(h - 1, y1 + 1)];
    const [bw, bh] = [x1 - x0 + 1, y1 - y0 + 1];
    const sized =
      bh >= PATCH_HEIGHT_CSS[0] * scale &&
      bh <= PATCH_HEIGHT_CSS[1] * scale &&
      bw >= PATCH_WIDTH_CSS[0] * scale &&
      bw <= PATCH_WIDTH_CSS[1] * scale &&
      bw > bh;
    const inside = x0 > 0 && y0 > 0 && x1 < w - 1 && y1 < h - 1;
    if (!sized || !inside || n < bw * bh * PATCH_FILL) continue;
    const patch = { x: box.x + x0, y: box.y + y0, width: bw, height: bh };
    // Each row's first and last pixel of the shape: outside them (a pill's rounded ends) lies the picture.
    const spans = Array.from({ length: bh }, (_, dy) => {
      let [from, to] = [bw, -1];
      for (let dx = 0; dx < bw; dx++) {
        if (seen[(y0 + dy) * w + x0 + dx] !== label) continue;
        from = Math.min(from, dx);
        to = Math.max(to, dx);
      }
      return [from, to < 0 ? to : Math.min(bw - 1, to + 1)] as const;
    });
    out.push({ box: patch, fill: dominantColour(r, patch, 1).colour, spans });
    if (out.length === MAX_PATCHES) break;
  }
  return out;
}

/** A flat patch of a picture and the words read on it. */
export interface ReadPatch {
  box: Box;
  fill: Rgb;
  words: OcrWord[];
}

/**
 * The words on flat patches of a picture (flatPatches), each read as its distance from the patch's fill: the label
 * comes out black on white whatever its colours.
 */
export async function readPatches(
  engine: OcrEngine,
  r: Raster,
  box: Box,
  opts: { scale: number; languages: OcrLanguage[]; signal?: AbortSignal },
): Promise<ReadPatch[]> {
  const out: ReadPatch[] = [];
  for (const patch of flatPatches(r, box, opts.scale)) {
    const { x, y, width, height } = patch.box;
    const grey = new Uint8Array(width * height).fill(255);
    for (let dy = 0; dy < height; dy++) {
      // (The picture beyond the shape, around a pill's rounded ends, is far from the fill too: left white, no ink.)
      const [from, to] = patch.spans[dy]!;
      for (let dx = from; dx <= to; dx++) {
        const p = pixelAt(r, x + dx, y + dy);
        grey[dy * width + dx] = 255 - Math.min(255, colourDistance(p, patch.fill) * CONTRAST_GAIN);
      }
    }
    const read = await readWords(engine, grey, { width, height }, opts);
    const words = read
      .filter((w) => w.confidence >= CANDIDATE_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text))
      .map((w) => ({ ...w, box: { ...w.box, x: w.box.x + x, y: w.box.y + y } }));
    out.push({ box: patch.box, fill: patch.fill, words });
  }
  return out;
}

/** A word read on the picture as drawn joins the overlay's at this confidence (text in another ink than the main). */
const DRAWN_CONFIDENCE = 85;

/**
 * The words read against the main ink, with the words the picture's own reading was sure of in other inks (a red
 * price, a black heading on a white panel, a button's label): where two readings cover the same ink, the surer wins.
 */
export function withDrawnWords(byInk: OcrWord[], drawn: OcrWord[]): OcrWord[] {
  const all = [...byInk, ...drawn.filter((w) => w.confidence >= DRAWN_CONFIDENCE && /[\p{L}\p{N}]{2,}/u.test(w.text))];
  const area = (b: Box) => Math.max(1, b.width * b.height);
  return all.filter(
    (w, i) =>
      !all.some(
        (k, j) =>
          j !== i &&
          overlapArea(w.box, k.box) >= 0.5 * Math.min(area(w.box), area(k.box)) &&
          (k.confidence > w.confidence || (k.confidence === w.confidence && j < i)),
      ),
  );
}

/** Edge profiles are averaged over this many pixels across and blurred this far along, so grain leaves no streaks. */
const EDGE_DEPTH = 3;
const EDGE_BLUR = 3;

/**
 * Erases areas of an RGB image (3 bytes a pixel) in place: each area is filled from its edges, the rows just above
 * and below it and the columns just beside it (each averaged a few pixels deep and blurred along) blended by
 * distance, so a headline's place on a photo takes the photo's colours around it. Areas are clipped to the image.
 */
export function eraseAreas(data: Uint8Array | Buffer, width: number, height: number, areas: Box[]): void {
  /** The mean colour of a line of pixels `depth` deep beyond an edge, along it, blurred; one value per position. */
  const profile = (from: number, to: number, edge: (i: number, d: number) => [number, number]) => {
    const raw = new Float32Array((to - from + 1) * 3);
    for (let i = from; i <= to; i++) {
      for (let d = 0; d < EDGE_DEPTH; d++) {
        const [x, y] = edge(i, d);
        const cx = Math.min(width - 1, Math.max(0, x));
        const cy = Math.min(height - 1, Math.max(0, y));
        for (let c = 0; c < 3; c++) raw[(i - from) * 3 + c]! += data[(cy * width + cx) * 3 + c]! / EDGE_DEPTH;
      }
    }
    const out = new Float32Array(raw.length);
    const n = to - from + 1;
    for (let i = 0; i < n; i++) {
      const lo = Math.max(0, i - EDGE_BLUR);
      const hi = Math.min(n - 1, i + EDGE_BLUR);
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let j = lo; j <= hi; j++) sum += raw[j * 3 + c]!;
        out[i * 3 + c] = sum / (hi - lo + 1);
      }
    }
    return out;
  };
  for (const area of areas) {
    const x0 = Math.max(0, Math.floor(area.x));
    const y0 = Math.max(0, Math.floor(area.y));
    const x1 = Math.min(width - 1, Math.ceil(area.x + area.width));
    const y1 = Math.min(height - 1, Math.ceil(area.y + area.height));
    if (x1 <= x0 || y1 <= y0) continue;
    const top = profile(x0, x1, (x, d) => [x, y0 - 1 - d]);
    const bottom = profile(x0, x1, (x, d) => [x, y1 + 1 + d]);
    const left = profile(y0, y1, (y, d) => [x0 - 1 - d, y]);
    const right = profile(y0, y1, (y, d) => [x1 + 1 + d, y]);
    for (let y = y0; y <= y1; y++) {
      const ty = (y - y0 + 1) / (y1 - y0 + 2);
      for (let x = x0; x <= x1; x++) {
        const tx = (x - x0 + 1) / (x1 - x0 + 2);
        // Nearer edges weigh more: the vertical blend by its edges' closeness, the horizontal by theirs.
        const wv = 1 / Math.min(y - y0 + 1, y1 - y + 1);
        const wh = 1 / Math.min(x - x0 + 1, x1 - x + 1);
        const xi = (x - x0) * 3;
        const yi = (y - y0) * 3;
        for (let c = 0; c < 3; c++) {
          const v = top[xi + c]! * (1 - ty) + bottom[xi + c]! * ty;
          const h = left[yi + c]! * (1 - tx) + right[yi + c]! * tx;
          data[(y * width + x) * 3 + c] = Math.round((v * wv + h * wh) / (wv + wh));
        }
      }
    }
  }
}
