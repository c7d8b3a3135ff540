import type { TDesignLayout } from "@mailsmith/shared";
import { alignRows } from "./align.js";
import { colourDistance, extractPalette, type PaletteColour } from "./colour.js";
import { toRaster } from "./normalise.js";
import { compareSections, findBands, layoutBands, type SectionComparison } from "./sections.js";
import { type StructureResult, structuralSimilarity } from "./structure.js";
import { textSimilarity, wordRecall } from "./text.js";
import { type BlockMatch, blockMatch, pictureMatch } from "./visual.js";

/** Contract: what scoreFidelity compares. */
export interface FidelityInput {
  /** The design the member uploaded: PNG, JPEG or WebP. */
  design: Buffer;
  /** The email rendered by the renderer (PNG), ideally at the design's width. */
  rendered: Buffer;
  /** The text the model read from the design (null part when absent and no layout has text). */
  designText?: string;
  /**
   * What the local design reader read in the design: its text is the design's words (preferred to the
   * model's `designText`: it is read from the pixels, not written by the model), its sections are compared one by one.
   */
  designLayout?: TDesignLayout | null;
  /** The visible text of the rendered email (the renderer's innerText). */
  renderedText?: string;
}

export interface FidelityParts {
  structure: number;
  colour: number;
  text: number | null;
}

export interface FidelityScore {
  /** 0–100, higher is closer to the design. */
  score: number;
  parts: FidelityParts;
}

/** What the score was made from: the difference summary reads it. */
export interface FidelityAnalysis extends FidelityScore {
  structure: StructureResult;
  designPalette: PaletteColour[];
  renderedPalette: PaletteColour[];
  /** Palette earth mover's distance in CIEDE2000 units. */
  colourDistance: number;
  /** Share of the rendered email's content that matched no part of the design (extra or displaced blocks). */
  extraShare: number;
  /** Heights (in compare pixels, 200 px wide) before the shorter one was extended. */
  designHeight: number;
  renderedHeight: number;
  /** 4 × 4 compare-pixel blocks (12 px at 600 px wide) of the aligned pictures whose mean colour matches. */
  visual: BlockMatch;
  /** The outside judges' block match at the email's width, blind to polarity (visual.ts `pictureMatch`): 0…1. */
  blocks: number;
  /** Every design section against the email, then the email's additions (sections.ts). */
  sections: SectionComparison[];
  /** Share of the design's words the email shows (null: too few words to tell); below GATE_RECALL it lowers the score. */
  wordRecall: number | null;
  /** The design text the text part compared (the reader's, else the model's; "" without). */
  designText: string;
}

/**
 * Calibration (docs/decisions/058-fidelity-score.md, where the figures behind these numbers are):
 * - structure ("Layout"): BLOCKS_SHARE (BLOCKS_SHARE_WITH_TEXT with the design's words) of the block match (the
 *   outside judges' visual measure) mapped linearly from BLOCKS_FLOOR (→ 0) to 1 (→ 100), the rest mean SSIM mapped
 *   from SSIM_FLOOR (→ 0) to 1 (→ 100). Two unrelated emails on white still share a lot of empty background, so
 *   either measure seldom falls under its floor.
 * - colour: palette distance in ΔE00 mapped linearly from 0 (→ 100) to COLOUR_CEILING (→ 0).
 * - text: 0…1 similarity × 100.
 */
export const SSIM_FLOOR = 0.3;
/**
 * Share of the structure part that is the block match (decision 145). SSIM alone ranked results unlike a person
 * and the outside measure: text set a few pixels aside or reflowed in the same place fails SSIM window by window
 * (a result 98 % alike to the outside measure scored 70). SSIM keeps 40 %: it sees what an 8 px block's mean colour
 * does not, above all words missing from a picture (with 25 %, an email whose words were all made transparent
 * outscored the same email in inverted colours without design text, against decision 111).
 */
export const BLOCKS_SHARE = 0.6;
/**
 * The block match's share when the design's words are known (decision 157). Words missing from a picture, which the
 * SSIM share is kept for, are then seen by the text part and the relatedness gate; SSIM's window-by-window view of
 * text set a few pixels aside or reflowed in place otherwise orders results that all look alike unlike a person
 * (the reader's own results: Spearman with the visual measure 0.69 → 0.83 on the corpus at 0.9).
 */
