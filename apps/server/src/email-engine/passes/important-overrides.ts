import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { compareSpecificity, parse1 } from "parseley";
import postcss, { type AtRule, type Rule } from "postcss";
import { parseStyle, stringifyStyle } from "../dom.js";

/**
 * Inlining turns `.hide { display: none !important }` into `style="display: none !important"`, and an inline
 * !important beats every stylesheet rule. A kept @media rule that won in the author's cascade
 * (`@media (max-width: 480px) { td[class*="reveal"] { display: block !important } }`, more specific or later) then
 * loses on phones: the block stays hidden and the layout changes (sendwithus' Skyline theme). So, for each declaration
 * juice inlined with !important, if an !important @media rule for the same property matches the element and beats
 * the plain rule it came from (specificity, then order), the inline one loses its !important: the kept rule (which
 * gets !important, inline-css.ts) wins inside its media query again and the inline value applies everywhere else.
 */

type Specificity = [number, number, number];

interface ImportantRule {
  selector: string;
  specificity: Specificity;
  order: number;
  props: Set<string>;
}

export interface ImportantCascade {
  plain: ImportantRule[];
  media: ImportantRule[];
  /** !important declarations the author wrote inline: those beat every rule and stay. */
  authoredInline: Map<Element, Set<string>>;
}

/** Reads the !important rules of the <style> blocks (before juice removes them) and the authored inline ones. */
export function readImportantCascade($: CheerioAPI, cssBlocks: string[]): ImportantCascade | null {
  const plain: ImportantRule[] = [];
  const media: ImportantRule[] = [];
  let order = 0;
  for (const css of cssBlocks) {
    if (!/!\s*important/i.test(css)) continue;
    let root: postcss.Root;
    try {
      root = postcss.parse(css);
    } catch {
      continue;
    }
    root.walkRules((rule: Rule) => {
      const inMedia = insideMedia(rule);
      if (!inMedia && rule.parent?.type !== "root") return; // @supports, @keyframes …: not inlined, not compared
      const props = new Set<string>();
      rule.walkDecls((d) => {
        if (d.important) props.add(d.prop.toLowerCase());
      });
      order += 1;
      if (props.size === 0) return;
      for (const selector of rule.selectors) {
        const specificity = specificityOf(selector);
        if (specificity) (inMedia ? media : plain).push({ selector, specificity, order, props });
      }
    });
  }
  if (media.length === 0 || plain.length === 0) return null;
  const authoredInline = new Map<Element, Set<string>>();
  $("[style*='important']").each((_, node) => {
    const el = node as Element;
    authoredInline.set(el, importantProps(el));
  });
  return { plain, media, authoredInline };
}

/** Removes !important from inlined declarations that a kept @media rule overrode in the original; returns how many. */
export function unpinOverriddenImportants($: CheerioAPI, cascade: ImportantCascade): number {
  let unpinned = 0;
  $("[style*='important']").each((_, node) => {
    const el = node as Element;
    const authored = cascade.authoredInline.get(el);
    const inlined = [...importantProps(el)].filter((p) => !authored?.has(p));
    if (inlined.length === 0) return;
    const unpin = inlined.filter((prop) => {
      const fromMedia = strongest(cascade.media, $, el, prop);
      if (!fromMedia) return false;
      const fromPlain = strongest(cascade.plain, $, el, prop);
      return !fromPlain || beats(fromMedia, fromPlain);
    });
    if (unpin.length === 0) return;
    const style = new Map(parseStyle(el.attribs.style));
    for (const prop of unpin) {
      const value = style.get(prop);
      if (value) style.set(prop, value.replace(/\s*!\s*important\s*$/i, ""));
    }
    el.attribs.style = stringifyStyle(style);
    unpinned += unpin.length;
  });
  return unpinned;
}

function insideMedia(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === "atrule" && (parent as AtRule).name.toLowerCase() === "media";
}

function specificityOf(selector: string): Specificity | null {
  try {
    return parse1(selector).specificity as Specificity;
  } catch {
    return null;
  }
}

function importantProps(el: Element): Set<string> {
  const props = new Set<string>();
  for (const [prop, value] of parseStyle(el.attribs.style)) if (/!\s*important\s*$/i.test(value)) props.add(prop);
  return props;
}

/** The rule that wins among those setting `prop` !important and matching the element, or undefined. */
function strongest(rules: ImportantRule[], $: CheerioAPI, el: Element, prop: string): ImportantRule | undefined {
  let best: ImportantRule | undefined;
  for (const rule of rules) {
    if (!rule.props.has(prop) || (best && !beats(rule, best)) || !matches($, el, rule.selector)) continue;
    best = rule;
  }
  return best;
}

function beats(a: ImportantRule, b: ImportantRule): boolean {
  const bySpecificity = compareSpecificity(a.specificity, b.specificity);
  return bySpecificity > 0 || (bySpecificity === 0 && a.order > b.order);
}

function matches($: CheerioAPI, el: Element, selector: string): boolean {
  try {
    return $(el).is(selector);
  } catch {
    return false; // a selector css-select cannot run (:hover and other pseudo-classes): not compared
  }
}
