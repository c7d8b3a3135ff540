import { LOCAL_READER_MESSAGES, type TDesignLayout, type TEmailCheck, type TEmailReport } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import { emailFromLayout, type LayoutEmail } from "../../../design-reader/email-from-layout.js";
import type { ParsedAnswer } from "./answer.js";
import { GenerationFailure, JobAborted } from "./failures.js";

/**
 * The "writing" stage without a model (decision 122): the email built from what the design reader read in
 * the designs (the first one was read in "reading"; the others are read here, in order). The answer has the shape a
 * model's has — HTML with image:<id> pictures, their boxes, subject, preheader, the design's text — so checking,
 * rendering, scoring, history and the report go on unchanged. What the member must finish (links, unsure words,
 * pictures to describe) comes back as report checks.
 */
export async function writeWithReader(
  ctx: AppContext,
  opts: { designs: Buffer[]; layout: TDesignLayout | null; instructions: string; signal: AbortSignal },
): Promise<{ answer: ParsedAnswer; checks: TEmailCheck[] }> {
  if (!opts.layout) throw new GenerationFailure("UNREADABLE", LOCAL_READER_MESSAGES.readFailed);
  const layouts = [opts.layout];
  for (const design of opts.designs.slice(1)) {
    const next = await ctx.designReader.read(design, { signal: opts.signal }).catch((err: unknown) => {
      if (opts.signal.aborted) throw new JobAborted("stopped");
      ctx.log.warn({ err }, "the design reader could not read a further design; the email leaves it out");
      return null;
    });
    if (next) layouts.push(next);
  }
  const email = emailFromLayout(layouts);
  const answer: ParsedAnswer = {
    html: email.html,
    subject: email.subject,
    preheader: email.preheader,
    images: email.images,
    designText: email.designText,
  };
  return { answer, checks: readerChecks(email, opts.instructions) };
}

/** The report lines of an email the local reader wrote: what the member still fills in or checks. */
export function readerChecks(email: LayoutEmail, instructions: string): TEmailCheck[] {
  const M = LOCAL_READER_MESSAGES;
  const checks: TEmailCheck[] = [];
  if (email.linksToFill.length) {
    checks.push({
      id: "links.fill-in",
      title: M.linksTitle,
      status: "warn",
      reason: M.linksReason(email.linksToFill.length),
      fix: M.linksFix,
      items: email.linksToFill,
    });
  }
  if (email.uncertainWords.length) {
    checks.push({
      id: "content.words-to-check",
      title: M.wordsTitle,
      status: "warn",
      reason: M.wordsReason,
      fix: M.wordsFix,
      items: email.uncertainWords.slice(0, 30),
    });
  }
  if (email.unreadable.length) {
    checks.push({
      id: "content.unreadable",
      title: M.unreadableTitle,
      status: "warn",
      reason: M.unreadableReason(email.unreadable.length),
      fix: M.unreadableFix,
      items: [...new Set(email.unreadable)],
    });
  }
  if (email.picturesWithoutAlt) {
    checks.push({
      id: "a11y.describe-pictures",
      title: M.picturesTitle,
      status: "warn",
      reason: M.picturesReason(email.picturesWithoutAlt),
      fix: M.picturesFix,
    });
  }
  if (instructions.trim()) {
    checks.push({
      id: "content.instructions",
      title: M.instructionsTitle,
      status: "warn",
      reason: M.instructionsReason,
    });
  }
  return checks;
}

/** The report with the local reader's checks added (warnings: they never fail the email). */
export function withReaderChecks(report: TEmailReport, checks: TEmailCheck[]): TEmailReport {
  if (checks.length === 0) return report;
  const ids = new Set(checks.map((c) => c.id));
  return { ...report, checks: [...report.checks.filter((c) => !ids.has(c.id)), ...checks] };
}
