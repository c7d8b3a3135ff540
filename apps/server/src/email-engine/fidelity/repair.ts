import { type DiffSummary, describeDifferences } from "./diff-summary.js";

export interface RepairRequestInput {
  /** The text the model read from the design, if it returned one. */
  designText?: string;
  /** The fidelity parts of the first attempt. */
  parts: DiffSummary["parts"];
  /** What differs (summariseDifferences). */
  diffSummary: DiffSummary;
  /** The HTML (or MJML) of the first attempt. */
  previous: string;
  /** "mjml" when the first attempt was MJML and the repair should stay MJML. */
  format?: "html" | "mjml";
}

/**
 * The instructions of the automatic repair pass. The caller sends them with two images, in this order: the
 * design, then the rendered first attempt (the prompt says so).
 */
export function buildRepairRequest(input: RepairRequestInput): string {
  const { parts, diffSummary } = input;
  const format = input.format === "mjml" ? "MJML" : "HTML";
  const diffs = describeDifferences(diffSummary);
  const lines = [
    `You wrote the ${format} email below from a design. The first attached image is the design; the second is your email as a browser renders it at the design's width.`,
    `Measured closeness to the design: ${diffSummary.score}/100 (layout ${parts.structure}, colours ${parts.colour}${parts.text === null ? "" : `, text ${parts.text}`}).`,
    "",
    "Differences found:",
    ...(diffs.length ? diffs.map((d) => `- ${d}`) : ["- Small differences spread over the whole email."]),
    "",
    `Change the ${format} so the rendered email matches the design more closely: same sections in the same order, same colours, same text, same images, similar spacing. Keep every email rule you were given and keep what already matches.`,
  ];
  if (input.designText?.trim())
    lines.push("", "The text you read from the design:", input.designText.trim().slice(0, 4000));
  lines.push("", `PREVIOUS ${format}:`, input.previous, `END OF PREVIOUS ${format}`);
  return lines.join("\n");
}
