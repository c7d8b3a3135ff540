import { colourDistance, dominantColour, SAME_COLOUR } from "./colour.js";
import { type Box, overlapArea, type Raster } from "./raster.js";

/**
 * Photographs placed as rectangles (decision 161), found before the bands so that no band edge cuts one. A real
 * photo's smooth stretches (a pale wall, a blurred background) keep one colour over most of a row, so row by row
 * they read as calm bands of drifting colour: a hero cut into seven strips, a photo beside text cut where its
 * neighbour's text ends. What tells a photo from a flat fill is its grain: neighbouring pixels that differ a little.
 * A flat fill has none and text only at its letters' edges; a photo has it over most of its area, its smooth parts
 * included.
 */

/** The grain is measured in square cells this many CSS px wide. */
const CELL_CSS = 8;
/** A step to the next pixel (right or below) above nothing and at most this is grain, not an edge. */
const GRAIN_STEP = 16;
/** A step above this is the edge of a letter or a shape… */
const INK_STEP = 48;
/** …and a cell with such edges on this share of its pixels holds text or a shape's outline, not a photo's grain. */
const TEXT_EDGES = 0.1;
/** A cell with grain on this share of its pixels is part of a photo (text on a flat fill: under it, but its edges). */
const PHOTO_CELL = 0.1;
/** A photo's cells hold grain on this share of their pixels on average (text in a JPEG, around 0.6, is ruled out by its edges). */
const PHOTO_MEAN = 0.3;
/** A rectangle narrower or shorter than this (CSS px) is an icon, a logo, a button or a line of text, not a photo. */
const MIN_PHOTO_CSS = 60;
/**
 * Rows of a photo start and end within this many cells, or this share of the content's width, of the same columns;
 * a bigger change is another rectangle (a photo at the right under one at the left).
 */
const SAME_EXTENT_CELLS = 2;
const SAME_EXTENT_SHARE = 0.08;
/** A rectangle's top or bottom edge is straight: its pixels differ from those just outside over this share of it. */
const STRAIGHT_EDGE = 0.7;
/** A side moved in passes over the page: its most common colour holds this share of what it passes. */
const PAGE_PASSED = 0.6;
/** The page between two photos is this wide (CSS px) at least. */
const GAP_CSS = 4;
/** A rectangle this much inside another is the same photo found twice. */
const SAME_PHOTO = 0.8;
/** Pixels this far apart (the largest channel) are on the two sides of an edge; JPEG's noise stays under it. */
const EDGE_STEP = 24;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/** The share of each cell's pixels whose step to the pixel right or below is grain. */
function grainCells(r: Raster, content: Box, cell: number): { columns: number; rows: number; grain: Float32Array } {
  const columns = Math.ceil(content.width / cell);
  const rows = Math.ceil(content.height / cell);
  const grain = new Float32Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  const ink = new Uint32Array(columns * rows);
  const x1 = Math.min(r.width - 1, content.x + content.width);
  const y1 = Math.min(r.height - 1, content.y + content.height);
  const d = r.data;
  const below = r.width * 3;
  // (Each column's cell, once: this loop visits every pixel of the design.)
  const cellOf = Int32Array.from({ length: x1 - content.x }, (_, k) => Math.floor(k / cell));
  for (let y = content.y; y < y1; y++) {
    const rowOfCells = Math.floor((y - content.y) / cell) * columns;
    let i = (y * r.width + content.x) * 3;
    for (let x = content.x; x < x1; x++, i += 3) {
      const k = rowOfCells + cellOf[x - content.x]!;
      counts[k]!++;
      const right = Math.max(
        Math.abs(d[i]! - d[i + 3]!),
        Math.abs(d[i + 1]! - d[i + 4]!),
        Math.abs(d[i + 2]! - d[i + 5]!),
      );
      const down = Math.max(
        Math.abs(d[i]! - d[i + below]!),
        Math.abs(d[i + 1]! - d[i + below + 1]!),
        Math.abs(d[i + 2]! - d[i + below + 2]!),
      );
      if ((right > 0 && right <= GRAIN_STEP) || (down > 0 && down <= GRAIN_STEP)) grain[k]!++;
      else if (right > INK_STEP || down > INK_STEP) ink[k]!++;
    }
  }
  // (A cell with letters' edges in it is text, even when a JPEG's noise around them looks like grain.)
  for (let k = 0; k < grain.length; k++)
    grain[k] = counts[k]! > 0 && ink[k]! < counts[k]! * TEXT_EDGES ? grain[k]! / counts[k]! : 0;
  return { columns, rows, grain };
}

