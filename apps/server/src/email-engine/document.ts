import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { firstElement, hiddenByStyle, isTag, parseStyle, someText, stringifyStyle, visibleText } from "./dom.js";

const LANG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;
const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/g;

/** Makes sure there is an <html>, <head> and <body> (htmlparser2 does not add them to a fragment). */
export function ensureDocument($: CheerioAPI): void {
  if (firstElement($, "body")) return;
  const root = $.root();
  if (!firstElement($, "html")) {
    const nodes = root.contents().filter((_, n) => n.type !== "directive");
    const html = $("<html></html>");
    root.append(html);
    html.append(nodes);
  }
  const html = $(firstElement($, "html"));
  const head = html.children("head");
  const rest = html.contents().filter((_, n) => !(isTag(n) && (n as Element).name === "head"));
  const body = $("<body></body>");
  html.append(body);
  body.append(rest);
  if (!head.length) html.prepend("<head></head>");
}

/** The <html>'s, the <body>'s and the first body child's value of an attribute (each may be missing). */
function documentAttribute($: CheerioAPI, name: string): (string | undefined)[] {
  const html = firstElement($, "html");
  const body = firstElement($, "body");
  const child = body?.children.find((c): c is Element => isTag(c) && c.attribs[name] !== undefined);
  return [html?.attribs[name], body?.attribs[name], child?.attribs[name]];
}

export function documentLang($: CheerioAPI): string | undefined {
  const candidates = documentAttribute($, "lang");
  return candidates.map((l) => l?.trim()).find((l): l is string => !!l && LANG.test(l));
}

export function documentDir($: CheerioAPI): string {
  const dir = documentAttribute($, "dir")
    .map((d) => d?.trim().toLowerCase())
    .find((d) => d === "ltr" || d === "rtl" || d === "auto");
  if (dir) return dir;
  const body = firstElement($, "body");
  // Most emails have no right-to-left letter at all: looked for node by node, without joining the text; the ratio is
  // counted (not matched into arrays: a 100 KB email's letters made an array of ~30 000 strings, twice per email).
  if (!body || !someText(body, (t) => RTL_TEST.test(t))) return "ltr";
  const text = $(body).text();
  const rtl = countMatches(text, RTL_CHARS);
  const letters = countMatches(text, /\p{L}/gu);
  return letters > 0 && rtl / letters > 0.3 ? "rtl" : "ltr";
}

const RTL_TEST = new RegExp(RTL_CHARS.source);

function countMatches(text: string, global: RegExp): number {
  let n = 0;
  global.lastIndex = 0;
  while (global.exec(text)) n += 1;
  return n;
}

/** A hidden element with text near the top of the body: the preheader, recognised by how it is hidden. */
export function findPreheader($: CheerioAPI): Element | undefined {
  const body = firstElement($, "body");
  if (!body) return undefined;
  // The first 26 elements in document order, walked directly (body.find("*") listed every element of the email
  // to look at 26 of them, twice per email).
  let seen = 0;
  const stack: AnyNode[] = [...body.children].reverse();
  while (stack.length && seen <= 25) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    seen += 1;
    if (hiddenByStyle(node) && visibleText($(node).text()).length > 0) return node;
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  return undefined;
}

export function preheaderText($: CheerioAPI, el: Element | undefined): string {
  if (!el) return "";
  // The spacer characters after the text (&#847; &zwnj; &nbsp; …) are not part of it.
  return visibleText($(el).text()).slice(0, 200);
}

/** Declarations of the page box: they stay on <body> (and the wrapper gets no margin, padding or height). */
const BODY_BOX = /^(?:margin|padding)(?:-[a-z]+)?$|^(?:height|min-height)$/;
/** Declarations that stay on <body> as well as going to the wrapper (the page keeps its look where <body> works). */
const BODY_ALSO = /^(?:background(?:-[a-z]+)?|width|max-width|min-width)$/;

/**
 * Splits the body's style in what stays on <body> (margin, padding, height, background and widths: the page itself)
 * and what the wrapper must carry because Gmail and others drop <body> (font, colour, background, line height,
 * max-width …). A body centred with max-width and margin:auto gives the wrapper the same centring.
 */
export function bodyStyles($: CheerioAPI): { body: string; wrapper: Map<string, string> } {
  const body = $(firstElement($, "body"));
  const style = parseStyle(body.attr("style"));
  const wrapper = new Map<string, string>();
  const keep = new Map<string, string>();
  for (const [k, v] of style) {
    if (BODY_BOX.test(k)) keep.set(k, v);
    else {
      wrapper.set(k, v);
      if (BODY_ALSO.test(k)) keep.set(k, v);
    }
  }
  if (wrapper.has("max-width") || wrapper.has("width")) {
    for (const [k, v] of style) if (/^margin/.test(k) && /auto/.test(v)) wrapper.set(k, v);
  }
  const bg = body.attr("bgcolor");
  if (bg && !wrapper.has("background-color") && !wrapper.has("background")) wrapper.set("background-color", bg);
  const text = body.attr("text");
  if (text && !wrapper.has("color")) wrapper.set("color", text);
  return { body: stringifyStyle(keep), wrapper };
}
