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

/**
 * Walks `s` and calls `onTag` for each merge tag, `onChar` for every other character: what MERGE_TAG matches, in
 * linear time. The regex is quadratic on a long run of openers without closers (64 KB of `{{` took 2.5 s); here an
 * opener whose closer is nowhere further on is never looked for again.
 */
function scanMergeTags(s: string, onTag: () => boolean, onChar: (c: string) => void): void {
  const dead = new Set<number>();
  let i = 0;
  next: while (i < s.length) {
    for (let k = 0; k < MERGE_TAG_DELIMITERS.length; k += 1) {
      const [open, close] = MERGE_TAG_DELIMITERS[k]!;
      if (dead.has(k) || !s.startsWith(open, i)) continue;
      const end = s.indexOf(close, i + open.length);
      if (end === -1) {
        dead.add(k);
        continue;
      }
      if (onTag()) return;
      i = end + close.length;
      continue next;
    }
    onChar(s[i]!);
    i += 1;
  }
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
    (c) => out.push(c),
  );
  return out.join("");
}
