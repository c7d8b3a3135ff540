import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { compareSpecificity, parse1 } from "parseley";
import type { AtRule, Rule } from "postcss";
import { parseStyle, stringifyStyle } from "../dom.js";
import type { AuthoredInline } from "./authored-inline.js";
import { IMPORTANT_AT_END, longhandsOf, parseCss, pinInline } from "./css-rules.js";

/**
 * Inlining turns `.hide { display: none !important }` into `style="display: none !important"`, and an inline
 * !important beats every stylesheet rule. A kept @media rule that won in the author's cascade
 * (`@media (max-width: 480px) { td[class*="reveal"] { display: block !important } }`, more specific or later) then
 * loses on phones: the block stays hidden and the layout changes (sendwithus' Skyline theme). So, for each declaration
 * juice inlined with !important, if an !important @media rule for the same property matches the element and beats
 * the plain rule it came from (specificity, then order), the inline one loses its !important: the kept rule (which
 * gets !important, inline-css.ts) wins inside its media query again and the inline value applies everywhere else.
 * "The same property" counts shorthands: Maizzle's `.sm-p-6 { padding: 24px !important }` in @media overrides an
 * inlined `padding-left: 36px !important` from `.px-9`, and a media `padding-left` overrides an inlined `padding`.
 */

type Specificity = [number, number, number];

interface CascadeRule {
  selector: string;
  order: number;
  /** The longhands the rule's !important declarations set (`padding` → padding-top, padding-right …). */
  important: Set<string>;
  /** The longhands its other declarations set. */
  normal: Set<string>;
}

type Weight = "important" | "normal";

/** One comparison's caches: selectors' specificities and the elements each selector matches. */
interface Comparison {
  $: CheerioAPI;
  specificity: Map<string, Specificity | null>;
  matched: Map<string, Set<Element>>;
}

export interface ImportantCascade {
  /** The <style> blocks holding an !important declaration, in document order (parsed only when needed). */
  cssBlocks: string[];
  /** What the author wrote inline (its !important declarations beat every rule and stay). */
  authored: AuthoredInline;
}

const IMPORTANT = /!\s*important/i;

/**
 * What the comparison needs from before juice: the <style> blocks with !important (juice removes them) and the
 * authored inline declarations. Null when no !important @media rule can exist.
 */
export function readImportantCascade(cssBlocks: string[], authored: AuthoredInline): ImportantCascade | null {
  const withImportant = cssBlocks.filter((css) => IMPORTANT.test(css));
  if (!withImportant.some((css) => /@media/i.test(css))) return null;
  return { cssBlocks: withImportant, authored };
}

/** The rules of the blocks, plain (top level) and inside @media, in order (specificity: specificityOf). */
function cascadeRules(cssBlocks: string[]): { plain: CascadeRule[]; media: CascadeRule[] } {
  const plain: CascadeRule[] = [];
  const media: CascadeRule[] = [];
  let order = 0;
  for (const css of cssBlocks) {
    // Forgiving: one slip must not hide the block's other rules.
    parseCss(css)?.walkRules((rule: Rule) => {
      const inMedia = insideMedia(rule);
      if (!inMedia && rule.parent?.type !== "root") return; // @supports, @keyframes …: not inlined, not compared
      const important = new Set<string>();
      const normal = new Set<string>();
      rule.walkDecls((d) => {
        if (d.prop.startsWith("--")) return;
        for (const l of longhandsOf(d.prop)) (d.important ? important : normal).add(l);
      });
      order += 1;
      if (important.size === 0 && normal.size === 0) return;
      for (const selector of rule.selectors) (inMedia ? media : plain).push({ selector, order, important, normal });
    });
  }
  return { plain, media };
}

/** Removes !important from inlined declarations that a kept @media rule overrode in the original; returns how many. */
export function unpinOverriddenImportants($: CheerioAPI, cascade: ImportantCascade): number {
  const candidates: [Element, string[]][] = [];
  $("[style*='important']").each((_, node) => {
    const el = node as Element;
    const authored = cascade.authored.get(el)?.important;
    const inlined = [...importantProps(el)].filter((p) => !authored?.has(p));
    if (inlined.length) candidates.push([el, inlined]);
  });
  if (candidates.length === 0) return 0;
  const rules = cascadeRules(cascade.cssBlocks);
  if (!rules.media.some((r) => r.important.size)) return 0;
  const ctx: Comparison = { $, specificity: new Map(), matched: new Map() };
  let unpinned = 0;
  for (const [el, inlined] of candidates) {
    const unpin = inlined.filter((prop) => {
      const fromMedia = strongest(rules.media, "important", ctx, el, prop);
      if (!fromMedia) return false;
      const fromPlain = strongest(rules.plain, "important", ctx, el, prop);
      return !fromPlain || beats(ctx, fromMedia, fromPlain);
    });
    if (unpin.length === 0) continue;
    const style = new Map(parseStyle(el.attribs.style));
    for (const prop of unpin) {
      const value = style.get(prop);
      if (value) style.set(prop, value.replace(IMPORTANT_AT_END, ""));
    }
    el.attribs.style = stringifyStyle(style);
    unpinned += unpin.length;
  }
  return unpinned;
}

