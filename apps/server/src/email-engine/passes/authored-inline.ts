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
  $("[style]").each((_, node) => {
    const el = node as Element;
    const props = new Set<string>();
    const longhands = new Set<string>();
    const important = new Set<string>();
    for (const [prop, value] of parseStyle(el.attribs.style)) {
      if (IMPORTANT_AT_END.test(value)) {
        important.add(prop);
        continue;
      }
      props.add(prop);
      for (const l of longhandsOf(prop)) longhands.add(l);
    }
    if (props.size || important.size) authored.set(el, { props, longhands, important });
  });
  return authored;
}

/**
 * Adds !important to the authored inline declarations that a kept rule without !important (about to get one)
 * sets for the same element. Returns how many declarations were pinned.
 */
export function pinAuthoredInline($: CheerioAPI, authored: AuthoredInline, keptCss: string): number {
  if (authored.size === 0 || !keptCss.trim()) return 0;
  const toPin = new Map<Element, Set<string>>();
  parseCss(keptCss)?.walkRules((rule: Rule) => {
    if (insideKeyframes(rule)) return;
    const longhands = new Set<string>();
    rule.walkDecls((d) => {
      if (!d.important && !d.prop.startsWith("--")) for (const l of longhandsOf(d.prop)) longhands.add(l);
    });
    if (longhands.size === 0) return;
    for (const selector of rule.selectors) {
      if (/::?(?:before|after|first-letter|first-line|marker|selection|placeholder)/i.test(selector)) continue;
      for (const el of matching($, selector.replace(STATE_PSEUDO, ""))) {
        const own = authored.get(el);
        if (!own?.props.size) continue;
        for (const l of longhands) {
          if (!own.longhands.has(l)) continue;
          const set = toPin.get(el) ?? new Set<string>();
          set.add(l);
          toPin.set(el, set);
        }
      }
    }
  });
  let pinned = 0;
  for (const [el, longhands] of toPin) {
    const own = authored.get(el)!;
    // Only what the author wrote: a declaration juice inlined beside it must still yield to the kept rule.
    pinned += pinInline(
      el,
      (prop, propLonghands) => own.props.has(prop) && propLonghands.some((l) => longhands.has(l)),
    );
  }
  return pinned;
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
