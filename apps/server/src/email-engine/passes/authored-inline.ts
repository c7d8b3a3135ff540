import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import type { AtRule, Rule } from "postcss";
import { parseStyle } from "../dom.js";
import { IMPORTANT_AT_END, longhandsOf, parseCss, pinInline } from "./css-rules.js";

/**
 * Kept rules (@media, :hover …) get !important so they still beat the declarations juice inlines from the plain
 * rules. But a declaration the author wrote in a style attribute beat those rules in the original (an inline style
 * beats any rule without !important): listmonk's `<div class="gutter" style="padding: 30px;">` keeps 30 px on phones
 * although `@media (max-width: 600px) { .gutter { padding: 10px } }` exists. Once that rule is !important it would
 * win, and the page changes. So such an authored declaration gets !important too: it wins again, as it did.
 * Existing emails only: in a generated email a phone rule the model wrote is meant to apply (inline-css.ts).
 */

/**
 * Each element's authored inline declarations, read before juice: the properties without !important and the
 * longhands they set, and the properties with !important (important-overrides.ts leaves those alone).
 */
export type AuthoredInline = Map<Element, { props: Set<string>; longhands: Set<string>; important: Set<string> }>;

/** Pseudo-classes a rule may carry; the element itself is what they style, so they are matched without them. */
const STATE_PSEUDO = /:(?:hover|focus|focus-within|focus-visible|active|visited|link|target|checked)\b/gi;

export function readAuthoredInline($: CheerioAPI): AuthoredInline {
  const authored: AuthoredInline = new Map();
  // Emails repeat a few style strings on thousands of elements: each string is read once and its (read-only) sets
  // shared by every element that carries it.
  const byStyle = new Map<string, { props: Set<string>; longhands: Set<string>; important: Set<string> } | null>();
  $("[style]").each((_, node) => {
    const el = node as Element;
    const style = el.attribs.style!;
    let entry = byStyle.get(style);
    if (entry === undefined) {
      entry = readDeclarations(style);
      byStyle.set(style, entry);
    }
    if (entry) authored.set(el, entry);
  });
  return authored;
}

function readDeclarations(
  style: string,
): { props: Set<string>; longhands: Set<string>; important: Set<string> } | null {
  const props = new Set<string>();
  const longhands = new Set<string>();
  const important = new Set<string>();
  for (const [prop, value] of parseStyle(style)) {
    if (IMPORTANT_AT_END.test(value)) {
      important.add(prop);
      continue;
    }
    props.add(prop);
    for (const l of longhandsOf(prop)) longhands.add(l);
  }
  return props.size || important.size ? { props, longhands, important } : null;
}

/**
 * Adds !important to the authored inline declarations that a kept rule without !important (about to get one)
 * sets for the same element — unless, under the same media query, a kept rule that was !important already in the
 * original sets it too: that rule beat the inline declaration there (resourceful-humans' phone block holds both
 * `img { height: auto }` and `.logo { height: 22px !important }`; the logo's `style="height: 45px"` lost to the
 * second), and a pinned inline value would beat it. An !important rule under another query (a tablet's) does not
 * stand in the way: where the plain rule applies, the inline value won. Returns how many declarations were pinned.
 */
export function pinAuthoredInline($: CheerioAPI, authored: AuthoredInline, keptCss: string): number {
  if (authored.size === 0 || !keptCss.trim()) return 0;
  // element → longhand → the media queries (by text) of the kept rules that set it, plain and !important
  type ByQuery = Map<Element, Map<string, Set<string>>>;
  const plain: ByQuery = new Map();
  const important: ByQuery = new Map();
  const add = (map: ByQuery, el: Element, longhand: string, query: string) => {
    const byLonghand = map.get(el) ?? new Map<string, Set<string>>();
    map.set(el, byLonghand);
    const queries = byLonghand.get(longhand) ?? new Set<string>();
    byLonghand.set(longhand, queries);
    queries.add(query);
  };
  parseCss(keptCss)?.walkRules((rule: Rule) => {
    if (insideKeyframes(rule)) return;
    const normal = new Set<string>();
    const strong = new Set<string>();
    rule.walkDecls((d) => {
      if (!d.prop.startsWith("--")) for (const l of longhandsOf(d.prop)) (d.important ? strong : normal).add(l);
    });
    if (normal.size === 0 && strong.size === 0) return;
    const query = queryOf(rule);
    for (const selector of rule.selectors) {
      if (/::?(?:before|after|first-letter|first-line|marker|selection|placeholder)/i.test(selector)) continue;
      const stateless = selector.replace(STATE_PSEUDO, "");
      for (const el of matching($, stateless)) {
        const own = authored.get(el);
        if (!own?.props.size) continue;
        for (const l of normal) if (own.longhands.has(l)) add(plain, el, l, query);
        // A :hover rule beats the inline value only while hovered: it does not stand in the way of a pin.
        if (stateless === selector) for (const l of strong) if (own.longhands.has(l)) add(important, el, l, query);
      }
    }
  });
  let pinned = 0;
  for (const [el, byLonghand] of plain) {
    const beaten = important.get(el);
    const longhands = new Set(
      [...byLonghand].filter(([l, queries]) => [...queries].some((q) => !beaten?.get(l)?.has(q))).map(([l]) => l),
    );
    if (longhands.size === 0) continue;
    const own = authored.get(el)!;
    // Only what the author wrote: a declaration juice inlined beside it must still yield to the kept rule.
    pinned += pinInline(
      el,
      (prop, propLonghands) => own.props.has(prop) && propLonghands.some((l) => longhands.has(l)),
    );
  }
  return pinned;
}

/** The at-rules a rule sits in, as text ("" at the top level): rules under the same query apply together. */
function queryOf(rule: Rule): string {
  const parts: string[] = [];
  for (let node = rule.parent; node && node.type === "atrule"; node = node.parent) {
    const at = node as AtRule;
    parts.unshift(`@${at.name.toLowerCase()} ${at.params.trim().toLowerCase()}`);
  }
  return parts.join(" ");
}

function insideKeyframes(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === "atrule" && /keyframes$/i.test((parent as AtRule).name);
}

function matching($: CheerioAPI, selector: string): Element[] {
  if (!selector.trim()) return [];
  try {
    return $(selector).toArray() as Element[];
  } catch {
    return []; // a selector css-select cannot run: not compared
  }
}
