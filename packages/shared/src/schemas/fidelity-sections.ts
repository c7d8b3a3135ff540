import { z } from "zod";

/**
 * The fidelity score per section (issue 43 item 4, decision 123): each band of the design (the design reader's
 * sections, or bands found in the picture) beside the part of the email that shows it, and how they differ.
 */
export const SECTION_DIFFERENCES = ["missing", "extra", "text", "colour", "height", "content"] as const;
export type SectionDifference = (typeof SECTION_DIFFERENCES)[number];

/** Top and height as shares (0…1) of the design's or the email's height. */
export const ZSectionSpanSchema = z.object({ top: z.number(), height: z.number() });
export type TSectionSpan = z.infer<typeof ZSectionSpanSchema>;

export const ZFidelitySectionSchema = z.object({
  /** 1-based position among the design's sections; null for content the email adds. */
  index: z.number().int().nullable(),
  design: ZSectionSpanSchema.nullable(),
  email: ZSectionSpanSchema.nullable(),
  /** 0–100: how alike the two look (structure and block colours). */
  similarity: z.number(),
  differences: z.array(z.enum(SECTION_DIFFERENCES)),
  /** The section's words (read from the design) that the email does not show. */
  missingWords: z.array(z.string()),
  /** Background colours (#rrggbb) when they differ. */
  designColour: z.string().nullable(),
  emailColour: z.string().nullable(),
  /** The email's section height against the design's (1 = same). */
  heightRatio: z.number().nullable(),
  /** The design's crop beside the email's (stored picture URL), when stored. */
  picture: z.string().nullable(),
});
export type TFidelitySection = z.infer<typeof ZFidelitySectionSchema>;

/** A finished generation's closeness to its design (on the job): the score, the threshold and what differs. */
export const ZGenerationFidelitySchema = z.object({
  score: z.number(),
  /** The administrator's threshold when the job ran (Settings → AI keys; 80 unless set otherwise). */
  threshold: z.number(),
  belowThreshold: z.boolean(),
  /** Sections that differ, design order first, then additions (at most SECTION_REPORT_LIMIT). */
  sections: z.array(ZFidelitySectionSchema),
});
export type TGenerationFidelity = z.infer<typeof ZGenerationFidelitySchema>;

/** The most sections reported (and pictured) per comparison. */
export const SECTION_REPORT_LIMIT = 6;
