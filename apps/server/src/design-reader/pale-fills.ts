import { colourDistance, dominantColour, SAME_COLOUR } from "./colour.js";
import type { Box, Raster, Rgb } from "./raster.js";
import { type InkMask, SEGMENT_INK } from "./xy-cut.js";

/**
 * Pale fills (decision 144): a box filled a shade off its background (a #f2f2f2 code box on white, a pastel card)
 * is closer to the background than SEGMENT_INK, so the ink mask sees only the text in it and the box is lost. Flat
 * areas of one pale colour, at least 40 × 24 CSS px, are found here and painted into the mask as solid ink, so the
 * cut sees a filled shape and reads its inside as a card or callout. A pale box drawn with a frame is left to the
 * frame's reading (a solid mask would hide the frame).
 */

const MIN_WIDTH_CSS = 40;
const MIN_HEIGHT_CSS = 24;
/** Neighbouring pixels of a flat fill differ by at most this (anti-aliasing and JPEG noise aside). */
const FLAT = 2;
/** A column belongs to a box when this share of its rows in the box's stretch are pale (text lines take the rest). */
const COLUMN_SHARE = 0.3;
/** A box's edge ink (a frame) on this share of its perimeter leaves it to the frame's reading. */
const FRAMED_SHARE = 0.8;
/** The box's fill holds at least this share of it. */
const FILL_SHARE = 0.45;

function isPale(r: Raster, x: number, y: number, background: Rgb): boolean {
  const i = (y * r.width + x) * 3;
  const d = Math.max(
    Math.abs(r.data[i]! - background[0]),
    Math.abs(r.data[i + 1]! - background[1]),
    Math.abs(r.data[i + 2]! - background[2]),
  );
  if (d <= SAME_COLOUR || d > SEGMENT_INK) return false;
  const right = i + 3;
  const below = i + r.width * 3;
  for (let c = 0; c < 3; c++) {
    if (x + 1 < r.width && Math.abs(r.data[i + c]! - r.data[right + c]!) > FLAT) return false;
    if (y + 1 < r.height && Math.abs(r.data[i + c]! - r.data[below + c]!) > FLAT) return false;
  }
  return true;
}

/** Runs of indexes whose value passes, allowing gaps of `gap`: [start, end) pairs. */
function runsOf(values: Uint32Array, min: number, gap: number): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  let last = -1;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! < min) continue;
    if (start >= 0 && i - last - 1 > gap) {
      out.push([start, last + 1]);
      start = -1;
    }
    if (start < 0) start = i;
    last = i;
  }
  if (start >= 0) out.push([start, last + 1]);
  return out;
}

/**
 * The share of a box's edge where the mask already has ink just outside it (within 2 pixels: the flatness test
 * leaves the fill's last row and column beside a frame out of the box).
 */
function ringInk(mask: InkMask, box: Box): number {
  let ink = 0;
  let total = 0;
  const inkAt = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < mask.width && y < mask.height && mask.bits[y * mask.width + x] === 1;
  const probe = (x: number, y: number, dx: number, dy: number) => {
    total++;
    if (inkAt(x + dx, y + dy) || inkAt(x + 2 * dx, y + 2 * dy)) ink++;
  };
  for (let x = box.x; x < box.x + box.width; x++) {
    probe(x, box.y, 0, -1);
    probe(x, box.y + box.height - 1, 0, 1);
  }
  for (let y = box.y; y < box.y + box.height; y++) {
    probe(box.x, y, -1, 0);
    probe(box.x + box.width - 1, y, 1, 0);
  }
  return total === 0 ? 0 : ink / total;
}

/** Finds the pale boxes of an area on its background and paints each into the mask as solid ink. */
export function paintPaleFills(r: Raster, area: Box, background: Rgb, mask: InkMask, scale: number): void {
  const minWidth = Math.round(MIN_WIDTH_CSS * scale);
  const minHeight = Math.round(MIN_HEIGHT_CSS * scale);
  if (area.width < minWidth || area.height < minHeight) return;
  const pale = new Uint8Array(area.width * area.height);
  const rowCounts = new Uint32Array(area.height);
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      if (!isPale(r, area.x + x, area.y + y, background)) continue;
      pale[y * area.width + x] = 1;
      rowCounts[y]!++;
    }
  }
  for (const [y0, y1] of runsOf(rowCounts, minWidth, Math.round(2 * scale))) {
    if (y1 - y0 < minHeight) continue;
    const columnCounts = new Uint32Array(area.width);
    for (let y = y0; y < y1; y++) for (let x = 0; x < area.width; x++) columnCounts[x]! += pale[y * area.width + x]!;
    for (const [x0, x1] of runsOf(columnCounts, Math.ceil((y1 - y0) * COLUMN_SHARE), Math.round(4 * scale))) {
      if (x1 - x0 < minWidth) continue;
      const box = { x: area.x + x0, y: area.y + y0, width: x1 - x0, height: y1 - y0 };
      const fill = dominantColour(r, box, 2);
      if (fill.share < FILL_SHARE || colourDistance(fill.colour, background) <= SAME_COLOUR) continue;
      if (ringInk(mask, box) >= FRAMED_SHARE) continue;
      for (let y = box.y; y < box.y + box.height; y++)
        mask.bits.fill(1, y * mask.width + box.x, y * mask.width + box.x + box.width);
    }
  }
}

