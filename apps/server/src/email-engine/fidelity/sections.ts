import {
  leafBlocksOf,
  SECTION_REPORT_LIMIT,
  type SectionDifference,
  type TDesignLayout,
  type TFidelitySection,
  type TLayoutLeafBlock,
} from "@mailsmith/shared";
import { ALIGN_BLOCK_ROWS, type Alignment } from "./align.js";
import { deltaE } from "./colour.js";
import type { Raster } from "./normalise.js";
import type { StructureResult } from "./structure.js";
import { fuzzyMissingWords } from "./text.js";

/** A design section in compare pixels (rows of the design raster), with its background and words when known. */
export interface DesignBand {
  top: number;
  bottom: number;
  /** #rrggbb; null: read from the picture. */
  background: string | null;
  /** The section's words (the reader's), null when no layout was given. */
  text: string | null;
}

/** A row with at most this many colour edges is blank (a gap between blocks; a card's two sides are edges). */
const BLANK_EDGES = 4;
/** A gap of blank rows this tall (compare px; 30 px at 600 px wide) separates two sections on one background. */
const GAP_ROWS = 10;
/** Sections shorter than this (compare px) join their neighbour. */
const MIN_ROWS = 8;
/** Sections found in a picture, at most. */
const MAX_BANDS = 12;
/** Blank rows whose colour changes by more than this (ΔE00: a light grey band on white) start a new section. */
const BAND_DELTA = 3;
/** Background colours further apart than this (ΔE00) are a colour difference. */
const COLOUR_DELTA = 12;
/** A section this much (or less) as tall / 1.33× as tall is a height difference. */
const HEIGHT_RANGE = [0.75, 1.33] as const;
/** Below this similarity (0–100) a section with no other difference "looks different". */
const CONTENT_SIMILARITY = 55;

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
const rgbOf = (h: string) => ({
  r: Number.parseInt(h.slice(1, 3), 16),
  g: Number.parseInt(h.slice(3, 5), 16),
  b: Number.parseInt(h.slice(5, 7), 16),
});

/** The most common colour of rows [top, bottom) (between x0 and x1) and the share of the others. */
function rowsColour(
  r: Raster,
  top: number,
  bottom: number,
  [x0, x1]: readonly [number, number] = [0, r.width],
): { colour: string; ink: number } {
  const counts = new Map<number, number>();
  let n = 0;
  for (let y = Math.max(0, top); y < Math.min(r.height, bottom); y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * r.width + x) * 3;
      const key = (r.data[i]! << 16) | (r.data[i + 1]! << 8) | r.data[i + 2]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      n++;
    }
  let best = 0xffffff;
  let bestN = 0;
  for (const [k, c] of counts)
    if (c > bestN || (c === bestN && k < best)) {
      best = k;
      bestN = c;
    }
  return { colour: hex((best >> 16) & 255, (best >> 8) & 255, best & 255), ink: n ? 1 - bestN / n : 0 };
}

/** Neighbouring pixels of row y whose colours differ clearly (sum of channel differences over 40). */
function edgesOf(r: Raster, y: number): number {
  let edges = 0;
  const row = y * r.width * 3;
  for (let x = 1; x < r.width; x++) {
    const i = row + x * 3;
    const d =
      Math.abs(r.data[i]! - r.data[i - 3]!) +
      Math.abs(r.data[i + 1]! - r.data[i - 2]!) +
      Math.abs(r.data[i + 2]! - r.data[i - 1]!);
    if (d > 40) edges++;
  }
  return edges;
}

/**
 * Sections of a picture without a layout (Check my email, or a design the reader did not read): a new section
 * starts where the blank rows' background colour changes (a coloured band), or after a tall blank gap on the same
 * background; slivers join their neighbour, and at most MAX_BANDS are kept (the smallest merged first).
 */
