import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Root } from "postcss";
import safeParse from "postcss-safe-parser";
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

/**
 * What a flex or grid `display` becomes instead of being dropped: the box keeps its outer behaviour (a block, or an
 * inline box that takes its padding and sits on the line) and its children stack. Dropping the declaration instead
 * turns an `<a style="display:inline-flex;padding:16px 48px">` button into a plain inline link whose padding no longer
 * takes space (React Email's Tailwind output does this). Null when the value is not flex or grid.
 */
export function displayFallback(value: string): string | null {
  const m = /^\s*(inline-)?(?:flex|grid)\s*(!\s*important)?\s*$/i.exec(value);
  if (!m) return null;
  return `${m[1] ? "inline-block" : "block"}${m[2] ? "!important" : ""}`;
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