/** The largest difference of one channel between the pixels at data offsets i and j. */
function stepAt(r: Raster, i: number, j: number): number {
  return Math.max(
    Math.abs(r.data[i]! - r.data[j]!),
    Math.abs(r.data[i + 1]! - r.data[j + 1]!),
    Math.abs(r.data[i + 2]! - r.data[j + 2]!),
  );
}

/** The share of row y's pixels between x0 and x1 that differ by more than `step` from row `other`'s. */
function rowsDiffer(r: Raster, y: number, other: number, x0: number, x1: number, step: number): number {
  let n = 0;
  for (let x = x0; x < x1; x++) if (stepAt(r, (y * r.width + x) * 3, (other * r.width + x) * 3) > step) n++;
  return n / Math.max(1, x1 - x0);
}

/** The share of a row's pixels between x0 and x1 that differ by EDGE_STEP from the pixels two rows above. */
function edgeShare(r: Raster, y: number, x0: number, x1: number): number {
  if (y < 2 || y >= r.height) return 1;
  return rowsDiffer(r, y, y - 2, x0, x1, EDGE_STEP);
}

/**
 * A row between a photo's edge and the page, blended from both (an edge that fell between two pixels when the design
 * was scaled): it differs from the row beyond it, on the page's side, by a third of an edge's step over most of it.
 */
function blendRow(r: Raster, y: number, beyond: number, x0: number, x1: number): boolean {
  if (y < 0 || beyond < 0 || y >= r.height || beyond >= r.height) return false;
  return rowsDiffer(r, y, beyond, x0, x1, EDGE_STEP / 3) >= STRAIGHT_EDGE;
}

/** The share of a column's pixels between y0 and y1 that differ by EDGE_STEP from the pixels two columns left. */
function columnEdgeShare(r: Raster, x: number, y0: number, y1: number): number {
  if (x < 2 || x >= r.width) return 1;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    const i = (y * r.width + x) * 3;
    if (stepAt(r, i, i - 6) > EDGE_STEP) n++;
  }
  return n / Math.max(1, y1 - y0);
}

/**
 * A side found on whole cells, moved to the straightest column within a cell and a half of it (the column the photo
 * starts on, or the one after its last); else to the first straight column going in, up to the middle of the photo
 * (a JPEG's noise joins the text beside a photo to its grainy area); else kept where it was (a photo running into
 * the page's colour at its side).
 */
function straightSide(r: Raster, x: number, other: number, y0: number, y1: number, cell: number, bounds: Box): number {
  if (x <= bounds.x || x >= bounds.x + bounds.width) return x;
  const left = x < other;
  // (In from the top and bottom by a few rows: the rows beside the photo may be the edge of another.)
  const from = y0 + Math.floor((y1 - y0) / 8);
  const to = y1 - Math.floor((y1 - y0) / 8);
  const straight = (at: number) =>
    at >= bounds.x + 2 && at < bounds.x + bounds.width && columnEdgeShare(r, at, from, to);
  // (Columns x − 2 and x differ: on the left the photo starts at x − 1 or x; on the right it ends before x − 1.)
  const side = (at: number) => (left ? at : at - 1);
  let best = { x, share: STRAIGHT_EDGE };
  const reach = Math.round(cell * 1.5);
  for (let at = x - reach; at <= x + reach; at++) {
    const share = straight(at) || 0;
    // (Ties go outward: an edge blurred over two columns, the photo starts at the outer.)
    if (share > best.share || (share === best.share && share > STRAIGHT_EDGE && (left ? at < best.x : at > best.x)))
      best = { x: at, share };
  }
  if (best.x !== x) return side(best.x);
  // (Going in, the columns passed over must be the page beyond the photo: mostly the colour just outside its side.)
  const strip = left ? { x: Math.max(bounds.x, x - 4), width: 4 } : { x, width: 4 };
  const beyond = dominantColour(r, { ...strip, y: from, height: to - from }, 1).colour;
  const middle = (x + other) >> 1;
  for (let at = left ? x + reach : x - reach; left ? at < middle : at > middle; at += left ? 1 : -1) {
    if ((straight(at) || 0) < STRAIGHT_EDGE) continue;
    const passed = left ? { x, width: at - x } : { x: at, width: x - at };
    const page = dominantColour(r, { ...passed, y: from, height: to - from }, 2);
    return page.share >= PAGE_PASSED && colourDistance(page.colour, beyond) <= SAME_COLOUR ? side(at) : x;
  }
  return x;
}

