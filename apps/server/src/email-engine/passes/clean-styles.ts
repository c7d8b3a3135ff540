import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { isTag, parseStyle, stringifyStyle } from "../dom.js";
import { displayFallback, UNSAFE_LABEL, type UnsafeKind, unsafeDeclaration } from "./css-rules.js";
import {
  addStackingCss,
  type FlexPlacement,
  flexPlacement,
  flexRowToTable,
  stackedElements,
  stackingRules,
} from "./flex-table.js";
import type { EmailPass } from "./pass.js";

/** A cheap test first: only style attributes that may hold something to remove are parsed. */
const SUSPECT =
  /var\s*\(|expression|behavior|binding|import|javascript|vbscript|flex|grid|gap|order|justify-|align-(?:items|content|self)|place-|position/i;

/**
 * Removes from style attributes what clients do not support or is unsafe: var() juice could not resolve,
 * expression()/behavior, flex and grid layout (the blocks stack instead: the fallback every client understands; a
 * flex or grid `display` becomes block or inline-block so the box itself keeps its place), absolute/fixed
 * positioning. Style attributes without such declarations are left byte for byte as written. A flex row keeps its
 * look where it can: a row of links and images through inline-block items, a row of blocks as a one-row table
 * (flex-table.ts).
 */
export const cleanStyles: EmailPass = {
  name: "clean-styles",
  run($, options) {
    const removed = new Map<UnsafeKind, number>();
    let stackedUnder = options.stackedUnder;
    /** media query → the class that stacks converted rows under it */
    const stackClasses = new Map<string, string>();
    let tables = 0;
    /** The class that stacks a converted row under the author's phone rule for it, if there is one. */
    const stackClassFor = (el: Element) => {
      // Run alone (fixtures), the author's rules are still in the document's <style>.
      stackedUnder ??= stackedElements(
        $,
        stackingRules(
          $("style")
            .toArray()
            .map((style) => $(style).text()),
        ),
      );
      const media = stackedUnder.get(el);
      if (!media) return null;
      if (!stackClasses.has(media)) stackClasses.set(media, `mailsmith-stack-${stackClasses.size + 1}`);
      return stackClasses.get(media) ?? null;
    };
    $("[style]").each((_, node) => {
      if (!isTag(node)) return;
      const el = node as Element;
      if (!SUSPECT.test(el.attribs.style ?? "")) return;
      const style = new Map(parseStyle(el.attribs.style));
      const flexRow = flexRowOf(style);
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
      if (flexRow && !keepFlexRowLook(el, flexRow, style)) {
        if (flexRowToTable($, el, flexRow, () => stackClassFor(el))) tables += 1;
      }
      for (const kind of seen) removed.set(kind, (removed.get(kind) ?? 0) + 1);
      if (changed) {
        const next = stringifyStyle(style);
        if (next) el.attribs.style = next;
        else delete el.attribs.style;
      }
    });
    addStackingCss($, stackClasses);
    const notes = [...removed].map(([kind, n]) => N.unsafeCssFromElements(UNSAFE_LABEL[kind], n));
    return tables ? [...notes, N.flexRowsToTables(tables)] : notes;
  },
};

/** Elements that sit on a line (their box takes no vertical room for padding unless made inline-block). */
const INLINE_LEVEL = new Set([
  "a",
  "abbr",
  "b",
  "big",
  "br",
  "code",
  "em",
  "font",
  "i",
  "img",
  "label",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "u",
]);

/** A flex container laying its items out in a row (the default): how it placed them. Null for anything else. */
function flexRowOf(style: Map<string, string>): FlexPlacement | null {
  const display = style.get("display") ?? "";
  if (!/^\s*(?:inline-)?flex\b/i.test(display)) return null;
  if (/column/i.test(style.get("flex-direction") ?? "")) return null;
  return flexPlacement(style);
}

/**
 * Without flex, a row of links and images (a centred button, a row of badges) would fall back to plain inline
 * content: left-aligned, and a link's padding and margins would no longer take room (resourceful-humans' emails:
 * `<div style="display:flex;justify-content:center"><a style="display:inline;padding:10px;margin:20px auto">`, the
 * button overlapped the heading above). Flex items are blocks sized to their content, so such items become
 * inline-block and the row's text-align does what justify-content did. Rows holding blocks are for flex-table.ts.
 * Returns whether the row was of that kind.
 */
function keepFlexRowLook(el: Element, row: FlexPlacement, style: Map<string, string>): boolean {
  const items = el.children.filter(isTag) as Element[];
  if (items.length === 0 || !items.every((item) => INLINE_LEVEL.has(item.name))) return false;
  // An item with auto margins on both sides is centred by flex (`margin: 0 auto` on a lone image or button).
  // What justify-content did, as the row's text-align (space-between and the like have none).
  const placed = row.justify === "center" ? "center" : row.justify === "end" ? "right" : null;
  const align = placed ?? (items.every((item) => centredByMargins(item)) ? "center" : null);
  if (align && !style.has("text-align")) style.set("text-align", align);
  for (const item of items) {
    if (item.name === "br") continue;
    const own = new Map(parseStyle(item.attribs.style));
    const display = (own.get("display") ?? "inline").toLowerCase();
    if (display !== "inline" && !display.startsWith("inline ")) continue;
    own.set("display", "inline-block");
    // Flex items line up at the top (stretch) or the middle, never on the text baseline, which would add a gap below.
    if (!own.has("vertical-align")) own.set("vertical-align", row.valign === "middle" ? "middle" : "top");
    item.attribs.style = stringifyStyle(own);
  }
  return true;
}

function centredByMargins(item: Element): boolean {
  const own = parseStyle(item.attribs.style);
  const sides = (own.get("margin") ?? "").trim().split(/\s+/);
  // margin: a | a b | a b c | a b c d → right is the 2nd value (or the 1st), left the 4th (or the right one).
  const right = own.get("margin-right") ?? sides[1] ?? sides[0] ?? "";
  const left = own.get("margin-left") ?? sides[3] ?? sides[1] ?? sides[0] ?? "";
  return /^auto\b/i.test(left) && /^auto\b/i.test(right);
}
