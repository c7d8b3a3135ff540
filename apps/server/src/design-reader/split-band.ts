import type { OcrWord } from "../adapters/ocr/ocr-engine.js";
import type { Band } from "./bands.js";
import { colourDistance, dominantColour, SAME_COLOUR } from "./colour.js";
import { INK_GREY } from "./ocr-pass.js";
import type { Box, Raster, Rgb } from "./raster.js";
import { SEGMENT_INK } from "./xy-cut.js";

/**
 * A band in two colours side by side (a hero half black, half red, its headline running across the seam: "BL" in
 * white on the black, "ACK" in black on the red). No gap of empty columns runs down the band, so the cut sees one
 * piece, and the reader took the red half for a card as wide as the headline. Where the band's background meets a
 * flat fill along a straight vertical edge down most of the band, and the fill reaches the band's side, the band is
 * two columns: the background's and the fill's (decision 156).
 */
export interface BandSplit {
  /** The first column of the fill's side (the fill on the right) or the first column after the fill (on the left). */
  x: number;
  fill: Rgb;
  side: "left" | "right";
}

/** The edge runs down at least this share of the band's rows (text crossing the seam takes some). */
const EDGE_SHARE = 0.6;
/** The band is at least this tall (CSS px): a thin two-coloured strip is a bar, not two columns. */
const MIN_HEIGHT_CSS = 60;
/** Each side is at least this share of the band's width. */
const MIN_SIDE = 0.2;
/** The fill holds at least this share of its side. */
const FILL_SHARE = 0.55;
/** Rows looked at first for a seam. */
const SAMPLE_ROWS = 10;

/** The pixel at byte `i` of the raster is `c`, within SAME_COLOUR on each channel. */
function nearColour(r: Raster, i: number, c: Rgb): boolean {
  return (
    Math.abs(r.data[i]! - c[0]) <= SAME_COLOUR &&
    Math.abs(r.data[i + 1]! - c[1]) <= SAME_COLOUR &&
    Math.abs(r.data[i + 2]! - c[2]) <= SAME_COLOUR
  );
}

export function bandSplit(r: Raster, band: Band, scale: number): BandSplit | null {
  const { box, background } = band;
  if (band.busy || box.height < MIN_HEIGHT_CSS * scale) return null;
  const near = (i: number, c: Rgb) => nearColour(r, i, c);
  const same = (a: number, b: number) =>
    Math.abs(r.data[a]! - r.data[b]!) <= SAME_COLOUR &&
    Math.abs(r.data[a + 1]! - r.data[b + 1]!) <= SAME_COLOUR &&
    Math.abs(r.data[a + 2]! - r.data[b + 2]!) <= SAME_COLOUR;
  const reach = Math.max(2, Math.round(3 * scale));
  const at = (x: number, y: number) => (y * r.width + x) * 3;
  // The fill's side is flat for a few pixels from the seam; the other side is the band's background.
  const flatFrom = (x: number, y: number, dir: 1 | -1) => {
    for (let k = 1; k < reach; k++) if (!same(at(x, y), at(x + dir * k, y))) return false;
    return true;
  };
  const edgeAt = (x: number, y: number): "left" | "right" | null => {
    if (near(at(x - 1, y), background) && !near(at(x, y), background) && flatFrom(x, y, 1)) return "right";
    if (near(at(x, y), background) && !near(at(x - 1, y), background) && flatFrom(x - 1, y, -1)) return "left";
    return null;
  };
  const x0 = box.x + Math.ceil(box.width * MIN_SIDE);
  const x1 = box.x + Math.floor(box.width * (1 - MIN_SIDE));
  // Seams are looked for only where a few rows spread down the band show one (most bands have none: this keeps the
  // search to a few columns).
  const samples = Array.from({ length: SAMPLE_ROWS }, (_, i) =>
    Math.floor(box.y + ((i + 0.5) * box.height) / SAMPLE_ROWS),
  );
  let best: { x: number; n: number; side: "left" | "right" } | null = null;
  for (let x = x0; x < x1; x++) {
    if (samples.filter((y) => edgeAt(x, y) !== null).length < SAMPLE_ROWS * EDGE_SHARE * 0.5) continue;
    let right = 0;
    let left = 0;
    for (let y = box.y; y < box.y + box.height; y++) {
      const edge = edgeAt(x, y);
      if (edge === "right") right++;
      else if (edge === "left") left++;
    }
    const n = Math.max(left, right);
    if (!best || n > best.n) best = { x, n, side: right >= left ? "right" : "left" };
  }
  if (!best || best.n < box.height * EDGE_SHARE) return null;
  const fillBox = sideBox(box, best.x, best.side);
  const fill = dominantColour(r, fillBox, 2);
  if (fill.share < FILL_SHARE || colourDistance(fill.colour, background) <= SAME_COLOUR) return null;
  // The fill runs to the band's side (a picture set in from it, page beside it, is a picture in a column).
  const outer = best.side === "right" ? box.x + box.width - 1 : box.x;
  let reaching = 0;
  for (let y = box.y; y < box.y + box.height; y++) if (near(at(outer, y), fill.colour)) reaching++;
  if (reaching < box.height * EDGE_SHARE) return null;
  // Each side holds something on its colour (words, a mark) inside its edges, and is mostly that colour: two framed
  // flat pictures side by side (one the band's colour) are pictures, not a band in two colours.
  const pageBox = sideBox(box, best.x, best.side === "right" ? "left" : "right");
  const inset = Math.round(EDGE_CSS * scale);
  for (const [side, colour] of [
    [pageBox, background],
    [fillBox, fill.colour],
  ] as const) {
    const inner = {
      x: side.x + inset,
      y: side.y + inset,
      width: side.width - 2 * inset,
      height: side.height - 2 * inset,
    };
    const ink = inner.width > 0 && inner.height > 0 ? inkShare(r, inner, colour) : 0;
    if (ink < MIN_INK || ink > MAX_INK) return null;
  }
  return { x: best.x, fill: fill.colour, side: best.side };
}

