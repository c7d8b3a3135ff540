import { EMAIL_CHECK_TEXTS as T } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { styleOf } from "../dom.js";
import type { EmailChecker } from "./check.js";
import { limitItems } from "./check.js";

const GENERIC = /\b(?:serif|sans-serif|monospace|cursive|fantasy|system-ui)\b/i;
const SAFE =
  /\b(?:arial|helvetica|georgia|times(?: new roman)?|verdana|tahoma|trebuchet ms|courier(?: new)?|segoe ui|calibri|cambria|lucida|garamond|palatino)\b/i;

/** Names of the web fonts an email loads: @font-face families and the family= of font-host links and @imports. */
function webFonts($: import("cheerio").CheerioAPI, html: string): Set<string> {
  const names = new Set<string>();
  const css = $("style")
    .toArray()
    .map((el) => $(el).text())
    .join("\n");
  for (const m of css.matchAll(/@font-face\s*\{[^}]*font-family\s*:\s*['"]?([^;'"}]+)/gi))
    names.add(m[1]!.trim().toLowerCase());
  // <link>s of the web-font block sit inside a downlevel-revealed conditional: read the raw HTML (the finished
  // email as checked, not serialised once more from the tree).
  for (const m of html.matchAll(/(?:fonts\.googleapis\.com|fonts\.bunny\.net)\/css2?\?([^"')\s>]+)/gi)) {
    for (const fam of (m[1] ?? "")
      .replace(/&amp;/g, "&")
      .split("&")
      .filter((p) => p.startsWith("family="))) {
      for (const f of decodeURIComponent(fam.slice(7)).split("|"))
        names.add(f.split(":")[0]!.replace(/\+/g, " ").trim().toLowerCase());
    }
  }
  names.delete("");
  return names;
}

/**
 * A web font needs a fallback: Outlook for Windows and most webmails do not load it, and Outlook without a fallback
 * shows Times New Roman. Every font-family that names a web font must go on to a safe font or a generic family.
 */
export const fonts: EmailChecker = {
  name: "fonts",
  run({ $, html }) {
    const web = webFonts($, html);
    if (web.size === 0) return [];
    const missing = new Set<string>();
    const seen = new Set<string>();
    $("[style*='font']").each((_, node) => {
      const s = styleOf(node as Element);
      const family = s.get("font-family") ?? s.get("font") ?? "";
      if (!family || seen.has(family)) return;
      seen.add(family);
      const usesWeb = [...web].some((w) => family.toLowerCase().includes(w));
      if (usesWeb && !GENERIC.test(family) && !SAFE.test(family.slice(family.indexOf(",") + 1 || family.length)))
        missing.add(family.replace(/!important/i, "").trim());
    });
    const base = { id: "fonts.fallback", title: T.fonts.title };
    if (missing.size === 0) return [{ ...base, status: "pass", reason: T.fonts.pass([...web].join(", ")) }];
    return [
      {
        ...base,
        status: "warn",
        reason: T.fonts.noFallback,
        fix: T.fonts.noFallbackFix,
        items: limitItems([...missing]),
      },
    ];
  },
};
