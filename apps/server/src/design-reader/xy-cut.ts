import { type Box, type Raster, type Rgb, unionBox } from "./raster.js";

/**
 * XY-cut (decision 121): a region is cut into horizontal strips at rows with no ink, and each strip into pieces at
 * wide runs of columns with no ink; pieces that are wide enough to be columns are cut again, the rest are leaves
 * (a text line, a button, a picture, a rule). Ink is any pixel that differs from the region's background.
 */

/** A pixel differs from its background by more than this (a card's pale fill still counts as ink). */
export const SEGMENT_INK = 20;

export interface Cut {
  box: Box;
  /** Pieces side by side (columns), each cut again; empty for a leaf; one for a framed box's inside. */
  columns: Cut[][];
  /** A bordered box: `columns[0]` is its inside. */
  framed?: boolean;
}

export interface InkMask {
  width: number;
  height: number;
  /** 1 where the pixel differs from its background. */
  bits: Uint8Array;
}

/** Ink relative to one background colour, over a box of the picture (mask coordinates are the picture's). */
export function paintInk(r: Raster, box: Box, background: Rgb, mask: InkMask, threshold = SEGMENT_INK): void {
  const [br, bg, bb] = background;
  for (let y = box.y; y < box.y + box.height; y++) {
    let i = (y * r.width + box.x) * 3;
    let m = y * r.width + box.x;
    for (let x = box.x; x < box.x + box.width; x++, i += 3, m++) {
      const d = Math.max(Math.abs(r.data[i]! - br), Math.abs(r.data[i + 1]! - bg), Math.abs(r.data[i + 2]! - bb));
      mask.bits[m] = d > threshold ? 1 : 0;
    }
  }
}

export function rowInk(mask: InkMask, box: Box): Uint32Array {
  const out = new Uint32Array(box.height);
  for (let y = 0; y < box.height; y++) {
    let m = (box.y + y) * mask.width + box.x;
    let n = 0;
    for (let x = 0; x < box.width; x++, m++) n += mask.bits[m]!;
    out[y] = n;
  }
  return out;
}

export function columnInk(mask: InkMask, box: Box): Uint32Array {
  const out = new Uint32Array(box.width);
  for (let y = 0; y < box.height; y++) {
    let m = (box.y + y) * mask.width + box.x;
    for (let x = 0; x < box.width; x++, m++) out[x]! += mask.bits[m]!;
  }
  return out;
}

/** Runs of non-zero entries separated by at least `gap` zeros: [start, end) pairs. */
export function runs(profile: Uint32Array, gap: number): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  let lastOn = -1;
  for (let i = 0; i < profile.length; i++) {
    if (profile[i]! === 0) continue;
    if (start < 0) start = i;
    else if (i - lastOn - 1 >= gap) {
      out.push([start, lastOn + 1]);
      start = i;
    }
    lastOn = i;
  }
  if (start >= 0) out.push([start, lastOn + 1]);
  return out;
}

/** The box shrunk to its ink (null when it has none). */
export function tighten(mask: InkMask, box: Box): Box | null {
  const rows = runs(rowInk(mask, box), 1);
  const cols = runs(columnInk(mask, box), 1);
  if (rows.length === 0 || cols.length === 0) return null;
  const y0 = rows[0]![0];
  const y1 = rows[rows.length - 1]![1];
  const x0 = cols[0]![0];
  const x1 = cols[cols.length - 1]![1];
  return { x: box.x + x0, y: box.y + y0, width: x1 - x0, height: y1 - y0 };
}

export interface CutOptions {
  /** Image pixels per CSS pixel. */
  scale: number;
  depth?: number;
}

/** Paragraphs and blocks are further apart than this (CSS px); lines of one paragraph are closer. */
const BLOCK_GAP_CSS = 10;
/** Columns are at least this far apart (CSS px). */
const COLUMN_GAP_CSS = 16;

