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

export const SystemStatusResponse = z.object({
  checkedAt: z.string(),
  checks: z.array(SystemCheck),
});
export type TSystemStatusResponse = z.infer<typeof SystemStatusResponse>;
