import { EMAIL_CHECK_TEXTS as T } from "@mailsmith/shared";
import type { Element } from "domhandler";
import type { EmailChecker } from "./check.js";
import { limitItems, short } from "./check.js";

/** A suggestion for an alt text: the title attribute, else the words of the file name. Never written in. */
export function suggestAlt(el: Element): string | undefined {
  const title = el.attribs.title?.trim();
  if (title) return title;
  const src = el.attribs.src;
  if (!src) return undefined;
  try {
    const name = decodeURIComponent(new URL(src, "https://x.invalid").pathname.split("/").pop() ?? "");
    const words = name
      .replace(/\.[a-z0-9]+$/i, "")
      .replace(/[-_.+]+/g, " ")
      .replace(/\b\d+x\d+\b|\b[0-9a-f]{8,}\b|\b\d+\b/gi, "")
      .replace(/\s+/g, " ")
      .trim();
    if (words && /[a-z]{3}/i.test(words)) return words.charAt(0).toUpperCase() + words.slice(1);
  } catch {
    // not a URL
  }
  return undefined;
}

/**
 * Images without an alt attribute (alt="" is a decorative image: correct, not reported). A missing alt makes
 * screen readers read the file name and leaves an empty box when images are blocked (Outlook's default): a shown
 * content image with no alt attribute at all fails. 1–2 px spacers and tracking pixels were given
 * alt="" by the images pass. Image-only emails fail: with images blocked the reader sees nothing.
 */
export const imagesCheck: EmailChecker = {
  name: "images",
  run({ $, styles, runs }) {
    const missing: string[] = [];
    let shown = 0;
    $("img").each((_, node) => {
      const el = node as Element;
      if (styles.of(el).hidden) return;
      shown += 1;
      if (el.attribs.alt !== undefined) return;
      const suggestion = suggestAlt(el);
      const linked = $(el).closest("a").length > 0;
      missing.push(
        `${short(el.attribs.src ?? "(no src)", 70)}${linked ? " (linked)" : ""}${suggestion ? `: suggested alt "${suggestion}"` : ""}`,
      );
    });
    const out = [];
    out.push(
      missing.length
        ? {
            id: "a11y.alt",
            title: T.alt.title,
            status: "fail" as const,
            reason: T.alt.missing(missing.length),
            fix: T.alt.missingFix,
            items: limitItems(missing),
          }
        : {
            id: "a11y.alt",
            title: T.alt.title,
            status: "pass" as const,
            reason: shown ? T.alt.pass : T.alt.noImages,
          },
    );
    const words = runs.reduce((n, r) => n + r.text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length, 0);
    if (words === 0 && shown === 0) {
      out.push({
        id: "content.text",
        title: T.content.title,
        status: "fail" as const,
        reason: T.content.empty,
        fix: T.content.emptyFix,
      });
    } else if (words < 10 && shown > 0) {
      out.push({
        id: "content.text",
        title: T.content.title,
        status: "fail" as const,
        reason: T.content.imageOnly,
        fix: T.content.imageOnlyFix,
      });
    } else {
      out.push({
        id: "content.text",
        title: T.content.title,
        status: "pass" as const,
        reason: T.content.pass(words),
      });
    }
    return out;
  },
};
