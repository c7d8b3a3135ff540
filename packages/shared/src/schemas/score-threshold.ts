import { z } from "zod";
import { SCORE_THRESHOLD_TEXTS } from "../messages/generation-fidelity.js";
import { GENERATION_JOB_LIMITS } from "./generation-jobs.js";

/**
 * The administrator's score threshold (issue 43 item 4, decision 136): below it a generation gets the automatic repair
 * pass, and a result still below it after that pass is never announced as a success (it gets the free retry instead).
 * Settings → AI keys; 80 until an admin changes it.
 */
export const SCORE_THRESHOLD_LIMITS = { min: 0, max: 100 } as const;

export const ZScoreThresholdSettingsSchema = z.strictObject({
  threshold: z
    .number({ error: SCORE_THRESHOLD_TEXTS.invalid })
    .int(SCORE_THRESHOLD_TEXTS.invalid)
    .min(SCORE_THRESHOLD_LIMITS.min, SCORE_THRESHOLD_TEXTS.invalid)
    .max(SCORE_THRESHOLD_LIMITS.max, SCORE_THRESHOLD_TEXTS.invalid),
});
export type TScoreThresholdSettings = z.infer<typeof ZScoreThresholdSettingsSchema>;

export const SCORE_THRESHOLD_DEFAULTS: TScoreThresholdSettings = { threshold: GENERATION_JOB_LIMITS.repairBelowScore };

export const ZScoreThresholdSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ZScoreThresholdSettingsSchema,
});
export type TScoreThresholdSettingsResponse = z.infer<typeof ZScoreThresholdSettingsResponseSchema>;
