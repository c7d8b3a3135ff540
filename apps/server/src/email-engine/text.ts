import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { compile } from "html-to-text";
import { firstElement, hiddenByStyle, isTag } from "./dom.js";

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

/** What html-to-text reads of an element: a link's target, an image's alt and src, an ordered list's numbering. */
const TEXT_ATTRIBUTES = new Set(["href", "alt", "src", "start", "type"]);

function keepTextAttributes(el: Element): void {
  const names = Object.keys(el.attribs);
  if (names.every((name) => TEXT_ATTRIBUTES.has(name))) return;
  const kept: Record<string, string> = {};
  for (const name of names) if (TEXT_ATTRIBUTES.has(name)) kept[name] = el.attribs[name]!;
  el.attribs = kept;
}

/**
 * The plain-text version (html-to-text): the subject, then the visible body text with link targets; hidden
 * elements (the preheader, mobile-only blocks) are left out. Call it last: it detaches the hidden elements and
 * strips the other attributes.
 */
export function plainText($: CheerioAPI, subject: string): string {
  // One walk that stops at a hidden element (what is inside it goes with it), instead of listing every element; the
  // visible ones keep only the attributes html-to-text reads. Styles, classes and table attributes were most of the
  // body's serialisation that html-to-text parsed again (the text is the same without them).
  const hidden: Element[] = [];
  const stack: AnyNode[] = [...(firstElement($, "body")?.children ?? [])];
  while (stack.length) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    if (hiddenByStyle(node)) {
      hidden.push(node);
      continue;
    }
    keepTextAttributes(node);
    stack.push(...node.children);
  }
  $(hidden).remove();
  $("style, script, head").remove();
  const body = $(firstElement($, "body"));
  const source = body.length ? (body.html() ?? "") : $.html();
  const text = toText(source).trim();
  return `${subject}\n\n${text}\n`;
}