/** A frame's side inks this share of its length; a dashed frame's, at least DASHED_EDGE. */
const SOLID_EDGE = 0.9;
const DASHED_EDGE = 0.5;

/** A thin line of ink down most of the box's height at its left and right edges: a frame (a bordered box). */
function frameInside(mask: InkMask, box: Box, scale: number): Box | null {
  if (box.height < 24 * scale || box.width < 24 * scale) return null;
  const cols = columnInk(mask, box);
  const rows = rowInk(mask, box);
  // A card's frame with a soft shadow outside it is a few pixels of ink thicker than its line (a button, at most
  // 90 CSS px tall, keeps the thin limit: its outline is drawn thicker).
  const thick = Math.max(1, Math.round((box.height >= 90 * scale ? 7 : 4) * scale));
  const edge = (from: number, dir: 1 | -1, profile: Uint32Array, length: number, share: number) => {
    let i = from;
    let n = 0;
    while (n < thick && profile[i]! >= length * share) {
      i += dir;
      n++;
    }
    return n > 0 && n < thick ? n : 0;
  };
  let left = edge(0, 1, cols, box.height, SOLID_EDGE);
  let right = edge(box.width - 1, -1, cols, box.height, SOLID_EDGE);
  let top = edge(0, 1, rows, box.width, SOLID_EDGE);
  let bottom = edge(box.height - 1, -1, rows, box.width, SOLID_EDGE);
  if (!left || !right) {
    // A dashed frame (a coupon's box) inks about half of each side: all four sides must show it, so a text's
    // first letters down its left edge are never taken for one.
    left = edge(0, 1, cols, box.height, DASHED_EDGE);
    right = edge(box.width - 1, -1, cols, box.height, DASHED_EDGE);
    top = edge(0, 1, rows, box.width, DASHED_EDGE);
    bottom = edge(box.height - 1, -1, rows, box.width, DASHED_EDGE);
    if (!left || !right || !top || !bottom) return null;
  }
  const inner = {
    x: box.x + left,
    y: box.y + top,
    width: box.width - left - right,
    height: box.height - top - bottom,
  };
  return inner.width > 0 && inner.height > 0 ? inner : null;
}

/**
 * The tallest text line (ink run with no gap, at most 60 CSS px: a frame's sides or a picture are not lines) of a
 * box, in pixels, and how many lines it has.
 */
function textLines(mask: InkMask, box: Box, scale: number): { tallest: number; count: number } {
  let tallest = 0;
  let count = 0;
  for (const [y0, y1] of runs(rowInk(mask, box), 1)) {
    if (y1 - y0 > 60 * scale) continue;
    tallest = Math.max(tallest, y1 - y0);
    count++;
  }
  return { tallest, count };
}

/**
 * Whether pieces side by side are columns. Wide pieces always are. A narrow one (a table's "#" column, a logo
 * beside a title) is when the gap down the whole height runs through two or more lines — no paragraph has one — or,
 * on a single line, when each gap is far wider than the word spaces of the text beside it (a word space is about a
 * third of the ink's height; the gap must be 1.2 heights and at least 20 CSS px).
 */
function splitsIntoColumns(
  mask: InkMask,
  pieces: Box[],
  tight: Box,
  lines: { tallest: number; count: number },
  scale: number,
): boolean {
  if (pieces.every((p) => p.width >= tight.width / 8)) return true;
  if (lines.count >= 2) return true;
  // A picture as tall as the box inks every row, so the box shows no line: the gaps then run through the lines of the
  // pieces beside it (a photo beside a list), measured piece by piece. Every piece is a picture or text: a card's
  // thin edges down the box's sides are neither, and must not become columns of their own.
  if (lines.count === 0) {
    const counts = pieces.map((p) => (isSolid(mask, p, scale) ? -1 : textLines(mask, p, scale).count));
    if (counts.every((n) => n !== 0) && counts.some((n) => n >= 2)) return true;
  }
  const heights = pieces.map((p) => textLines(mask, p, scale).tallest);
  for (let i = 1; i < pieces.length; i++) {
    const gap = pieces[i]!.x - (pieces[i - 1]!.x + pieces[i - 1]!.width);
    if (gap < Math.max(20 * scale, 1.2 * Math.max(heights[i - 1]!, heights[i]!))) return false;
  }
  return true;
}