/** A side's edges (CSS px) are left out of its ink: a picture's frame is no content. */
const EDGE_CSS = 4;
/** Each side has at least this share of ink on its colour, and at most this share. */
const MIN_INK = 0.003;
const MAX_INK = 0.4;

/** The share of `box` (every other pixel of every other row) further than SEGMENT_INK from `colour`: its ink. */
function inkShare(r: Raster, box: Box, colour: Rgb): number {
  let ink = 0;
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y += 2)
    for (let x = box.x; x < box.x + box.width; x += 2, n++) {
      const i = (y * r.width + x) * 3;
      const d = Math.max(
        Math.abs(r.data[i]! - colour[0]),
        Math.abs(r.data[i + 1]! - colour[1]),
        Math.abs(r.data[i + 2]! - colour[2]),
      );
      if (d > SEGMENT_INK) ink++;
    }
  return n > 0 ? ink / n : 0;
}

/** The part of `box` on `side` of the seam at `x` (the seam's column belongs to the right part). */
export function sideBox(box: Box, x: number, side: "left" | "right"): Box {
  return side === "right"
    ? { x, y: box.y, width: box.x + box.width - x, height: box.height }
    : { x: box.x, y: box.y, width: x - box.x, height: box.height };
}

/** A seam of a band split in two (bandSplit): its column and the band's box. */
export interface Seam {
  x: number;
  box: Box;
}

/**
 * A word the page reading read across a seam ("BLACK": "BL" white on the black, "ACK" black on the red, one word to
 * the engine once each side is drawn dark on white) is two words, one to each column. It is cut between its letters:
 * where the pieces of ink on each side add up to its letters, as many letters as the left side has pieces; otherwise in
 * proportion to the widths. A cut that would leave a side empty keeps the word whole.
 */
export function splitAtSeams(words: OcrWord[], seams: Seam[], grey: Uint8Array, width: number): OcrWord[] {
  if (seams.length === 0) return words;
  return words.flatMap((w) => {
    const b = w.box;
    const seam = seams.find(
      (s) =>
        b.x < s.x &&
        b.x + b.width > s.x &&
        b.y + b.height / 2 >= s.box.y &&
        b.y + b.height / 2 < s.box.y + s.box.height,
    );
    const letters = [...w.text];
    if (!seam || letters.length < 2 || /\s/.test(w.text)) return [w];
    const y0 = Math.max(0, Math.floor(b.y));
    const y1 = Math.ceil(b.y + b.height);
    const pieces = (x0: number, x1: number) => {
      let n = 0;
      let inRun = false;
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) {
        let ink = false;
        for (let y = y0; y < y1 && !ink; y++) ink = grey[y * width + x]! < INK_GREY;
        if (ink && !inRun) n++;
        inRun = ink;
      }
      return n;
    };
    const left = pieces(b.x, seam.x);
    const right = pieces(seam.x, b.x + b.width);
    const k =
      left + right === letters.length ? left : Math.round((letters.length * (seam.x - b.x)) / Math.max(1, b.width));
    if (k <= 0 || k >= letters.length) return [w];
    return [
      { ...w, text: letters.slice(0, k).join(""), box: { ...b, width: seam.x - b.x } },
      { ...w, text: letters.slice(k).join(""), box: { ...b, x: seam.x, width: b.x + b.width - seam.x } },
    ];
  });
}

