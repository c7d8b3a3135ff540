import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import { expand, isShorthand } from "css-shorthand-properties";
import type { Element } from "domhandler";
import type { Root } from "postcss";
import safeParse from "postcss-safe-parser";
import { parseStyle, stringifyStyle } from "../dom.js";
/**
 * Which CSS declarations the engine removes, shared by the style-attribute pass and the <style> pass.
 * Returns the kind of problem, or null when the declaration may stay.
 */
export type UnsafeKind = "script" | "variable" | "flex-grid" | "position";

const SCRIPTY = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import/i;
const FLEX_GRID_PROP =
  /^(?:flex(?:-[a-z]+)?|grid(?:-[a-z-]+)?|gap|row-gap|column-gap|order|justify-(?:content|items|self)|align-(?:items|content|self)|place-(?:content|items|self))$/;

export function unsafeDeclaration(prop: string, value: string): UnsafeKind | null {
  const p = prop.trim().toLowerCase();
  if (p.startsWith("mso-")) return null;
  if (SCRIPTY.test(value) || p === "behavior" || p === "-moz-binding") return "script";
  if (/var\s*\(/i.test(value)) return "variable";
  if (p === "display" && /(?:^|\s)(?:inline-)?(?:flex|grid)\b/i.test(value)) return "flex-grid";
  if (FLEX_GRID_PROP.test(p)) return "flex-grid";
  if (p === "position" && /\b(?:absolute|fixed|sticky)\b/i.test(value)) return "position";
  if (/^(?:top|left|right|bottom|inset|z-index)$/.test(p)) return null;
  return null;
}

/** Table parts: a flex or grid display on them is removed, so they are table boxes again (a block would shrink them). */
export function isTablePart(tag: string): boolean {
  return /^(?:table|thead|tbody|tfoot|tr|td|th|caption|col|colgroup)$/i.test(tag);
}

/**
 * What a flex or grid `display` becomes instead of being dropped: the box keeps its outer behaviour (a block, or an
 * inline box that takes its padding and sits on the line) and its children stack. Dropping the declaration instead
 * turns an `<a style="display:inline-flex;padding:16px 48px">` button into a plain inline link whose padding no longer
 * takes space (React Email's Tailwind output does this). Table parts are the exception (`<table style="display:flex">`
 * centring a logo, React Email's AWS demo): removing the display makes them tables again, where a block would shrink
 * them to their content. `tag` is the element's, or the selector subject's when a rule names one. Null: remove.
 */
export function displayFallback(value: string, tag?: string): string | null {
  const m = /^\s*(inline-)?(?:flex|grid)\s*(!\s*important)?\s*$/i.exec(value);
  if (!m || (tag && isTablePart(tag))) return null;
  return `${m[1] ? "inline-block" : "block"}${m[2] ? "!important" : ""}`;
}

/** The element name a selector's last compound starts with (`.row > td.col` → td), if it names one. */
export function subjectTag(selector: string): string | undefined {
  const last =
    selector
      .trim()
      .split(/[\s>+~]+/)
      .pop() ?? "";
  return /^[a-z][a-z0-9]*/i.exec(last)?.[0];
}

export const UNSAFE_LABEL: Record<UnsafeKind, string> = N.unsafeCss;

/**
 * A stylesheet read forgivingly, as browsers read it: a slip (`width:100%;!important;`, as sendwithus' Go theme
 * writes) loses only itself, not the rules around it. Null only if even the forgiving parser gives up.
 */
export function parseCss(css: string): Root | null {
  try {
    return safeParse(css) as Root;
  } catch {
    return null;
  }
}

/** A property name as CSS allows it (custom properties included); `//` from a Sass-style comment is not one. */
const PROPERTY_NAME = /^(?:--|-?[a-z_])[\w-]*$/i;

/**
 * A cheap first look (parsing a stylesheet costs ~0.1–1 ms): something between `{` or `;` and the next `;` or `}`
 * without a colon, a `//`, an entry of a selector list left empty, or more `}` than `{`. It may see slips that are
 * not (a `;` inside a comment), never the other way round for the slips withoutSlips removes.
 */
function mayHoldSlip(css: string): boolean {
  if (/[{;]\s*[^:;{}\s][^:;{}]*[;}]|(?:^|[\s;{}])\/\/|,\s*\{/.test(css)) return true;
  return (css.match(/\}/g)?.length ?? 0) > (css.match(/\{/g)?.length ?? 0);
}

/** Text a forgiving parse left in the raws (skipped slips), comments aside. */
function holdsSlip(raw: string | undefined): boolean {
  return !!raw && /\S/.test(raw.replace(/\/\*[\s\S]*?\*\//g, ""));
}

/**
 * A stylesheet without the slips browsers skip, for juice: a declaration without a colon (`solid #e2e8f0;`), one
 * whose name is no property (a Sass `// comment` line, which also takes the declaration after it, as in browsers), a
 * stray `}`, and a rule whose selector list has an empty entry (`th, td, a, { … }`: browsers drop the whole rule).
 * juice throws on the first — and the whole stylesheet was lost — and applies the last. CSS without slips comes back
 * unchanged, byte for byte. GEW's CleverReach newsletters (bootstrap-email sources with Sass leftovers) hold all four.
 */
export function withoutSlips(css: string): string {
  if (!mayHoldSlip(css)) return css;
  const root = parseCss(css);
  if (!root) return css;
  let changed = false;
  root.walkDecls((decl) => {
    if (!PROPERTY_NAME.test(decl.prop)) {
      decl.remove();
      changed = true;
    } else if (holdsSlip(decl.raws.before)) {
      decl.raws.before = /\s*$/.exec(decl.raws.before ?? "")?.[0] ?? "";
      changed = true;
    }
  });
  root.walkRules((rule) => {
    if (rule.selectors.some((selector) => !selector.trim())) {
      rule.remove();
      changed = true;
    } else if (holdsSlip(rule.raws.after)) {
      rule.raws.after = /\s*$/.exec(rule.raws.after ?? "")?.[0] ?? "";
      changed = true;
    }
  });
  if (holdsSlip(root.raws.after)) {
    root.raws.after = "\n";
    changed = true;
  }
  return changed ? root.toString() : css;
}

/** A declaration's value that ends in !important (and what to cut to drop it). */
export const IMPORTANT_AT_END = /\s*!\s*important\s*$/i;

const longhandCache = new Map<string, string[]>();

/** The longhand properties a property sets: itself when it is one, all of them for a shorthand (`border` → 12). */
export function longhandsOf(property: string): string[] {
  const prop = property.toLowerCase();
  let out = longhandCache.get(prop);
  if (!out) {
    out = isShorthand(prop) ? flatten(expand(prop, true)) : [prop];
    longhandCache.set(prop, out);
  }
  return out;
}

function flatten(items: unknown[]): string[] {
  return items.flatMap((item) => (Array.isArray(item) ? flatten(item) : [String(item)]));
}

/**
 * Adds !important to the element's inline declarations that `pick` chooses (it sees only those without one yet), so
 * they keep beating a kept rule that gets !important. Returns how many were pinned.
 */
export function pinInline(el: Element, pick: (prop: string, longhands: string[]) => boolean): number {
  const style = new Map(parseStyle(el.attribs.style));
  let pinned = 0;
  for (const [prop, value] of style) {
    if (IMPORTANT_AT_END.test(value) || !pick(prop, longhandsOf(prop))) continue;
    style.set(prop, `${value} !important`);
    pinned += 1;
  }
  if (pinned) el.attribs.style = stringifyStyle(style);
  return pinned;
}