/** Pieces with less ink than a 2 × 2 CSS px dot are noise (a band's anti-aliased edge), not columns. */
function inkedPieces(mask: InkMask, pieces: Box[], scale: number): Box[] {
  const least = 4 * scale * scale;
  return pieces.filter((p) => {
    let n = 0;
    for (const v of columnInk(mask, p)) n += v;
    return n >= least;
  });
}

/**
 * Columns whose lines sit at the same heights, line for line, are a table: it is cut into rows of cells (each row
 * a line across every column), so a phone reads it row by row and not column after column. Null when the lines do
 * not line up (a sidebar beside an article, a cell that wraps).
 */
function tableRows(mask: InkMask, pieces: Box[], tight: Box, scale: number): Cut[] | null {
  const linesOf = pieces.map((p) => runs(rowInk(mask, p), 1));
  const count = linesOf[0]!.length;
  if (count < 2 || linesOf.some((l) => l.length !== count)) return null;
  // Two or three wide columns of two lines each are more likely features side by side (a title and a line of
  // text): a table has a narrow column (a quantity, a price) or three columns of three rows and more.
  const narrow = pieces.some((p) => p.width < tight.width / 8);
  if (!narrow && (pieces.length < 3 || count < 3)) return null;
  const tolerance = 3 * scale;
  for (let i = 0; i < count; i++) {
    const tops = linesOf.map((l) => l[i]![0]);
    const bottoms = linesOf.map((l) => l[i]![1]);
    if (
      Math.max(...tops) - Math.min(...tops) > tolerance * 2 &&
      Math.max(...bottoms) - Math.min(...bottoms) > tolerance * 2
    )
      return null;
  }
  const rows: Cut[] = [];
  for (let i = 0; i < count; i++) {
    const cells = pieces
      .map((p, j) =>
        tighten(mask, {
          x: p.x,
          y: p.y + linesOf[j]![i]![0],
          width: p.width,
          height: linesOf[j]![i]![1] - linesOf[j]![i]![0],
        }),
      )
      .filter((c): c is Box => c !== null);
    const x0 = Math.min(...cells.map((c) => c.x));
    const y0 = Math.min(...cells.map((c) => c.y));
    const x1 = Math.max(...cells.map((c) => c.x + c.width));
    const y1 = Math.max(...cells.map((c) => c.y + c.height));
    rows.push({
      box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
      columns: cells.map((c) => [{ box: c, columns: [] }]),
    });
  }
  return rows;
}

/**
 * A box's text lines and its pieces side by side: runs of columns with ink, split at gaps of at least 16 CSS px and
 * wider than its tallest line's word spacing (noise pieces left out).
 */