/** A line of pixels (every `step`-th) within SAME_COLOUR of its first: the page's gap between two photos. */
function flatLine(r: Raster, x0: number, y0: number, dx: number, dy: number, n: number): boolean {
  const i0 = (y0 * r.width + x0) * 3;
  const step = Math.max(1, Math.floor(n / 200));
  for (let k = 0; k < n; k += step) {
    const i = ((y0 + dy * k) * r.width + x0 + dx * k) * 3;
    if (
      Math.abs(r.data[i]! - r.data[i0]!) > SAME_COLOUR ||
      Math.abs(r.data[i + 1]! - r.data[i0 + 1]!) > SAME_COLOUR ||
      Math.abs(r.data[i + 2]! - r.data[i0 + 2]!) > SAME_COLOUR
    )
      return false;
  }
  return true;
}

/**
 * A rectangle cut where the page shows through it from side to side: two photos a few pixels apart join into one
 * grainy area (a cell spans the gap). Columns first, then rows; pieces too small to be photos are left out.
 */
function splitAtGaps(r: Raster, box: Box, min: number, gap: number): Box[] {
  const pieces = (length: number, flat: (k: number) => boolean): [number, number][] => {
    const out: [number, number][] = [];
    let start = -1;
    let flatRun = 0;
    for (let k = 0; k <= length; k++) {
      const isFlat = k === length || flat(k);
      flatRun = isFlat ? flatRun + 1 : 0;
      if (!isFlat && start < 0) start = k;
      // (A gap is as wide as `gap` at least, or the edge: a flat line inside a photo, its white ground, is no gap.)
      if (start >= 0 && (k === length || flatRun === gap)) {
        const end = k === length ? k - flatRun + 1 : k - gap + 1;
        if (end - start >= min) out.push([start, end]);
        start = -1;
      }
    }
    return out;
  };
  return pieces(box.width, (k) => flatLine(r, box.x + k, box.y, 0, 1, box.height)).flatMap(([a, b]) => {
    const column = { ...box, x: box.x + a, width: b - a };
    return pieces(column.height, (k) => flatLine(r, column.x, column.y + k, 1, 0, column.width)).map(([c, d]) => ({
      ...column,
      y: column.y + c,
      height: d - c,
    }));
  });
}

/**
 * The first straight edge met going from row `from` towards row `to` (the picture's first or last row counts as one),
 * or undefined when there is none: a block of text in a JPEG is grainy, but its first row is no edge. The edge is
 * the row the photo starts on, or the row after its last (rows y − 2 and y differ: the photo's edge is y, or y − 1
 * going up when y − 1 differs from y − 3 as much, an edge blurred over two rows).
 */
function straightEdge(r: Raster, from: number, to: number, x0: number, x1: number, cell: number): number | undefined {
  // (In from the sides by a cell: a rectangle's cells may reach past its edge by up to one.)
  const left = Math.min(x0 + cell, x1);
  const right = Math.max(x1 - cell, left + 1);
  const dir = to >= from ? 1 : -1;
  for (let y = from; dir > 0 ? y <= to : y >= to; y += dir) {
    if (y <= 0) return 0;
    if (y >= r.height) return r.height;
    if (y < 2 || edgeShare(r, y, left, right) < STRAIGHT_EDGE) continue;
    let at = y;
    while (dir < 0 && at > 2 && edgeShare(r, at - 1, left, right) >= STRAIGHT_EDGE) at--;
    return at;
  }
  return undefined;
}

/**
 * The photos' rectangles in the content box, in picture pixels: runs of grainy cells, joined where they touch, cut
 * where their left or right side moves (a photo at the left over one at the right), kept when they are big enough,
 * grainy enough, and have a straight top and bottom.
 */
