import type { SectionDifference } from "../schemas/fidelity-sections.js";

/**
 * A generation whose result stays below the administrator's fidelity threshold after the repair pass (issue 43 item 4,
 * decision 123): never announced as a success; the page says why and offers one free retry.
 */
export const GENERATION_FIDELITY_MESSAGES = {
  /** The stream's final message (instead of "Email template generated successfully!"). */
  belowThreshold: (score: number, threshold: number) =>
    `Your email is saved, but it matches your design only ${score}/100 (we aim for ${threshold}). You can retry once for free.`,
  /** The same for the local reader's email (no free retry: it would read the design the same way). */
  belowThresholdReader: (score: number, threshold: number) =>
    `Your email is saved, but it matches your design only ${score}/100 (we aim for ${threshold}).`,
  title: "Not close enough to your design",
  explain: (score: number, threshold: number) =>
    `Your email scored ${score}/100 against your design, below the ${threshold} we aim for, even after an automatic repair pass. It is saved in My templates.`,
  /** The local reader runs no repair pass: the explanation must not claim one. */
  explainReader: (score: number, threshold: number) =>
    `Your email scored ${score}/100 against your design, below the ${threshold} we aim for. It is saved in My templates: edit it in place, free.`,
  sectionsTitle: "Where it differs",
  noSections: "The differences are spread over the whole email rather than in one section.",
  section: (index: number | null) => (index === null ? "Added content" : `Section ${index}`),
  design: "Design",
  email: "Your email",
  notInEmail: "Not in your email",
  notInDesign: "Not in your design",
  pictureAlt: (index: number | null) =>
    index === null
      ? "Content your email adds, beside an empty design column"
      : `Section ${index}: the design on the left, your email on the right`,
  differences: {
    missing: "Missing from your email",
    extra: "Not in your design",
    text: "Words missing",
    colour: "Another background colour",
    height: "Another height",
    content: "Looks different",
  } satisfies Record<SectionDifference, string>,
  colourDetail: (design: string, email: string) => `${email} instead of ${design}`,
  heightDetail: (ratio: number) => `${Math.round(ratio * 100)}% of the design's height`,
  retryFree: "Retry free",
  retryFreeHint: "One free retry for this result: no credit is taken.",
  retryFreeUsed: "You have used the free retry for this result.",
  retryFreeNotOffered:
    "The local reader would read this design the same way again, so no retry is offered. Edit the email, or generate with an AI model when one is available.",
  retryFreeNotAllowed: "Only a result below the score we aim for can be retried for free, once.",
  retryFreeStarted: "Retrying for free. No credit was taken.",
} as const;

/** Settings → AI keys: the administrator's score threshold (decision 136). */
export const SCORE_THRESHOLD_TEXTS = {
  title: "Score threshold",
  intro:
    "How close to the design a generated email must score (0–100). Below it, one automatic repair pass runs inside the same credit; a result still below it is saved but not announced as a success, and the member gets one free retry.",
  label: "Score to reach (0–100)",
  hint: "0 turns the repair pass and the notice off; 100 asks for an exact match.",
  invalid: "Enter a whole number from 0 to 100",
  save: "Save",
  saved: "Score threshold saved",
  saveFailed: "The score threshold could not be saved",
  loadFailed: "The score threshold could not be loaded",
} as const;