/** Fills side by side meet along a straight edge at least this tall (CSS px) to be cut apart there. */
const MIN_EDGE_CSS = 60;
/** Rows beyond a found edge (CSS px) that are cleared with it when inked there. */
const EDGE_SLACK = 8;
/** Two fills this far apart in colour are two boxes. */
const EDGE_CONTRAST = 12;

/**
 * Boxes filled in different colours and set edge to edge (three pastel cards touching) are one piece of ink to the
 * cut, and one picture to the reader. Where two flat fills meet along a vertical edge at least 60 CSS px tall, the
 * mask is cleared a few pixels wide along it, so the cut sees the boxes apart.
 */
export function splitTouchingFills(r: Raster, area: Box, background: Rgb, mask: InkMask, scale: number): void {
  const minRun = Math.round(MIN_EDGE_CSS * scale);
  const gap = Math.max(2, Math.round(2 * scale));
  const px = (x: number, y: number) => (y * r.width + x) * 3;
  const same = (a: number, b: number) =>
    Math.abs(r.data[a]! - r.data[b]!) <= FLAT &&
    Math.abs(r.data[a + 1]! - r.data[b + 1]!) <= FLAT &&
    Math.abs(r.data[a + 2]! - r.data[b + 2]!) <= FLAT;
  const apart = (a: number, b: number) =>
    Math.max(
      Math.abs(r.data[a]! - r.data[b]!),
      Math.abs(r.data[a + 1]! - r.data[b + 1]!),
      Math.abs(r.data[a + 2]! - r.data[b + 2]!),
    ) > EDGE_CONTRAST;
  const onBackground = (a: number) =>
    Math.abs(r.data[a]! - background[0]) <= SAME_COLOUR &&
    Math.abs(r.data[a + 1]! - background[1]) <= SAME_COLOUR &&
    Math.abs(r.data[a + 2]! - background[2]) <= SAME_COLOUR;
  // Both fills are flat for a few CSS px from the edge: a frame's side (a 1 px line drawn 3 px wide on a phone) beside
  // its box's fill is a line, not a fill, and must stay in the mask for the frame to be read.
  const reach = Math.max(2, Math.round(3 * scale));
  const flatFrom = (x: number, y: number, dir: 1 | -1) => {
    for (let k = 1; k < reach; k++) if (!same(px(x, y), px(x + dir * k, y))) return false;
    return true;
  };
  for (let x = area.x + reach; x < area.x + area.width - reach - 1; x++) {
    let run = 0;
    let start = 0;
    for (let y = area.y; y <= area.y + area.height; y++) {
      const inside = y < area.y + area.height;
      const edge =
        inside &&
        !onBackground(px(x, y)) &&
        !onBackground(px(x + 1, y)) &&
        flatFrom(x, y, -1) &&
        flatFrom(x + 1, y, 1) &&
        apart(px(x, y), px(x + 1, y));
      if (edge) {
        if (run === 0) start = y;
        run++;
        continue;
      }
      if (run >= minRun) {
        // The boxes' top and bottom edges (anti-aliased, rounded) are cleared too, a few rows beyond the edge.
        const x0 = Math.max(area.x, x - gap + 1);
        const x1 = Math.min(area.x + area.width, x + gap + 1);
        const inked = (yy: number) =>
          mask.bits.subarray(yy * mask.width + x0, yy * mask.width + x1).some((b) => b === 1);
        let top = start;
        while (top > area.y && start - top < EDGE_SLACK * scale && inked(top - 1)) top--;
        let end = start + run;
        while (end < area.y + area.height && end - (start + run) < EDGE_SLACK * scale && inked(end)) end++;
        start = top;
        run = end - top;
        for (let yy = start; yy < start + run; yy++)
          mask.bits.fill(
            0,
            yy * mask.width + Math.max(area.x, x - gap + 1),
            yy * mask.width + Math.min(area.x + area.width, x + gap + 1),
          );
      }
      run = 0;
    }
  }
}