/**
 * The other half of the cascade: a kept @media rule without !important gets one (inline-css.ts), so it beats every
 * inlined declaration. But where a plain rule beat it in the author's cascade — as specific and later, or more
 * specific — the plain value applied on phones too: GEW's newsletters define `.pb-5 { padding-bottom: 2rem }` after
 * `@media (max-width: 768px) { .card-body { padding: 1rem } }`, so `class="card-body pb-5"` kept 32 px at the bottom.
 * Such an inlined declaration gets !important, so it still beats the kept rule. Only declarations whose every
 * longhand won are pinned (an inlined `padding` from `.card-body` still yields to the phone rule on its other sides);
 * never where an !important @media rule sets the property, which beat the plain rule in the original as it does now.
 * Existing emails only (in a generated email the model's phone rules are meant to apply). Returns how many.
 */
export function pinPlainWinners($: CheerioAPI, cssBlocks: string[], authored: AuthoredInline): number {
  if (!cssBlocks.some((css) => /@media/i.test(css))) return 0;
  const rules = cascadeRules(cssBlocks);
  if (!rules.media.some((r) => r.normal.size) || !rules.plain.some((r) => r.normal.size)) return 0;
  const ctx: Comparison = { $, specificity: new Map(), matched: new Map() };
  const won = new Map<Element, Set<string>>();
  for (const rule of rules.media) {
    if (rule.normal.size === 0 || !specificityOf(ctx, rule.selector)) continue;
    for (const el of matchedBy(ctx, rule.selector)) {
      if (!el.attribs.style) continue;
      for (const longhand of rule.normal) {
        if (won.get(el)?.has(longhand) || strongest(rules.media, "important", ctx, el, longhand)) continue;
        const fromMedia = strongest(rules.media, "normal", ctx, el, longhand);
        const fromPlain = strongest(rules.plain, "normal", ctx, el, longhand);
        if (!fromMedia || !fromPlain || !beats(ctx, fromPlain, fromMedia)) continue;
        const set = won.get(el) ?? new Set<string>();
        set.add(longhand);
        won.set(el, set);
      }
    }
  }
  let pinned = 0;
  for (const [el, longhands] of won) {
    const own = authored.get(el)?.props;
    pinned += pinInline(el, (prop, propLonghands) => !own?.has(prop) && propLonghands.every((l) => longhands.has(l)));
  }
  return pinned;
}

function insideMedia(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === "atrule" && (parent as AtRule).name.toLowerCase() === "media";
}

/** Worked out only for rules that match a candidate (parsing a selector costs ~20 µs; a stylesheet has dozens). */
function specificityOf(ctx: Comparison, selector: string): Specificity | null {
  let specificity = ctx.specificity.get(selector);
  if (specificity === undefined) {
    try {
      specificity = parse1(selector).specificity as Specificity;
    } catch {
      specificity = null; // a selector parseley cannot read: not compared
    }
    ctx.specificity.set(selector, specificity);
  }
  return specificity;
}

function importantProps(el: Element): Set<string> {
  const props = new Set<string>();
  for (const [prop, value] of parseStyle(el.attribs.style)) if (IMPORTANT_AT_END.test(value)) props.add(prop);
  return props;
}

/**
 * The rule that wins among those setting `prop` (or part of it) with that weight and matching the element, or
 * undefined.
 */
function strongest(
  rules: CascadeRule[],
  weight: Weight,
  ctx: Comparison,
  el: Element,
  prop: string,
): CascadeRule | undefined {
  const longhands = longhandsOf(prop);
  let best: CascadeRule | undefined;
  for (const rule of rules) {
    if (!longhands.some((l) => rule[weight].has(l))) continue;
    if (!matches(ctx, el, rule.selector) || !specificityOf(ctx, rule.selector)) continue;
    if (!best || beats(ctx, rule, best)) best = rule;
  }
  return best;
}

function beats(ctx: Comparison, a: CascadeRule, b: CascadeRule): boolean {
  // Both were read by strongest() before (a rule without a specificity never gets here).
  const bySpecificity = compareSpecificity(specificityOf(ctx, a.selector)!, specificityOf(ctx, b.selector)!);
  return bySpecificity > 0 || (bySpecificity === 0 && a.order > b.order);
}

/** Whether a selector matches the element; each selector is queried once per document (candidates are many). */
function matches(ctx: Comparison, el: Element, selector: string): boolean {
  return matchedBy(ctx, selector).has(el);
}

function matchedBy(ctx: Comparison, selector: string): Set<Element> {
  let matched = ctx.matched.get(selector);
  if (!matched) {
    try {
      matched = new Set(ctx.$(selector).toArray() as Element[]);
    } catch {
      matched = new Set(); // a selector css-select cannot run (:hover and other pseudo-classes): not compared
    }
    ctx.matched.set(selector, matched);
  }
  return matched;
}