export const BLOCKS_SHARE_WITH_TEXT = 0.9;
/** Block match of an unrelated email (the share of blocks both leave as background): 0.3–0.65, median 0.39. */
export const BLOCKS_FLOOR = 0.5;
/** Block size (compare pixels) of the visual block match inside the score: 12 CSS px at 600 px wide. */
const SCORE_BLOCK_PX = 4;
export const COLOUR_CEILING = 20;
/**
 * Weights of the parts; without design text the text weight is shared out in proportion. Layout and text weigh more
 * than colour: an email with the right layout and text in the wrong colours must score above one
 * with another layout or without its text (it was 0.5 / 0.25 / 0.25).
 */
export const WEIGHTS = { structure: 0.65, colour: 0.1, text: 0.25 } as const;
/**
 * Relatedness gate: when the design has words and the email shows fewer than this share of them, the
 * score is multiplied by (recall / GATE_RECALL)². Two sparse emails on white (a logo, three lines, a button) look alike
 * to every picture measure (58 with the parts alone); only the words tell a person they are different emails.
 */
export const GATE_RECALL = 0.6;

const clamp100 = (v: number) => Math.max(0, Math.min(100, v));
const round1 = (v: number) => Math.round(v * 10) / 10;

export function combine(parts: FidelityParts): number {
  if (parts.text === null) {
    const w = WEIGHTS.structure + WEIGHTS.colour;
    return round1((parts.structure * WEIGHTS.structure + parts.colour * WEIGHTS.colour) / w);
  }
  return round1(parts.structure * WEIGHTS.structure + parts.colour * WEIGHTS.colour + parts.text * WEIGHTS.text);
}

/** Full comparison, with what the difference summary needs. Pure and deterministic for the same inputs. */
export async function analyseFidelity(input: FidelityInput): Promise<FidelityAnalysis> {
  const [design, renderedRaw] = await Promise.all([toRaster(input.design), toRaster(input.rendered)]);
  const alignment = alignRows(design, renderedRaw);
  const { warped: rendered, extraShare } = alignment;
  const structure = structuralSimilarity(design, rendered);
  const structureValue = structure.mssim * (1 - extraShare);
  const [designPalette, renderedPalette] = await Promise.all([extractPalette(design), extractPalette(rendered)]);
  const colourDist = colourDistance(designPalette, renderedPalette);
  const visual = blockMatch(design, rendered, { block: SCORE_BLOCK_PX, shift: 1 });
  const blocks = await pictureMatch(input.design, input.rendered);
  const ssimPart = clamp100(((structureValue - SSIM_FLOOR) / (1 - SSIM_FLOOR)) * 100);
  const blocksPart = clamp100(((blocks.all - BLOCKS_FLOOR) / (1 - BLOCKS_FLOOR)) * 100);
  const designText = designTextOf(input);
  const palette = clamp100((1 - colourDist / COLOUR_CEILING) * 100);
  const blocksShare = designText ? BLOCKS_SHARE_WITH_TEXT : BLOCKS_SHARE;
  const parts: FidelityParts = {
    structure: round1(blocksShare * blocksPart + (1 - blocksShare) * ssimPart),
    // Colour: the palettes (which colours, how much) and the block match (the right colour in the right place).
    colour: round1((palette + visual.content * 100) / 2),
    text: designText ? round1(clamp100(textSimilarity(designText, input.renderedText ?? "") * 100)) : null,
  };
  const bands = input.designLayout?.sections.length ? layoutBands(input.designLayout, design) : findBands(design);
  const sections = compareSections(
    { design, rendered: renderedRaw, alignment, structure, bands, renderedText: input.renderedText },
    SSIM_FLOOR,
  );
  const recall = designText ? wordRecall(designText, input.renderedText ?? "") : null;
  const gate = recall === null ? 1 : Math.min(1, recall / GATE_RECALL) ** 2;
  return {
    score: round1(combine(parts) * gate),
    parts,
    wordRecall: recall,
    structure,
    designPalette,
    renderedPalette,
    colourDistance: colourDist,
    extraShare,
    designHeight: design.height,
    renderedHeight: renderedRaw.height,
    visual,
    blocks: blocks.all,
    sections,
    designText,
  };
}

/** The design's words: the reader's when it read any, else the model's. */
export function designTextOf(input: Pick<FidelityInput, "designText" | "designLayout">): string {
  return input.designLayout?.text?.trim() || input.designText?.trim() || "";
}

/** Contract: how close a rendered email is to its design, 0–100, with its parts. */
export async function scoreFidelity(input: FidelityInput): Promise<FidelityScore> {
  const { score, parts } = await analyseFidelity(input);
  return { score, parts };
}
