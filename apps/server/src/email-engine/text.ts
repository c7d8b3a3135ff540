import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { compile } from "html-to-text";
import { hiddenByStyle } from "./dom.js";

const OPTIONS: Parameters<typeof compile>[0] = {
  wordwrap: 78,
  selectors: [
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "table", format: "block" },
    { selector: "tr", format: "block" },
    { selector: "td", format: "block" },
    { selector: "th", format: "block" },
  ],
};

/** Compiled once: html-to-text's convert() compiles its options on every call, which costs more than converting. */
const toText = compile(OPTIONS);

/**
 * The plain-text version (html-to-text): the subject, then the visible body text with link targets; hidden
 * elements (the preheader, mobile-only blocks) are left out. Call it last: it detaches the hidden elements.
 */
export function plainText($: CheerioAPI, subject: string): string {
  $("body *").each((_, node) => {
    if (hiddenByStyle(node as Element)) $(node).remove();
  });
  $("style, script, head").remove();
  const body = $("body").first();
  const source = body.length ? (body.html() ?? "") : $.html();
  const text = toText(source).trim();
  return `${subject}\n\n${text}\n`;
}
