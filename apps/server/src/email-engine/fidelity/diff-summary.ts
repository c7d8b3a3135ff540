import type { TFidelitySection } from "@mailsmith/shared";
import { missingColours } from "./colour.js";
import type { FidelityAnalysis } from "./score-fidelity.js";
import { missingWords } from "./text.js";

export interface DiffRegion {
  /** Top and bottom of the region as a share of the design's height, 0…1. */
  from: number;
  to: number;
  /** Mean SSIM of the region (1 = same). */
  similarity: number;
}

export interface DiffSummary {
  score: number;
  parts: FidelityAnalysis["parts"];
  /** The regions of the design that differ most, worst first (at most 3). */
  regions: DiffRegion[];
  /** Design colours (≥ 2 % of the picture) with no close colour in the email. */
  missingColours: { hex: string; coverage: number; nearest?: string }[];
  /** Words of the design's text the email does not show. */
  missingWords: string[];
  /** The email's height against the design's (1 = same). */
  heightRatio: number;
  /** Share of the email's content that matches nothing in the design. */
  extraShare: number;
  /** The sections that differ (compareSections), for the repair prompt. */
  sections: TFidelitySection[];
}

/** Regions whose similarity is under this are reported. */
const REGION_THRESHOLD = 0.6;

/** What differs between the design and the rendered email, for the repair prompt and for people. */
export function summariseDifferences(
  a: FidelityAnalysis,
  text?: { designText?: string; renderedText?: string },
  sections: TFidelitySection[] = [],
): DiffSummary {
  const bands = a.structure.bands;
  const n = bands.length || 1;
  // Merge neighbouring weak bands into regions.
  const regions: DiffRegion[] = [];
  let start = -1;
  let sum = 0;
  for (let i = 0; i <= bands.length; i++) {
    const weak = i < bands.length && bands[i]! < REGION_THRESHOLD;
    if (weak) {
      if (start < 0) {
        start = i;
        sum = 0;
      }
      sum += bands[i]!;
    } else if (start >= 0) {
      regions.push({ from: start / n, to: i / n, similarity: sum / (i - start) });
      start = -1;
    }
  }
  // Worst first: lowest similarity, larger regions before smaller ones at the same similarity.
  regions.sort((x, y) => x.similarity - y.similarity || y.to - y.from - (x.to - x.from));
  return {
    score: a.score,
    parts: a.parts,
    regions: regions.slice(0, 3).map((r) => ({
      from: round2(r.from),
      to: round2(r.to),
      similarity: round2(r.similarity),
    })),
    missingColours: missingColours(a.designPalette, a.renderedPalette).map((c) => ({
      hex: c.hex,
      coverage: round2(c.coverage),
      nearest: c.nearest,
    })),
    missingWords: text?.designText ? missingWords(text.designText, text.renderedText ?? "") : [],
    heightRatio: round2(a.renderedHeight / Math.max(1, a.designHeight)),
    extraShare: round2(a.extraShare),
    sections,
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** The summary in plain sentences (for the model, and for logs). */
export function describeDifferences(s: DiffSummary): string[] {
  const lines: string[] = [];
  for (const r of s.regions)
    lines.push(
      `The part of the design from ${pct(r.from)} to ${pct(r.to)} of its height looks different in the email (similarity ${pct(r.similarity)}).`,
    );
  if (s.heightRatio < 0.9)
    lines.push(`The email is ${pct(1 - s.heightRatio)} shorter than the design: content or spacing is missing.`);
  if (s.heightRatio > 1.1)
    lines.push(
      `The email is ${pct(s.heightRatio - 1)} taller than the design: spacing is too large or content was added.`,
    );
  if (s.extraShare > 0.1)
    lines.push(`About ${pct(s.extraShare)} of the email's content matches nothing in the design.`);
  for (const c of s.missingColours)
    lines.push(
      `The design uses ${c.hex} on about ${pct(c.coverage)} of its area; the email's closest colour is ${c.nearest ?? "none"}.`,
    );
  if (s.missingWords.length) lines.push(`Words of the design missing from the email: ${s.missingWords.join(", ")}.`);
  for (const section of s.sections ?? []) lines.push(describeSection(section));
  return lines;
}

const HOW: Record<TFidelitySection["differences"][number], string> = {
  missing: "is missing from the email",
  extra: "matches nothing in the design",
  text: "lacks some of its words",
  colour: "has another background colour",
  height: "has another height",
  content: "looks different",
};

/** One section's differences in a sentence (the repair prompt). */
function describeSection(s: TFidelitySection): string {
  const where = s.design
    ? `Section ${s.index} of the design (from ${pct(s.design.top)} to ${pct(s.design.top + s.design.height)} of its height)`
    : `The email's part from ${pct(s.email!.top)} to ${pct(s.email!.top + s.email!.height)} of its height`;
  const details = s.differences.map((d) => {
    if (d === "colour" && s.designColour) return `${HOW.colour} (${s.emailColour} instead of ${s.designColour})`;
    if (d === "height" && s.heightRatio !== null) return `${HOW.height} (${pct(s.heightRatio)} of the design's)`;
    if (d === "text" && s.missingWords.length) return `${HOW.text} (${s.missingWords.slice(0, 8).join(", ")})`;
    return HOW[d];
  });
  return `${where} ${details.join(", ")}.`;
}
