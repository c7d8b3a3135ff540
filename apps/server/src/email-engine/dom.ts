import * as cheerio from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { decodeHTML, decodeHTMLAttribute } from "entities";
import styleToObject from "style-to-object";

/**
 * One parser for the whole engine: htmlparser2 without entity decoding, as juice uses it. It keeps what the author
 * wrote (entities, conditional comments, attribute order) so an email that needs no change serialises back almost
 * byte for byte, and it is about three times faster than parse5 on a 100 KB email.
 */
export function loadEmail(html: string): cheerio.CheerioAPI {
  // emptyAttrs: alt="" stays alt="" (not a bare alt, which some sanitisers read differently).
  return cheerio.load(html, {
    xml: { xmlMode: false, decodeEntities: false, emptyAttrs: true },
  } as cheerio.CheerioOptions);
}

export function serializeEmail($: cheerio.CheerioAPI): string {
  return $.html();
}

/** Text as a reader sees it (entities decoded, whitespace collapsed). */
export function visibleText(raw: string): string {
  return decodeHTML(raw)
    .replace(/(?:\s|\u00a0|[\u200b-\u200d]|\u034f|\u00ad|\ufeff)+/g, " ")
    .trim();
}

export const isTag = (node: AnyNode | null | undefined): node is Element =>
  !!node && (node.type === "tag" || node.type === "script" || node.type === "style");

/**
 * The first element in document order (under `from`, else in the whole document) that `match` accepts, walking
 * only until it is found. `$("body")` and the like run css-select over every element of the email (~0.2 ms on a
 * 100 KB email, and the engine asked for <html>, <head>, <body> or <title> some twenty times per email), although
 * these sit within the first few nodes.
 */
export function firstElement(
  $: cheerio.CheerioAPI,
  match: string | ((el: Element) => boolean),
  from?: AnyNode,
): Element | undefined {
  const accept = typeof match === "string" ? (el: Element) => el.name === match : match;
  const stack: AnyNode[] = from ? [...childrenOf(from)].reverse() : [...$.root()[0]!.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (isTag(node) && accept(node)) return node;
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]!);
  }
  return undefined;
}

const childrenOf = (node: AnyNode): AnyNode[] => ("children" in node ? node.children : []);

/** All the text under a node (what cheerio's .text() gives), without building it when only a test is wanted. */
export function someText(node: AnyNode, test: (data: string) => boolean): boolean {
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "text" && test(n.data)) return true;
    stack.push(...childrenOf(n));
  }
  return false;
}

// ---------- inline styles ----------

export type StyleMap = Map<string, string>;

const PARSED = new Map<string, StyleMap>();

/**
 * Declarations of a style attribute, property names lower-cased; the last one wins as in CSS. Emails repeat the
 * same style strings hundreds of times: parsed maps are memoised by string (callers must copy before changing).
 */
export function parseStyle(style: string | undefined): StyleMap {
  if (!style?.includes(":")) return new Map();
  const hit = PARSED.get(style);
  if (hit) return hit;
  const map = parseStyleUncached(style);
  if (PARSED.size > 5000) PARSED.clear();
  PARSED.set(style, map);
  return map;
}

function parseStyleUncached(raw: string): StyleMap {
  // Attribute values stay as written (the parser keeps entities): `font-family: &quot;Nunito Sans&quot;` would end
  // at the entity's semicolon and take the declarations after it into an open string. Parse the decoded value.
  const style = raw.includes("&") ? decodeHTMLAttribute(raw) : raw;
  const map: StyleMap = new Map();
  try {
    styleToObject(style, (name, value) => {
      map.set(name.trim().toLowerCase(), value.trim());
    });
  } catch {
    // Malformed declarations: fall back to a plain split (what clients do with it is just as forgiving).
    for (const part of style.split(";")) {
      const i = part.indexOf(":");
      if (i > 0) map.set(part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).trim());
    }
  }
  return map;
}

/** A style attribute's value as the document holds it (entities, like the parser keeps them): see parseStyle. */
export function stringifyStyle(map: StyleMap): string {
  const css = [...map.entries()].map(([k, v]) => `${k}:${v}`).join(";");
  return /[&"]/.test(css) ? css.replace(/&/g, "&amp;").replace(/"/g, "&quot;") : css;
}

/** Parsed style attribute of an element: read only (shared with every element that has the same style). */
export function styleOf(el: Element): ReadonlyMap<string, string> {
  return parseStyle(el.attribs.style);
}

