import sharp from "sharp";
import { bottomColour, COMPARE_MAX_HEIGHT_PX, COMPARE_WIDTH_PX, type Raster, toRaster } from "./normalise.js";
import { RENDER_WIDTH_RANGE } from "./render-width.js";

/**
 * Visual similarity as outside judges of design-to-email tools measure it: both pictures cut in
 * BLOCK × BLOCK pixel blocks, each block's mean colour, and the share of blocks whose mean colour matches the other
 * picture's block at the same place — allowing a small vertical shift (a section a few pixels lower is still the same
 * section). Blocks below the shorter picture count as unmatched, so missing or extra content lowers it.
 */
export const VISUAL_BLOCK_PX = 8;
/** Blocks a match may be found above or below (2 blocks: 16 px at 600 px wide). */
export const VISUAL_SHIFT_BLOCKS = 2;
/** Largest distance of two blocks' mean colours (Euclidean, sRGB 0–255) that still counts as the same colour. */
export const VISUAL_TOLERANCE = 24;

/** Per block column, the running sums of r, g, b down the rows: any 8-row window's mean in constant time. */
interface Columns {
  cols: number;
  height: number;
  /** (height + 1) × cols × 3 running sums. */
  cum: Float64Array;
  /** Whether each aligned block (by, bx) holds content: differs from the picture's background (its bottom colour). */
  content: Uint8Array;
  rows: number;
}

function columns(r: Raster, block: number): Columns {
  const cols = Math.floor(r.width / block);
  const rows = Math.ceil(r.height / block);
  const cum = new Float64Array((r.height + 1) * cols * 3);
  const content = new Uint8Array(rows * cols);
  const [br, bg, bb] = bottomColour(r);
  for (let y = 0; y < r.height; y++) {
    for (let bx = 0; bx < cols; bx++) {
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let ink = false;
      for (let x = bx * block; x < (bx + 1) * block; x++) {
        const i = (y * r.width + x) * 3;
        sr += r.data[i]!;
        sg += r.data[i + 1]!;
        sb += r.data[i + 2]!;
        if (!ink && Math.abs(r.data[i]! - br) + Math.abs(r.data[i + 1]! - bg) + Math.abs(r.data[i + 2]! - bb) > 30)
          ink = true;
      }
      const o = ((y + 1) * cols + bx) * 3;
      const p = (y * cols + bx) * 3;
      cum[o] = cum[p]! + sr;
      cum[o + 1] = cum[p + 1]! + sg;
      cum[o + 2] = cum[p + 2]! + sb;
      if (ink) content[Math.floor(y / block) * cols + bx] = 1;
    }
  }
  return { cols, height: r.height, cum, content, rows };
}

/** Mean colour of rows [y, y + block) (cut at the bottom) of block column bx. */
function meanAt(c: Columns, bx: number, y: number, block: number, out: Float64Array) {
  const y1 = Math.min(c.height, y + block);
  const n = Math.max(1, (y1 - y) * block);
  const a = (y * c.cols + bx) * 3;
  const b = (y1 * c.cols + bx) * 3;
  out[0] = (c.cum[b]! - c.cum[a]!) / n;
  out[1] = (c.cum[b + 1]! - c.cum[a + 1]!) / n;
  out[2] = (c.cum[b + 2]! - c.cum[a + 2]!) / n;
}

export interface BlockMatch {
  /** Share of all blocks (over the taller picture) whose mean colour matches: the outside judges' measure. */
  all: number;
  /** The same over blocks that hold content in either picture (two emails on white do not match for being white). */
  content: number;
}

/**
 * Block match of two rasters of the same width (the design's and the email's pixels at one scale). Deterministic.
 * Each block of `a` looks for a window of `b` with the same mean colour in its column, shifted by up to
 * ±shift × block pixels (any pixel offset, so content a few pixels lower still matches), and each block of `b` for
 * one of `a`: a block counts as matched when both directions find a counterpart, so content missing on either side
 * counts against it.
 */
