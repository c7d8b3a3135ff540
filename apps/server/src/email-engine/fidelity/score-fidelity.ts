import { alignRows } from "./align.js";
import { colourDistance, extractPalette, type PaletteColour } from "./colour.js";
import { toRaster } from "./normalise.js";
import { type StructureResult, structuralSimilarity } from "./structure.js";
import { textSimilarity } from "./text.js";

/** Contract (issue 11): what scoreFidelity compares. */
export interface FidelityInput {
  /** The design the member uploaded: PNG, JPEG or WebP. */
  design: Buffer;
  /** The email rendered by the renderer (PNG), ideally at the design's width. */
  rendered: Buffer;
  /** The text the model read from the design (null part when absent). */
  designText?: string;
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
}

/**
 * Calibration (docs/decisions/058-fidelity-score.md, where the figures behind these numbers are):
 * - structure: mean SSIM mapped linearly from SSIM_FLOOR (→ 0) to 1 (→ 100). Two unrelated emails on white
 *   still share a lot of empty background, so raw SSIM rarely falls under the floor.
 * - colour: palette distance in ΔE00 mapped linearly from 0 (→ 100) to COLOUR_CEILING (→ 0).
 * - text: 0…1 similarity × 100.
 */
export const SSIM_FLOOR = 0.3;
export const COLOUR_CEILING = 20;
/**
 * Weights of the parts; without design text the text weight is shared out in proportion. Layout and text weigh more
 * than colour (decision 111): an email with the right layout and text in the wrong colours must score above one
 * with another layout or without its text (it was 0.5 / 0.25 / 0.25).
 */
export const WEIGHTS = { structure: 0.65, colour: 0.1, text: 0.25 } as const;

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
  const { warped: rendered, extraShare } = alignRows(design, renderedRaw);
  const structure = structuralSimilarity(design, rendered);
  const structureValue = structure.mssim * (1 - extraShare);
  const [designPalette, renderedPalette] = await Promise.all([extractPalette(design), extractPalette(rendered)]);
  const colourDist = colourDistance(designPalette, renderedPalette);
  const hasText = typeof input.designText === "string" && input.designText.trim().length > 0;
  const parts: FidelityParts = {
    structure: round1(clamp100(((structureValue - SSIM_FLOOR) / (1 - SSIM_FLOOR)) * 100)),
    colour: round1(clamp100((1 - colourDist / COLOUR_CEILING) * 100)),
    text: hasText ? round1(clamp100(textSimilarity(input.designText!, input.renderedText ?? "") * 100)) : null,
  };
  return {
    score: combine(parts),
    parts,
    structure,
    designPalette,
    renderedPalette,
    colourDistance: colourDist,
    extraShare,
    designHeight: design.height,
    renderedHeight: renderedRaw.height,
  };
}

/** Contract (issue 11): how close a rendered email is to its design, 0–100, with its parts. */
export async function scoreFidelity(input: FidelityInput): Promise<FidelityScore> {
  const { score, parts } = await analyseFidelity(input);
  return { score, parts };
}