export function findPhotoRects(r: Raster, content: Box, scale: number): Box[] {
  const cell = Math.max(2, Math.round(CELL_CSS * scale));
  const { columns, rows, grain } = grainCells(r, content, cell);
  const minCells = Math.ceil((MIN_PHOTO_CSS * scale) / cell);
  const component = new Int32Array(columns * rows).fill(-1);
  const found: Box[] = [];
  for (let start = 0; start < grain.length; start++) {
    if (grain[start]! < PHOTO_CELL || component[start]! >= 0) continue;
    // The cells of one grainy area, and each cell row's first and last column in it.
    const first = new Map<number, number>();
    const last = new Map<number, number>();
    const stack = [start];
    component[start] = start;
    while (stack.length > 0) {
      const k = stack.pop()!;
      const cx = k % columns;
      const cy = (k - cx) / columns;
      first.set(cy, Math.min(first.get(cy) ?? cx, cx));
      last.set(cy, Math.max(last.get(cy) ?? cx, cx));
      for (const [nx, ny] of [
        [cx + 1, cy],
        [cx - 1, cy],
        [cx, cy + 1],
        [cx, cy - 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
        const n = ny * columns + nx;
        if (grain[n]! >= PHOTO_CELL && component[n]! < 0) {
          component[n] = start;
          stack.push(n);
        }
      }
    }
    const cellRows = [...first.keys()].sort((a, b) => a - b);
    if (cellRows.length < minCells) continue;
    // Each row's sides as the median of the five rows around it: a photo's dark or smooth corner leaves a row or two
    // short of its edge, which is no other rectangle.
    const smooth = (sides: Map<number, number>) =>
      new Map(
        cellRows.map((y, i) => [y, median(cellRows.slice(Math.max(0, i - 2), i + 3).map((row) => sides.get(row)!))]),
      );
    const left = smooth(first);
    const right = smooth(last);
    // Runs of rows whose sides stay put (a run too short to be a photo, a JPEG's noise at a photo's edge or its dark
    // foot, is left out: the edges are searched for beyond the run).
    const sameExtent = Math.max(SAME_EXTENT_CELLS, Math.round(columns * SAME_EXTENT_SHARE));
    const groups: number[][] = [];
    for (const y of cellRows) {
      const group = groups[groups.length - 1];
      const head = group?.[0];
      const moved =
        !group ||
        head === undefined ||
        y - group[group.length - 1]! > 2 ||
        Math.abs(left.get(y)! - left.get(head)!) > sameExtent ||
        Math.abs(right.get(y)! - right.get(head)!) > sameExtent;
      if (moved) groups.push([y]);
      else group.push(y);
    }
    for (const group of groups) {
      if (group.length < minCells) continue;
      // The sides of the run's first rows (its tail may be another's noise).
      const c0 = median(group.slice(0, Math.max(minCells, group.length >> 1)).map((y) => left.get(y)!));
      const c1 = median(group.slice(0, Math.max(minCells, group.length >> 1)).map((y) => right.get(y)!)) + 1;
      const y0 = group[0]!;
      const y1 = group[group.length - 1]! + 1;
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = c0; x < c1; x++) sum += grain[y * columns + x]!;
      if (c1 - c0 < minCells || sum / ((y1 - y0) * (c1 - c0)) < PHOTO_MEAN) continue;
      const x0 = content.x + c0 * cell;
      const x1 = Math.min(content.x + content.width, content.x + c1 * cell);
      // Each edge is the first straight one going out from three cells inside the run: a JPEG's noise around a
      // photo makes the cells at its edge grainy too. Going out, the search runs on to a cell and a half past the
      // grainy area, as the run of rows may stop short of it (a photo's smooth stretch at one side moves its side).
      const reach = Math.round(cell * 1.5);
      const inside = Math.min(3 * cell, ((y1 - y0) * cell) >> 1);
      const areaTop = content.y + cellRows[0]! * cell - reach;
      const areaBottom = content.y + (cellRows[cellRows.length - 1]! + 1) * cell + reach;
      let top = straightEdge(r, content.y + y0 * cell + inside, areaTop, x0, x1, cell);
      let bottom = straightEdge(r, content.y + y1 * cell - inside, areaBottom, x0, x1, cell);
      if (top === undefined || bottom === undefined || bottom - top < MIN_PHOTO_CSS * scale) continue;
      // (A blended row at an edge is the photo's: left out, it was a 1 px grey "rule" at the foot of the band above.)
      const [bx0, bx1] = [Math.min(x0 + cell, x1), Math.max(x1 - cell, x0 + 1)];
      if (blendRow(r, top - 1, top - 2, bx0, bx1)) top -= 1;
      if (blendRow(r, bottom, bottom + 1, bx0, bx1)) bottom += 1;
      const x = straightSide(r, x0, x1, top, bottom, cell, content);
      const xEnd = straightSide(r, x1, x0, top, bottom, cell, content);
      found.push(
        ...splitAtGaps(r, { x, y: top, width: xEnd - x, height: bottom - top }, MIN_PHOTO_CSS * scale, GAP_CSS * scale),
      );
    }
  }
  // (Groups of one grainy area may find the same edges: a rectangle mostly inside a bigger one is that one.)
  const area = (b: Box) => b.width * b.height;
  const kept = found
    .sort((a, b) => area(b) - area(a))
    .filter((b, i, all) => !all.slice(0, i).some((big) => overlapArea(big, b) >= SAME_PHOTO * area(b)));
  return kept.sort((a, b) => a.y - b.y || a.x - b.x);
}