export function findBands(r: Raster): DesignBand[] {
  // The colour of the content column (the middle half of each row, not the page around it), runs of one colour
  // shorter than a section (a bar, a line of text, a button) taken as the colour around them.
  const mid = [Math.floor(r.width / 4), Math.ceil((r.width * 3) / 4)] as const;
  const colours: string[] = [];
  for (let y = 0; y < r.height; y++) colours.push(rowsColour(r, y, y + 1, mid).colour);
  // Runs of rows within BAND_DELTA of the run's first colour (resampling makes a flat fill flicker by a level).
  const near = (a: string, b: string) => a === b || deltaE(rgbOf(a), rgbOf(b)) <= BAND_DELTA;
  const smooth = [...colours];
  for (let y = 0; y < r.height; ) {
    let end = y;
    while (end < r.height && near(colours[end]!, colours[y]!)) end++;
    for (let k = y; k < end; k++) smooth[k] = end - y < MIN_ROWS && y > 0 ? smooth[y - 1]! : colours[y]!;
    y = end;
  }
  const colourCuts: number[] = [];
  for (let y = 1; y < r.height; y++) if (!near(smooth[y - 1]!, smooth[y]!)) colourCuts.push(y);
  // Tall blank gaps on one colour: cut in their middle, unless a colour change is in or right after the gap.
  const gapCuts: number[] = [];
  let gap = 0;
  for (let y = 0; y <= r.height; y++) {
    // Blank: no edges to speak of, in the band's own colour (a solid bar has two edges but another colour).
    if (y < r.height && near(colours[y]!, smooth[y]!) && edgesOf(r, y) <= BLANK_EDGES) {
      gap++;
      continue;
    }
    const g0 = y - gap;
    if (gap >= GAP_ROWS && g0 > 0 && y < r.height && !colourCuts.some((c) => c >= g0 && c <= y + 2))
      gapCuts.push(y - Math.floor(gap / 2));
    gap = 0;
  }
  const cuts = [0, ...new Set([...colourCuts, ...gapCuts])].sort((a, b) => a - b);
  let bands = cuts.map((top, i) => ({ top, bottom: cuts[i + 1] ?? r.height }));
  bands = bands.filter((b) => b.bottom > b.top);
  for (let i = bands.length - 1; i > 0; i--)
    if (bands[i]!.bottom - bands[i]!.top < MIN_ROWS) {
      bands[i - 1]!.bottom = bands[i]!.bottom;
      bands.splice(i, 1);
    }
  while (bands.length > MAX_BANDS) {
    let k = 0;
    for (let i = 1; i < bands.length - 1; i++)
      if (bands[i]!.bottom - bands[i - 1]!.top < bands[k + 1]!.bottom - bands[k]!.top) k = i - 1;
    bands[k]!.bottom = bands[k + 1]!.bottom;
    bands.splice(k + 1, 1);
  }
  return bands.map((b) => ({ ...b, background: null, text: null }));
}

function blockText(b: TLayoutLeafBlock): string {
  return b.kind === "text" || b.kind === "button" ? b.text : "";
}

/** The reader's sections in compare pixels (the design raster is the design image scaled to its width). */
export function layoutBands(layout: TDesignLayout, raster: Raster): DesignBand[] {
  const s = raster.width / Math.max(1, layout.width);
  return layout.sections
    .map((section) => ({
      top: Math.max(0, Math.round(section.box.y * s)),
      bottom: Math.min(raster.height, Math.round((section.box.y + section.box.height) * s)),
      background: section.background,
      text: section.rows
        .flatMap((row) => row.columns.flatMap((c) => leafBlocksOf(c.blocks).map(blockText)))
        .filter(Boolean)
        .join(" "),
    }))
    .filter((b) => b.bottom - b.top >= 1);
}

/** One compared section, with where to crop its picture pair (shares of each picture's height). */
export type SectionComparison = TFidelitySection;