function columnPieces(mask: InkMask, box: Box, scale: number) {
  const lines = textLines(mask, box, scale);
  const piecesAt = (gap: number, profile = columnInk(mask, box)) =>
    inkedPieces(
      mask,
      runs(profile, gap).map(([x0, x1]) => ({
        x: box.x + x0,
        y: box.y,
        width: x1 - x0,
        height: box.height,
      })),
      scale,
    );
  // Pictures side by side in a gallery stand a few pixels apart: with no text line in the box, solid pieces split
  // at a gap of PICTURE_GAP_CSS.
  if (lines.count === 0) {
    // A few inked pixels across the gap (a rounded corner, a line of text touching the edge) do not join them.
    const profile = columnInk(mask, box).map((n) => (n <= box.height * SOLID_GAP_INK ? 0 : n));
    const solid = piecesAt(Math.max(1, Math.round(PICTURE_GAP_CSS * scale)), profile);
    if (solid.length > 1 && solid.every((p) => isSolid(mask, p, scale))) return { lines, pieces: solid };
    // A picture at the box's side closer to its text than a column gap (an avatar 14 px from its paragraph): the
    // picture is one piece and the text beside it the other, when the text runs over two lines or more.
    const near = piecesAt(Math.max(1, Math.round(PICTURE_GAP_CSS * scale)));
    if (near.length > 1) {
      const first = near[0]!;
      const last = near[near.length - 1]!;
      const split = isSolid(mask, first, scale)
        ? [first, unionBox(near.slice(1))]
        : isSolid(mask, last, scale)
          ? [unionBox(near.slice(0, -1)), last]
          : null;
      const text = split?.find((p) => !isSolid(mask, p, scale));
      if (split && text && textLines(mask, text, scale).count >= 2) return { lines, pieces: split };
    }
  }
  // Pieces at the column gap, joined again where the gap is within the word spacing of the lines beside it. Those
  // lines are measured in each piece: measured across the box, two columns whose lines sit at their own heights make
  // one tall run of inked rows, and its height would swallow the gutter between them.
  // (Whichever of the two measures is smaller: a frame's sides ink every row of its piece, so the piece measures no
  // line at all, and a heading beside the gap is no reason to join a sidebar to its article.)
  const minimum = Math.round(COLUMN_GAP_CSS * scale);
  const across = Math.max(minimum, Math.round(lines.tallest * 0.9));
  const pieces: { box: Box; tallest: number }[] = [];
  for (const box of piecesAt(minimum)) {
    const tallest = textLines(mask, box, scale).tallest;
    const last = pieces[pieces.length - 1];
    // (A picture beside text is never a word of it: an icon 28 px from its three lines measured as a 40 px line.)
    const picture = last !== undefined && (isSolid(mask, last.box, scale) || isSolid(mask, box, scale));
    if (
      last &&
      !picture &&
      box.x - (last.box.x + last.box.width) < Math.min(across, 0.9 * Math.max(last.tallest, tallest))
    ) {
      const joined = unionBox([last.box, box]);
      pieces[pieces.length - 1] = { box: joined, tallest: textLines(mask, joined, scale).tallest };
    } else pieces.push({ box, tallest });
  }
  return { lines, pieces: pieces.map((p) => p.box) };
}

/** The gap between pictures side by side (a gallery's gutter) that splits them. */
const PICTURE_GAP_CSS = 4;
/** A column inked over at most this share of a solid box's height is gap. */
const SOLID_GAP_INK = 0.1;

/** A piece at least 40 CSS px tall and wide, inked over 80 % of its tight box: a picture, not letters. */
function isSolid(mask: InkMask, piece: Box, scale: number): boolean {
  const tight = tighten(mask, piece);
  if (!tight || tight.width < 40 * scale || tight.height < 40 * scale) return false;
  let n = 0;
  for (const v of columnInk(mask, tight)) n += v;
  return n >= tight.width * tight.height * 0.8;
}

/** A line's pieces at gaps wide enough to be columns (a table row, a logo and a title), or null. */
function lineColumns(mask: InkMask, line: Box, scale: number): Box[] | null {
  const { lines, pieces } = columnPieces(mask, line, scale);
  if (pieces.length < 2 || !splitsIntoColumns(mask, pieces, line, { ...lines, count: 1 }, scale)) return null;
  return pieces.map((p) => tighten(mask, p) ?? p);
}

/** A gap across the whole region this many times wider than the narrowest gap between its columns is cut first. */
const ROWS_FIRST_RATIO = 2;
/**
 * ...and one at least this tall (CSS px), no narrower than the gutter, with every row it leaves holding ink in every
 * column: Easy Email 2's zig-zag on white, 60 px between its rows and 50 px between its columns, was one row whose
 * columns held a text and a picture each, and a phone stacked the two pictures together, far from their texts.
 */
const ROWS_FIRST_CSS = 40;

