/**
 * Fidelity (docs/decisions/058-fidelity-score.md): how close a rendered email is to its design.
 * scoreFidelity is the contract; analyseFidelity + summariseDifferences + buildRepairRequest serve the repair pass.
 */

export { deltaE, extractPalette, type PaletteColour, paletteDistance } from "./colour.js";
export { compareWithDesign, type DesignComparison } from "./compare.js";
export { type DiffRegion, type DiffSummary, describeDifferences, summariseDifferences } from "./diff-summary.js";
export { PLACEHOLDER_GREY, withImagePlaceholders } from "./placeholders.js";
export { RENDER_WIDTH_RANGE, renderWidthFor, renderWidthForImage } from "./render-width.js";
export { buildRepairRequest, type RepairRequestInput } from "./repair.js";
export {
  analyseFidelity,
  combine,
  designTextOf,
  type FidelityAnalysis,
  type FidelityInput,
  type FidelityParts,
  type FidelityScore,
  scoreFidelity,
  WEIGHTS,
} from "./score-fidelity.js";
export { sectionPictures } from "./section-pictures.js";
export { type DesignBand, findBands, layoutBands } from "./sections.js";
export { fuzzyMissingWords, textSimilarity, wordRecall } from "./text.js";
export { type BlockMatch, blockMatch, VISUAL_BLOCK_PX, visualSimilarity } from "./visual.js";