export interface SectionInput {
  design: Raster;
  /** The rendered email as decoded (not warped), same width as `design`. */
  rendered: Raster;
  alignment: Pick<Alignment, "rowMap" | "unused">;
  structure: Pick<StructureResult, "rows">;
  bands: DesignBand[];
  renderedText?: string;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const clamp100 = (v: number) => Math.max(0, Math.min(100, v));

/**
 * Each design section against the part of the email the row alignment laid onto it: similarity (mean SSIM of its
 * rows, mapped as the structure part), whether it is there at all (its rows mostly took one stretched email row:
 * missing), its background colour, its height, and its words; then runs of email rows no design row took (extra
 * content). Returns every design section (in order) and the additions, each with its differences.
 */
export function compareSections(input: SectionInput, ssimFloor: number): SectionComparison[] {
  const { design, rendered, alignment, structure, bands } = input;
  const out: SectionComparison[] = [];
  const dh = Math.max(1, design.height);
  const rh = Math.max(1, rendered.height);
  for (const [i, band] of bands.entries()) {
    const rows = band.bottom - band.top;
    let ssim = 0;
    let r0 = Number.POSITIVE_INFINITY;
    let r1 = -1;
    const blocks = new Set<number>();
    for (let y = band.top; y < band.bottom; y++) {
      ssim += structure.rows[y] ?? 0;
      const ry = alignment.rowMap[y]!;
      r0 = Math.min(r0, ry);
      r1 = Math.max(r1, ry + 1);
      blocks.add(Math.floor(ry / ALIGN_BLOCK_ROWS));
    }
    const similarity = Math.round(clamp100(((ssim / Math.max(1, rows) - ssimFloor) / (1 - ssimFloor)) * 100));
    const coverage = blocks.size / Math.max(1, Math.ceil(rows / ALIGN_BLOCK_ROWS));
    const differences: SectionDifference[] = [];
    const missing = coverage < 0.3 && similarity < 60 && rows >= MIN_ROWS;
    if (missing) differences.push("missing");
    const designColour = band.background ?? rowsColour(design, band.top, band.bottom).colour;
    const emailColour = missing ? null : rowsColour(rendered, r0, r1).colour;
    const colourDiffers = emailColour !== null && deltaE(rgbOf(designColour), rgbOf(emailColour)) > COLOUR_DELTA;
    if (colourDiffers) differences.push("colour");
    const heightRatio = missing ? null : round2((r1 - r0) / Math.max(1, rows));
    if (heightRatio !== null && rows >= MIN_ROWS && (heightRatio < HEIGHT_RANGE[0] || heightRatio > HEIGHT_RANGE[1]))
      differences.push("height");
    // Words only when the email's text is known (the renderer's innerText).
    const missingWords =
      band.text && input.renderedText !== undefined ? fuzzyMissingWords(band.text, input.renderedText) : [];
    const wordCount = band.text ? band.text.split(/\s+/).filter((w) => w.length > 2).length : 0;
    if (missingWords.length > 0 && missingWords.length >= Math.max(1, wordCount * 0.25)) differences.push("text");
    if (differences.length === 0 && similarity < CONTENT_SIMILARITY) differences.push("content");
    out.push({
      index: i + 1,
      design: { top: round2(band.top / dh), height: round2(rows / dh) },
      email: missing ? null : { top: round2(r0 / rh), height: round2((r1 - r0) / rh) },
      similarity,
      differences,
      missingWords: missingWords.slice(0, 12),
      designColour: colourDiffers ? designColour : null,
      emailColour: colourDiffers ? emailColour : null,
      heightRatio,
      picture: null,
    });
  }
  out.push(...extraSections(alignment.unused, rendered.height));
  return out;
}

/** Ink (mean grey distance from the background) over which an unmatched email row block holds content. */
const EXTRA_INK = 6;
/** Unmatched row blocks in a row (3 blocks: 36 px at 600 px wide) that make an addition worth reporting. */
const EXTRA_MIN_BLOCKS = 3;

function extraSections(unused: { block: number; ink: number }[], renderedHeight: number): SectionComparison[] {
  const out: SectionComparison[] = [];
  const inked = unused.filter((u) => u.ink > EXTRA_INK).map((u) => u.block);
  const rh = Math.max(1, renderedHeight);
  let start = 0;
  for (let i = 1; i <= inked.length; i++) {
    if (i < inked.length && inked[i]! - inked[i - 1]! <= 2) continue;
    const first = inked[start]!;
    const last = inked[i - 1]!;
    if (i > start && last - first + 1 >= EXTRA_MIN_BLOCKS) {
      const top = first * ALIGN_BLOCK_ROWS;
      const height = Math.min(renderedHeight, (last + 1) * ALIGN_BLOCK_ROWS) - top;
      out.push({
        index: null,
        design: null,
        email: { top: round2(top / rh), height: round2(height / rh) },
        similarity: 0,
        differences: ["extra"],
        missingWords: [],
        designColour: null,
        emailColour: null,
        heightRatio: null,
        picture: null,
      });
    }
    start = i;
  }
  return out;
}

/** The sections worth telling about: those that differ, worst first by how they differ, at most the limit. */
export function differingSections(all: SectionComparison[]): SectionComparison[] {
  return all
    .filter((s) => s.differences.length > 0)
    .sort((a, b) => a.similarity - b.similarity || (a.index ?? 1e9) - (b.index ?? 1e9))
    .slice(0, SECTION_REPORT_LIMIT)
    .sort((a, b) => (a.index ?? 1e9) - (b.index ?? 1e9) || (a.email?.top ?? 0) - (b.email?.top ?? 0));
}