const ZERO = /^0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:!important)?$/i;

/** Hidden on purpose by its own style: how preheaders and mobile-only blocks are hidden. */
export function hiddenByStyle(el: Element): boolean {
  const s = styleOf(el);
  if (s.size === 0) return el.attribs.hidden !== undefined;
  const display = s.get("display");
  if (display && /^none\b/i.test(display)) return true;
  if (/^hidden\b/i.test(s.get("visibility") ?? "")) return true;
  if (/^all\b/i.test(s.get("mso-hide") ?? "") && (ZERO.test(s.get("max-height") ?? "") || s.has("opacity")))
    return true;
  if (ZERO.test(s.get("opacity") ?? "x")) return true;
  const maxH = s.get("max-height") ?? s.get("height");
  if (maxH && ZERO.test(maxH) && /hidden/i.test(s.get("overflow") ?? "")) return true;
  if (ZERO.test(s.get("font-size") ?? "x") && ZERO.test(s.get("line-height") ?? s.get("max-height") ?? "x"))
    return true;
  return el.attribs.hidden !== undefined;
}

/** The element or one of its ancestors is hidden by style. */
export function isHidden(el: Element): boolean {
  for (let n: Element | null = el; n; n = n.parent as Element | null) {
    if (!isTag(n)) break;
    if (n.name === "head" || n.name === "title" || n.name === "style" || n.name === "script") return true;
    if (hiddenByStyle(n)) return true;
  }
  return false;
}

// ---------- links and merge tags ----------

/** {{name}}, *|FNAME|*, %%tag%%, {$var}, [[tag]], ${var}, <%= %> : ESP merge tags. */
export const MERGE_TAG =
  /\{\{[\s\S]*?\}\}|\*\|[\s\S]*?\|\*|%%[\s\S]*?%%|\{\$[\s\S]*?\}|\[\[[\s\S]*?\]\]|\$\{[\s\S]*?\}|<%[\s\S]*?%>/;

/** The merge tags' openers and closers, in MERGE_TAG's order. */
const MERGE_TAG_DELIMITERS: readonly (readonly [string, string])[] = [
  ["{{", "}}"],
  ["*|", "|*"],
  ["%%", "%%"],
  ["{$", "}"],
  ["[[", "]]"],
  ["${", "}"],
  ["<%", "%>"],
];

/** First characters of the openers: only at these can a merge tag start. */
const OPENER_START = /[{*%[$<]/g;

/**
 * Walks `s` and calls `onTag` for each merge tag, `onText(from, to)` for each stretch of other text: what MERGE_TAG
 * matches, in linear time. The regex is quadratic on a long run of openers without closers (64 KB of `{{` took
 * 2.5 s); here an opener whose closer is nowhere further on is never looked for again, and only positions holding
 * an opener's first character are tried (a 200 KB inline picture is one stretch of text, not 200 000 calls).
 */
function scanMergeTags(s: string, onTag: () => boolean, onText: (from: number, to: number) => void): void {
  const dead = new Set<number>();
  let i = 0;
  let from = 0;
  next: while (i < s.length) {
    OPENER_START.lastIndex = i;
    if (!OPENER_START.test(s)) break;
    i = OPENER_START.lastIndex - 1;
    for (let k = 0; k < MERGE_TAG_DELIMITERS.length; k += 1) {
      const [open, close] = MERGE_TAG_DELIMITERS[k]!;
      if (dead.has(k) || !s.startsWith(open, i)) continue;
      const end = s.indexOf(close, i + open.length);
      if (end === -1) {
        dead.add(k);
        continue;
      }
      if (from < i) onText(from, i);
      if (onTag()) return;
      i = end + close.length;
      from = i;
      continue next;
    }
    i += 1;
  }
  if (from < s.length) onText(from, s.length);
}

export function hasMergeTag(s: string): boolean {
  let found = false;
  scanMergeTags(
    s,
    () => {
      found = true;
      return true;
    },
    () => {},
  );
  return found;
}

/** `s` with its merge tags taken out (what a platform's empty value leaves). */
export function withoutMergeTags(s: string): string {
  const out: string[] = [];
  scanMergeTags(
    s,
    () => false,
    (from, to) => out.push(s.slice(from, to)),
  );
  return out.length === 1 ? out[0]! : out.join("");
}
