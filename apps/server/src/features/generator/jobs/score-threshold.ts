import { SCORE_THRESHOLD_DEFAULTS, ZScoreThresholdSettingsSchema } from "@mailsmith/shared";
import { adminSetting } from "../../../core/admin-setting.js";

/**
 * The administrator's score threshold (decision 136): below it the repair pass runs, and a result still below it is
 * not announced as a success. Read when a job starts and kept on the job's fidelity, so a change never alters a
 * finished result; changes are audited.
 */
export const scoreThreshold = adminSetting({
  key: "generator.score-threshold",
  schema: ZScoreThresholdSettingsSchema,
  defaults: SCORE_THRESHOLD_DEFAULTS,
  action: "score_threshold.update",
});