/**
 * Rows first when the whitespace across the region is far wider than between its columns: a zig-zag of pictures
 * and texts (picture left, text right, then text left, picture right) lines up into two columns by chance, but its
 * rows are what a reader sees, and a phone must stack each picture with its own text. A sidebar beside an article is
 * kept as columns: the article's paragraph gaps are narrower than the gap beside the sidebar.
 */
function rowsBeforeColumns(
  blocks: [number, number][],
  pieces: Box[],
  scale: number,
  within: { mask: InkMask; top: number },
): boolean {
  if (blocks.length < 2) return false;
  let widestRow = 0;
  for (let i = 1; i < blocks.length; i++) widestRow = Math.max(widestRow, blocks[i]![0] - blocks[i - 1]![1]);
  let narrowestColumn = Number.POSITIVE_INFINITY;
  for (let i = 1; i < pieces.length; i++)
    narrowestColumn = Math.min(narrowestColumn, pieces[i]!.x - (pieces[i - 1]!.x + pieces[i - 1]!.width));
  if (widestRow >= narrowestColumn * ROWS_FIRST_RATIO) return true;
  if (widestRow < ROWS_FIRST_CSS * scale || widestRow < narrowestColumn) return false;
  // (Each row with ink in each column: a sidebar that ends above the article's last blocks leaves a row without it,
  // and stays a column.)
  return blocks.every(([y0, y1]) =>
    pieces.every((p) =>
      rowInk(within.mask, { x: p.x, y: within.top + y0, width: p.width, height: y1 - y0 }).some((n) => n > 0),
    ),
  );
}

/**
 * Blocks (row runs) joined where consecutive ones share a gutter: a sidebar beside an article under a full-width
 * header has no gap down the whole region, and its lines, at their own heights, leave gaps across both columns here
 * and there; cut at those, the two columns would come out as strips of line pairs. Joined, the run is cut into its
 * columns. Not when the rows' gaps are far wider than the gutter (a zig-zag of pictures and texts: rows first).
 */
function columnRuns(mask: InkMask, tight: Box, blocks: [number, number][], scale: number): [number, number][] {
  const sharesGutter = (y0: number, y1: number, inner: [number, number][]) => {
    const box = { x: tight.x, y: tight.y + y0, width: tight.width, height: y1 - y0 };
    const { pieces } = columnPieces(mask, box, scale);
    // (Every piece an eighth of the width or more: splitsIntoColumns' own first test, so nothing else of it applies.)
    return (
      pieces.length > 1 &&
      pieces.every((p) => p.width >= tight.width / 8) &&
      !rowsBeforeColumns(inner, pieces, scale, { mask, top: tight.y })
    );
  };
  const out: [number, number][] = [];
  let i = 0;
  while (i < blocks.length) {
    let j = i;
    while (j + 1 < blocks.length && sharesGutter(blocks[i]![0], blocks[j + 1]![1], blocks.slice(i, j + 2))) j++;
    out.push([blocks[i]![0], blocks[j]![1]]);
    i = j + 1;
  }
  return out;
}

/** A bar along a region's top or bottom edge is at most this tall (CSS px)… */
const EDGE_BAR_CSS = 12;
/** …and at least this tall: a frame's 1–2 px line under a gallery of framed pictures is the gallery's. */
const EDGE_BAR_MIN_CSS = 4;
/** …and inks this share of each of its rows. */
const EDGE_BAR_INK = 0.9;

/**
 * A bar across the top or bottom of a region that joins what stands above it side by side (a black rule under a
 * framed photo and the text beside it, Easy Email 26's "LUXURY WATCHES"): no column of the region is empty, so the
 * photo, its text and the button were one leaf, drawn as one picture. The bar is cut off when what is left then
 * splits into columns.
 */