export function blockMatch(
  a: Raster,
  b: Raster,
  { block = VISUAL_BLOCK_PX, shift = VISUAL_SHIFT_BLOCKS, tolerance = VISUAL_TOLERANCE } = {},
): BlockMatch {
  const A = columns(a, block);
  const B = columns(b, block);
  const cols = Math.min(A.cols, B.cols);
  const rows = Math.max(A.rows, B.rows);
  const reach = shift * block;
  const m1 = new Float64Array(3);
  const m2 = new Float64Array(3);
  const t2 = tolerance * tolerance;
  const found = (G: Columns, H: Columns, by: number, bx: number): boolean => {
    const y = by * block;
    if (y >= G.height) return false;
    meanAt(G, bx, y, block, m1);
    for (let d = 0; d <= reach; d++)
      for (const s of d === 0 ? [0] : [-d, d]) {
        const yy = y + s;
        if (yy < 0 || yy >= H.height) continue;
        meanAt(H, bx, yy, block, m2);
        const dr = m1[0]! - m2[0]!;
        const dg = m1[1]! - m2[1]!;
        const db = m1[2]! - m2[2]!;
        if (dr * dr + dg * dg + db * db <= t2) return true;
      }
    return false;
  };
  let matched = 0;
  let total = 0;
  let contentMatched = 0;
  let contentTotal = 0;
  for (let by = 0; by < rows; by++)
    for (let bx = 0; bx < cols; bx++) {
      const ok = found(A, B, by, bx) && found(B, A, by, bx);
      const hasContent =
        (by < A.rows && A.content[by * A.cols + bx] === 1) || (by < B.rows && B.content[by * B.cols + bx] === 1);
      total++;
      if (ok) matched++;
      if (hasContent) {
        contentTotal++;
        if (ok) contentMatched++;
      }
    }
  return { all: total ? matched / total : 1, content: contentTotal ? contentMatched / contentTotal : 1 };
}

/**
 * The benchmark's visual similarity: the design and the email's rendering brought to `width` CSS
 * pixels wide (the design from its own width, so a 3× phone screenshot compares with a 375 px rendering), then
 * blockMatch(...).all at 8 × 8 pixels.
 */
export async function visualSimilarity(design: Buffer, rendered: Buffer, width: number): Promise<BlockMatch> {
  const [a, b] = await Promise.all([toRaster(design, width), toRaster(rendered, width)]);
  return blockMatch(a, b);
}

/** The picture with every colour turned into its negative. */
function negative(r: Raster): Raster {
  const data = Buffer.alloc(r.data.length);
  for (let i = 0; i < r.data.length; i++) data[i] = 255 - r.data[i]!;
  return { data, width: r.width, height: r.height };
}

/** The raster made `height` rows tall with its bottom colour (bottomColour), or itself when it is that tall. */
function extendWithBottom(r: Raster, height: number): Raster {
  if (r.height >= height) return r;
  const data = Buffer.alloc(r.width * height * 3);
  r.data.copy(data, 0, 0, r.width * r.height * 3);
  const [br, bg, bb] = bottomColour(r);
  for (let i = r.width * r.height * 3; i < data.length; i += 3) {
    data[i] = br;
    data[i + 1] = bg;
    data[i + 2] = bb;
  }
  return { data, width: r.width, height };
}

/**
 * The fidelity score's block match (decision 145): the outside judges' measure (blockMatch(...).all, 8 × 8 px
 * blocks, ±16 px) on the design and the email at the email's own width — the width it was rendered at, which is the
 * design's width in CSS px — over as much of both as the score's compare pictures hold. Blind to polarity as the
 * structure part is (decision 111): the better of the email and its negative, so an email in inverted colours keeps
 * its layout and loses only on colour. `direct` is the match without the negative.
 */
export async function pictureMatch(design: Buffer, rendered: Buffer): Promise<{ all: number; direct: number }> {
  const { width: renderedWidth } = await sharp(rendered).metadata();
  // (At most the widest a design is rendered at.)
  const width = Math.min(RENDER_WIDTH_RANGE.max, renderedWidth ?? COMPARE_WIDTH_PX);
  const maxHeight = Math.round((COMPARE_MAX_HEIGHT_PX * width) / COMPARE_WIDTH_PX);
  const [designRaster, emailRaster] = await Promise.all([
    toRaster(design, width, maxHeight),
    toRaster(rendered, width, maxHeight),
  ]);
  // The shorter picture goes on in its own bottom colour, as the page does below an email: a mock-up exported with
  // empty page under the email (a full-page screenshot of a short email) is not a different email. What differs
  // where the other has content still differs.
  const height = Math.max(designRaster.height, emailRaster.height);
  const a = extendWithBottom(designRaster, height);
  const b = extendWithBottom(emailRaster, height);
  const direct = blockMatch(a, b).all;
  return { all: Math.max(direct, blockMatch(a, negative(b)).all), direct };
}
