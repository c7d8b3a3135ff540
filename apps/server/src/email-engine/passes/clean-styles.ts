import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { isTag, parseStyle, stringifyStyle } from "../dom.js";
import { displayFallback, UNSAFE_LABEL, type UnsafeKind, unsafeDeclaration } from "./css-rules.js";
import type { EmailPass } from "./pass.js";

/** A cheap test first: only style attributes that may hold something to remove are parsed. */
const SUSPECT =
  /var\s*\(|expression|behavior|binding|import|javascript|vbscript|flex|grid|gap|order|justify-|align-(?:items|content|self)|place-|position/i;

/**
 * Removes from style attributes what clients do not support or is unsafe: var() juice could not resolve,
 * expression()/behavior, flex and grid layout (the blocks stack instead: the fallback every client understands; a
 * flex or grid `display` becomes block or inline-block so the box itself keeps its place), absolute/fixed
 * positioning. Style attributes without such declarations are left byte for byte as written.
 */
export const cleanStyles: EmailPass = {
  name: "clean-styles",
  run($) {
    const removed = new Map<UnsafeKind, number>();
    $("[style]").each((_, node) => {
      if (!isTag(node)) return;
      const el = node as Element;
      if (!SUSPECT.test(el.attribs.style ?? "")) return;
      const style = new Map(parseStyle(el.attribs.style));
      let changed = false;
      const seen = new Set<UnsafeKind>();
      for (const [prop, value] of style) {
        const kind = unsafeDeclaration(prop, value);
        if (!kind) continue;
        const fallback = prop.trim().toLowerCase() === "display" ? displayFallback(value, el.name) : null;
        if (fallback) style.set(prop, fallback);
        else style.delete(prop);
        changed = true;
        seen.add(kind);
      }
      for (const kind of seen) removed.set(kind, (removed.get(kind) ?? 0) + 1);
      if (changed) {
        const next = stringifyStyle(style);
        if (next) el.attribs.style = next;
        else delete el.attribs.style;
      }
    });
    return [...removed].map(([kind, n]) => N.unsafeCssFromElements(UNSAFE_LABEL[kind], n));
  },
};
