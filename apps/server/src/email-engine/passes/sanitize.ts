import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import { serializeEmail } from "../dom.js";
import { noCounts, type SanitizeCounts, sanitizeEmailHtml } from "../sanitizer/sanitize-html.js";
import type { EmailPass } from "./pass.js";

export { FONT_HOSTS, isFontUrl } from "../sanitizer/allow-list.js";

/** The report's words for what the sanitiser removed. */
export function sanitizeNotes(c: SanitizeCounts): string[] {
  const notes: string[] = [];
  if (c.removed) notes.push(N.scriptsRemoved(c.removed));
  if (c.drawings) notes.push(N.drawingsRemoved(c.drawings));
  if (c.handlers) notes.push(N.handlersRemoved(c.handlers));
  if (c.scriptUrls) notes.push(N.scriptUrlsRemoved(c.scriptUrls));
  if (c.forms) notes.push(N.formsDisabled(c.forms));
  if (c.stylesheets) notes.push(N.stylesheetsRemoved(c.stylesheets));
  return notes;
}

/**
 * Keeps only what the allow-lists name (sanitizer/allow-list.ts), on the tree a browser builds:
 * scripts, frames, objects, SVG/MathML, form controls (checkboxes and radio buttons stay), event handlers, URLs with
 * other schemes than http(s)/mailto/tel/sms/cid (relative ones and merge tags stay), meta refresh and external
 * stylesheets (web-font stylesheets from known font hosts stay) go. A <form> is unwrapped and a <button> becomes a
 * <span>: their visible text stays.
 *
 * The engine sanitises the member's HTML itself, before its one htmlparser2 parse (process-email.ts), because
 * htmlparser2 does not build the tree a browser builds. This pass is that same step for a document already parsed
 * (applyPass, the fixtures): it serialises the document and parses it again as a browser does.
 */
export const sanitize: EmailPass = {
  name: "sanitize",
  run($) {
    const counts = noCounts();
    const html = sanitizeEmailHtml(serializeEmail($), counts);
    $.root().html(html);
    return sanitizeNotes(counts);
  },
};
