import { z } from "zod";

/**
 * Admin → System status and `npm run doctor`: one line per outside service, checked for real (decision 099).
 * `off` = not configured (a choice, not a fault); `warn` = works but something needs attention.
 */
export const SystemCheckState = z.enum(["ok", "warn", "fail", "off"]);
export type TSystemCheckState = z.infer<typeof SystemCheckState>;

export const SystemCheck = z.object({
  id: z.string(),
  name: z.string(),
  state: SystemCheckState,
  /** One line: what was found. */
  summary: z.string(),
  /** One line: what to do about it (absent when nothing is to be done). */
  fix: z.string().optional(),
  durationMs: z.number().int().nonnegative(),
});
export type TSystemCheck = z.infer<typeof SystemCheck>;

/**
 * One periodic job of the instance that answered (the scheduler): when it last ran here, how long it took,
 * when it runs next and its last error (kept until a later run works). Times are ISO strings; null: not yet / none.
 */
export const PeriodicJobStatus = z.object({
  name: z.string(),
  everyMs: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastDurationMs: z.number().int().nonnegative().nullable(),
  nextRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  running: z.boolean(),
  runs: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
});
export type TPeriodicJobStatus = z.infer<typeof PeriodicJobStatus>;

export const SystemStatusResponse = z.object({
  checkedAt: z.string(),
  checks: z.array(SystemCheck),
  jobs: z.array(PeriodicJobStatus),
});
export type TSystemStatusResponse = z.infer<typeof SystemStatusResponse>;
