import {
  EMAIL_FIXES,
  EMAIL_REPORT_UI,
  type EmailAutofix,
  type EmailFixName,
  type TAltPicture,
  type TAltTexts,
} from "@mailsmith/shared";
import { badRequest } from "../lib/app-error.js";
import { applyEdits, EditRefused } from "./apply-edits.js";
import { applyUseHttps } from "./autofix.js";
import { readParts } from "./template-parts.js";

/**
 * The report's one-click fixes (decisions 126 and 133), one home for every page that shows a report:
 * a template's (each fix a new version) and Check my email's (no template). The member's alt texts and "use https"
 * change the HTML here; "accessibility" and "dark-mode" are the engine's fix groups, which the caller passes to the
 * engine run that follows — that run also makes the new report.
 */
export function prepareReportFixes(
  html: string,
  input: { fixes: readonly EmailAutofix[]; alts?: TAltTexts; ownOrigins?: readonly string[] },
): { html: string; groups: EmailFixName[] } {
  let next = html;
  // Alt texts first: their part ids were read from the HTML as the member saw it.
  if (input.fixes.includes("alt-text")) {
    const alts = (input.alts ?? []).filter((a) => a.alt.trim());
    if (alts.length === 0) throw badRequest(EMAIL_REPORT_UI.altRequired, "ALT_REQUIRED");
    try {
      next = applyEdits(
        next,
        alts.map((a) => ({ op: "image" as const, id: a.id, alt: a.alt })),
      ).html;
    } catch (err) {
      if (err instanceof EditRefused) throw badRequest(err.message, "EDIT_REFUSED");
      throw err;
    }
  }
  if (input.fixes.includes("use-https")) next = applyUseHttps(next, input.ownOrigins).html;
  return { html: next, groups: EMAIL_FIXES.filter((f) => input.fixes.includes(f)) };
}

/**
 * The pictures of `html` that wait for the member's alt text (no alt attribute; trackers and hidden ones left out),
 * each with its part id and a suggestion when the model or the email gives one.
 */
export function picturesWaitingForAlt(
  html: string,
  altOf: (src: string) => string | undefined = () => undefined,
): TAltPicture[] {
  return readParts(html, altOf)
    .parts.filter((p) => p.kind === "image" && p.alt === null && p.src)
    .map((p) => ({ id: p.id, src: p.src!, ...(p.altSuggestion ? { suggestion: p.altSuggestion } : {}) }));
}