/**
 * A flat panel as tall as a piece of the page with other things beside it, joined to it (a red offer box between
 * "GET" and "NOW" on the page's black, a white box under each touching the panel): the cut sees one piece, mostly the
 * panel's colour, and the reader took it for a card as wide as the page, reading "GET" and "NOW" against red. Where
 * the fill runs down whole columns of the piece (a panel's padding) between two edges, and a side beyond an edge is
 * no part of the panel but holds something, the piece is the panel and its sides (decision 158).
 */
export interface PanelSpan {
  /** The panel's first and last columns. */
  x0: number;
  x1: number;
}

/** A column is the panel's own when the fill holds this share of its rows. */
const PANEL_COLUMN = 0.95;
/** A column beside the panel's edge mostly its fill is its rounded corner. */
const PANEL_CORNER_COLUMN = 0.5;
/** A side is at least this wide (CSS px): a rounded corner's few columns are no side. */
const PANEL_SIDE_CSS = 12;
/** The panel is at least this share of the piece's width. */
const PANEL_SHARE = 0.3;
/** A side holds at most this share of the fill (else it is the panel, notched). */
const SIDE_FILL = 0.2;

export function panelSpan(r: Raster, box: Box, fill: Rgb, background: Rgb, scale: number): PanelSpan | null {
  const near = (x: number, y: number) => nearColour(r, (y * r.width + x) * 3, fill);
  const share = (x: number) => {
    let n = 0;
    for (let y = box.y; y < box.y + box.height; y++) if (near(x, y)) n++;
    return n / box.height;
  };
  let x0 = box.x;
  while (x0 < box.x + box.width && share(x0) < PANEL_COLUMN) x0++;
  let x1 = box.x + box.width - 1;
  while (x1 > x0 && share(x1) < PANEL_COLUMN) x1--;
  if (x1 - x0 + 1 < box.width * PANEL_SHARE) return null;
  // A rounded panel's corners: the columns beside its edge still mostly its fill are the panel's.
  while (x0 > box.x && share(x0 - 1) >= PANEL_CORNER_COLUMN) x0--;
  while (x1 < box.x + box.width - 1 && share(x1 + 1) >= PANEL_CORNER_COLUMN) x1++;
  const side = Math.round(PANEL_SIDE_CSS * scale);
  const sides = [
    { x: box.x, y: box.y, width: x0 - box.x, height: box.height },
    { x: x1 + 1, y: box.y, width: box.x + box.width - x1 - 1, height: box.height },
  ].filter((s) => s.width >= side);
  if (sides.length === 0) return null;
  // (A side too narrow to be one is the panel's edge: a rounded corner's columns.)
  if (x0 - box.x < side) x0 = box.x;
  if (box.x + box.width - x1 - 1 < side) x1 = box.x + box.width - 1;
  for (const s of sides) {
    let onFill = 0;
    for (let y = s.y; y < s.y + s.height; y += 2) for (let x = s.x; x < s.x + s.width; x += 2) if (near(x, y)) onFill++;
    if (onFill / (Math.ceil(s.height / 2) * Math.ceil(s.width / 2)) > SIDE_FILL) return null;
    if (inkShare(r, s, background) < MIN_INK) return null;
  }
  return { x0, x1 };
}

/** A panel's box and its sides' (null where it reaches the piece's side), across the piece `box`. */
export function panelBoxes(box: Box, span: PanelSpan): { panel: Box; left: Box | null; right: Box | null } {
  const end = box.x + box.width;
  return {
    panel: { x: span.x0, y: box.y, width: span.x1 - span.x0 + 1, height: box.height },
    left: span.x0 > box.x ? { x: box.x, y: box.y, width: span.x0 - box.x, height: box.height } : null,
    right: span.x1 + 1 < end ? { x: span.x1 + 1, y: box.y, width: end - span.x1 - 1, height: box.height } : null,
  };
}
