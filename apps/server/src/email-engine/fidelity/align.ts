import { bottomColour, type Raster } from "./normalise.js";

/** Rows per block aligned as one (compare pixels). */
export const ALIGN_BLOCK_ROWS = 4;
const BLOCK = ALIGN_BLOCK_ROWS;
/** Columns are averaged in this many bins for a block's feature. */
const BINS = 20;
/** Cost (mean grey levels) added to a step that stretches or skips, so aligned blocks are preferred. */
const STEP_PENALTY = 6;

function grey(r: Raster, p: number): number {
  const i = p * 3;
  return 0.299 * r.data[i]! + 0.587 * r.data[i + 1]! + 0.114 * r.data[i + 2]!;
}

/**
 * Per block of rows: the mean grey in BINS column bins, read as its negative when the picture's background (its
 * bottom colour, unless `dark` says) is dark. Blind to polarity: light ink on black reads like dark ink on white, so
 * an email in other colours is aligned by its layout — without folding greys around the background, which would make
 * white and a light grey look alike and misalign the rows of two nearly identical pictures.
 */
function blockFeatures(r: Raster, darkBackground?: boolean): { f: Float32Array; n: number; bg: number; dark: boolean } {
  const [br, bg, bb] = bottomColour(r);
  const bgGrey = 0.299 * br + 0.587 * bg + 0.114 * bb;
  const dark = darkBackground ?? bgGrey < 128;
  const n = Math.ceil(r.height / BLOCK);
  const f = new Float32Array(n * BINS);
  const binW = r.width / BINS;
  for (let b = 0; b < n; b++) {
    const y1 = Math.min(r.height, (b + 1) * BLOCK);
    for (let k = 0; k < BINS; k++) {
      const x0 = Math.floor(k * binW);
      const x1 = Math.max(x0 + 1, Math.floor((k + 1) * binW));
      let sum = 0;
      let cnt = 0;
      for (let y = b * BLOCK; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          sum += grey(r, y * r.width + x);
          cnt++;
        }
      const mean = cnt ? sum / cnt : bgGrey;
      f[b * BINS + k] = dark ? 255 - mean : mean;
    }
  }
  return { f, n, bg: dark ? 255 - bgGrey : bgGrey, dark };
}

type Features = ReturnType<typeof blockFeatures>;

export interface Alignment {
  /** The rendered picture re-laid row block by row block to match the design's rows (the design's height). */
  warped: Raster;
  /** Share (0…1) of the rendered picture's content (ink against its background) that matched no design row. */
  extraShare: number;
  /** For each design row, the rendered row laid onto it (per-section comparison reads where a section went). */
  rowMap: Int32Array;
  /** Rendered row blocks (ALIGN_BLOCK_ROWS rows each) that no design row took, with their ink against the background. */
  unused: { block: number; ink: number }[];
}

/**
 * Aligns the rendered email's rows to the design's with dynamic time warping over row blocks (features: mean grey
 * per column bin). An email whose sections are where the design has them, give or take some spacing, is then
 * compared section to section instead of failing SSIM everywhere below the first shifted pixel. Design rows with
 * no counterpart get a stretched neighbour (and so a low SSIM); rendered rows with no counterpart are reported as
 * `extraShare`, weighted by how much content they hold.
 */
export function alignRows(design: Raster, rendered: Raster): Alignment {
  const D = blockFeatures(design);
  // Each picture's polarity comes from its bottom row, which a few pixels decide: a design ending in a white margin
  // and its copy ending on its dark footer were read one positive, one negative, every row unlike every row, and a
  // copy 98 % alike to the eye scored 83. When the two bottom rows disagree, the rendered picture is read both ways
  // and the closer warp kept (an email in other colours keeps its own); when they agree, once (a warp is 20 % of a
  // score's time).
  const own = blockFeatures(rendered);
  const a = warp(D, own);
  const b = own.dark === D.dark ? null : warp(D, blockFeatures(rendered, D.dark));
  const { take, used, R } = b && b.cost < a.cost ? b : a;
  const nr = R.n;

  const warped = Buffer.alloc(design.width * design.height * 3);
  const rowBytes = design.width * 3;
  const rowMap = new Int32Array(design.height);
  for (let y = 0; y < design.height; y++) {
    const b = Math.floor(y / BLOCK);
    const ry = Math.min(rendered.height - 1, take[b]! * BLOCK + (y % BLOCK));
    rowMap[y] = ry;
    rendered.data.copy(warped, y * rowBytes, ry * rowBytes, ry * rowBytes + rowBytes);
  }

  // Content that matched nothing: ink of unused rendered blocks against the rendered background.
  let inkAll = 0;
  let inkExtra = 0;
  const unused: { block: number; ink: number }[] = [];
  for (let b = 0; b < nr; b++) {
    let ink = 0;
    for (let k = 0; k < BINS; k++) ink += Math.abs(R.f[b * BINS + k]! - R.bg);
    inkAll += ink;
    if (!used[b]) {
      inkExtra += ink;
      unused.push({ block: b, ink: ink / BINS });
    }
  }
  return {
    warped: { data: warped, width: design.width, height: design.height },
    extraShare: inkAll > 0 ? inkExtra / inkAll : 0,
    rowMap,
    unused,
  };
}

/** Dynamic time warping of the design's row blocks onto the rendered ones: which rendered block each design block
 * takes, which rendered blocks are taken, and the warp's total cost. */
function warp(D: Features, R: Features): { cost: number; take: Int32Array; used: Uint8Array; R: Features } {
  const nd = D.n;
  const nr = R.n;
  const W = nr + 1;
  const acc = new Float64Array((nd + 1) * W).fill(Number.POSITIVE_INFINITY);
  // 0 = diagonal, 1 = design advances alone (stretch), 2 = rendered advances alone (skip)
  const move = new Uint8Array((nd + 1) * W);
  acc[0] = 0;
  for (let i = 1; i <= nd; i++) {
    for (let j = 1; j <= nr; j++) {
      let c = 0;
      const di = (i - 1) * BINS;
      const rj = (j - 1) * BINS;
      for (let k = 0; k < BINS; k++) c += Math.abs(D.f[di + k]! - R.f[rj + k]!);
      c /= BINS;
      const diag = acc[(i - 1) * W + (j - 1)]!;
      const up = acc[(i - 1) * W + j]! + STEP_PENALTY;
      const left = acc[i * W + (j - 1)]! + STEP_PENALTY;
      let best = diag;
      let m = 0;
      if (up < best) {
        best = up;
        m = 1;
      }
      if (left < best) {
        best = left;
        m = 2;
      }
      acc[i * W + j] = best + c;
      move[i * W + j] = m;
    }
  }
  // Walk back: which rendered block each design block takes.
  const take = new Int32Array(nd).fill(-1);
  const used = new Uint8Array(nr);
  let i = nd;
  let j = nr;
  while (i > 0 && j > 0) {
    if (take[i - 1] === -1) take[i - 1] = j - 1;
    if (take[i - 1] === j - 1) used[j - 1] = 1;
    const m = move[i * W + j];
    if (m === 0) {
      i--;
      j--;
    } else if (m === 1) i--;
    else j--;
  }
  for (let k = 0; k < nd; k++) if (take[k] === -1) take[k] = 0;
  return { cost: acc[nd * W + nr]!, take, used, R };
}
