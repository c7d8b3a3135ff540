import type { TFidelitySection } from "@mailsmith/shared";
import { type DiffSummary, describeDifferences, summariseDifferences } from "./diff-summary.js";
import { analyseFidelity, type FidelityInput, type FidelityScore } from "./score-fidelity.js";
import { sectionPictures } from "./section-pictures.js";
import { differingSections } from "./sections.js";
import type { BlockMatch } from "./visual.js";

export interface DesignComparison extends FidelityScore {
  /** What differs, as structured data (regions, missing colours and words, sections). */
  summary: DiffSummary;
  /** The same in sentences, for the repair prompt. */
  differences: string[];
  /** The sections that differ (design order, then additions; at most SECTION_REPORT_LIMIT). */
  sections: TFidelitySection[];
  /** Block match of the aligned pictures (all blocks, and blocks with content). */
  visual: BlockMatch;
  /** With `sectionPictures`: per entry of `sections`, a PNG of the design's crop beside the email's. */
  sectionPictures?: Buffer[];
}

/** scoreFidelity plus the differences the repair pass sends back to the model and the page shows per section. */
export async function compareWithDesign(
  input: FidelityInput & { sectionPictures?: boolean },
): Promise<DesignComparison> {
  const a = await analyseFidelity(input);
  const sections = differingSections(a.sections);
  const summary = summariseDifferences(a, { designText: a.designText, renderedText: input.renderedText }, sections);
  return {
    score: a.score,
    parts: a.parts,
    summary,
    differences: describeDifferences(summary),
    sections,
    visual: a.visual,
    ...(input.sectionPictures
      ? { sectionPictures: await sectionPictures(input.design, input.rendered, sections) }
      : {}),
  };
}
