import { type DiffSummary, describeDifferences, summariseDifferences } from "./diff-summary.js";
import { analyseFidelity, type FidelityInput, type FidelityScore } from "./score-fidelity.js";

export interface DesignComparison extends FidelityScore {
  /** What differs, as structured data (regions, missing colours and words). */
  summary: DiffSummary;
  /** The same in sentences, for the repair prompt. */
  differences: string[];
}

/** scoreFidelity plus the differences the repair pass sends back to the model. */
export async function compareWithDesign(input: FidelityInput): Promise<DesignComparison> {
  const a = await analyseFidelity(input);
  const summary = summariseDifferences(a, { designText: input.designText, renderedText: input.renderedText });
  return { score: a.score, parts: a.parts, summary, differences: describeDifferences(summary) };
}
