import { toEmailReport } from "@mailsmith/shared";
import { postProcessEmail } from "../features/generator/email-safety.js";
import type { ProcessEmailInput, ProcessEmailResult } from "./types.js";

/** Skeleton: delegates to the old post-processing until the pass pipeline lands. */
export function processEmail(input: ProcessEmailInput): ProcessEmailResult {
  const r = postProcessEmail(input);
  return { ...r, report: toEmailReport(r.report) };
}