function edgeBar(mask: InkMask, tight: Box, scale: number): { bar: Box; rest: Box } | null {
  const most = Math.round(EDGE_BAR_CSS * scale);
  if (tight.height <= most * 2) return null;
  const ink = rowInk(mask, tight);
  const full = (y: number) => ink[y]! >= tight.width * EDGE_BAR_INK;
  const cut = (bar: Box, rest: Box) => {
    const inside = tighten(mask, rest);
    if (!inside) return null;
    const { lines, pieces } = columnPieces(mask, inside, scale);
    return pieces.length > 1 && splitsIntoColumns(mask, pieces, inside, lines, scale) ? { bar, rest } : null;
  };
  let bottom = tight.height;
  while (bottom > tight.height - most - 1 && full(bottom - 1)) bottom--;
  const least = Math.round(EDGE_BAR_MIN_CSS * scale);
  if (bottom <= tight.height - least && bottom > tight.height - most) {
    const found = cut({ ...tight, y: tight.y + bottom, height: tight.height - bottom }, { ...tight, height: bottom });
    if (found) return found;
  }
  let top = 0;
  while (top < most + 1 && full(top)) top++;
  if (top >= least && top < most)
    return cut({ ...tight, height: top }, { ...tight, y: tight.y + top, height: tight.height - top });
  return null;
}

/**
 * Recursive XY-cut with falling gap sizes: a region splits first into columns (a gap of empty columns down its whole
 * height, at least 16 CSS px and wider than its tallest line's word spacing, each piece at least an eighth of the
 * region), else into blocks at empty row runs of 10 CSS px or more (each cut again), else into lines (leaves). A
 * framed box (a border on both sides) is cut inside its frame and kept as one piece.
 */
export function xyCut(mask: InkMask, region: Box, opts: CutOptions): Cut[] {
  const depth = opts.depth ?? 0;
  const next = { ...opts, depth: depth + 1 };
  const tight = tighten(mask, region);
  if (!tight) return [];
  if (depth > 24) return [{ box: tight, columns: [] }];
  const framed = frameInside(mask, tight, opts.scale);
  if (framed) return [{ box: tight, columns: [xyCut(mask, framed, next)], framed: true }];
  const { lines, pieces } = columnPieces(mask, tight, opts.scale);
  if (pieces.length === 1 && (pieces[0]!.x !== tight.x || pieces[0]!.width !== tight.width)) {
    // Noise beside the content (a band's edge): the content alone is cut.
    return xyCut(mask, pieces[0]!, next);
  }
  const blocks = runs(rowInk(mask, tight), Math.round(BLOCK_GAP_CSS * opts.scale));
  if (pieces.length > 1 && splitsIntoColumns(mask, pieces, tight, lines, opts.scale)) {
    const table = tableRows(mask, pieces, tight, opts.scale);
    if (table) return table;
    if (!rowsBeforeColumns(blocks, pieces, opts.scale, { mask, top: tight.y }))
      return [{ box: tight, columns: pieces.map((p) => xyCut(mask, p, next)) }];
  }
  if (blocks.length > 1) {
    return columnRuns(mask, tight, blocks, opts.scale).flatMap(([y0, y1]) =>
      xyCut(mask, { x: tight.x, y: tight.y + y0, width: tight.width, height: y1 - y0 }, next),
    );
  }
  const bar = edgeBar(mask, tight, opts.scale);
  if (bar) return [...xyCut(mask, bar.rest, next), { box: bar.bar, columns: [] }].sort((a, b) => a.box.y - b.box.y);
  const leaves: Cut[] = [];
  for (const [y0, y1] of runs(rowInk(mask, tight), 1)) {
    const line = tighten(mask, { x: tight.x, y: tight.y + y0, width: tight.width, height: y1 - y0 });
    if (!line) continue;
    const cells = lineColumns(mask, line, opts.scale);
    // A "line" here is a run of rows with ink in every row: one line of text, or a column of text beside a picture
    // as tall as it; each cell is cut again.
    leaves.push(cells ? { box: line, columns: cells.map((c) => xyCut(mask, c, next)) } : { box: line, columns: [] });
  }
  return leaves;
}
