import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import type { AtRule, Rule } from "postcss";
import { isTag, parseStyle } from "../dom.js";
import { parseCss } from "./css-rules.js";

/**
 * A flex row of blocks (an image beside a block of text, two cards side by side) becomes a one-row table: the layout
 * every client draws, Outlook's Word engine included. Without it the blocks stacked once flex was removed
 * (resourceful-humans' emails: a 405 px picture above the text instead of beside it, 30–39 % of the page changed).
 * Only rows whose look a table can give are converted: items placed at the start, centre or end (no space-between),
 * in source order (no row-reverse), none wrapping, none with a percentage width or a flex-basis, and either no item growing (the table is as wide as
 * its content, as the row's items were) or all of them growing alike (equal columns over the full width).
 * Where the author's phone rule turned the row into a column (`@media … { .row { display: block } }`), the same
 * media query stacks the table's cells.
 */

/** How a flex container placed its items (read from its style attribute before flex is removed). */
export interface FlexPlacement {
  justify: "start" | "center" | "end" | "spread";
  valign: "top" | "middle" | "bottom";
  wraps: boolean;
  reversed: boolean;
  gapPx: number;
}

export function flexPlacement(style: Map<string, string>): FlexPlacement {
  const justify = (style.get("justify-content") ?? "").toLowerCase().trim();
  const align = (style.get("align-items") ?? "").toLowerCase().trim();
  const gap = (style.get("column-gap") ?? style.get("gap") ?? "").trim().split(/\s+/);
  // `gap: row column`: the second value is the space between items in a row.
  const gapPx = Number.parseFloat((gap.length > 1 ? gap[1] : gap[0]) ?? "");
  return {
    justify: /space-/.test(justify)
      ? "spread"
      : /center/.test(justify)
        ? "center"
        : /(?:^|\s)(?:flex-)?end|right/.test(justify)
          ? "end"
          : "start",
    valign: /center/.test(align) ? "middle" : /(?:^|\s)(?:flex-)?end/.test(align) ? "bottom" : "top",
    // "nowrap" has no space before "wrap"; a reversed row would come out in source order.
    wraps: /(?:^|\s)wrap/.test(`${style.get("flex-wrap") ?? ""} ${style.get("flex-flow") ?? ""}`),
    reversed: /reverse/.test(`${style.get("flex-direction") ?? ""} ${style.get("flex-flow") ?? ""}`),
    gapPx: Number.isFinite(gapPx) && gapPx > 0 && /px$|^0$/.test(gap.at(-1) ?? "") ? gapPx : 0,
  };
}

/** An item's growth: 0 (sized by its content), a positive factor, or null when a table cannot give its size. */
function growthOf(item: Element): number | null {
  const own = parseStyle(item.attribs.style);
  if (/%/.test(own.get("width") ?? "") || own.has("flex-basis")) return null;
  const grow = own.get("flex-grow");
  if (grow !== undefined) return Number.parseFloat(grow) || 0;
  const flex = (own.get("flex") ?? "").trim().toLowerCase();
  if (!flex || flex === "none" || flex === "initial" || flex === "0 1 auto") return 0;
  if (flex === "auto") return 1;
  const [first, , basis] = flex.split(/\s+/);
  // `flex: 1` and `flex: 1 1 0` share the row equally; another basis sizes items in ways a table does not.
  if (basis !== undefined && !/^0(?:px|%)?$/.test(basis)) return null;
  const n = Number.parseFloat(first ?? "");
  return Number.isFinite(n) ? n : null;
}

/**
 * Containers a table may go into. Not a table part (its flex display is dropped), and not a <p> or an
 * inline element: a <table> start tag closes an open <p> when the email is parsed again.
 */
const CONTAINERS = /^(?:div|center|li|section|article|header|footer|main|aside|nav|figure)$/i;

/** Converts the row if a table can keep its look; returns whether it did. */
export function flexRowToTable($: CheerioAPI, el: Element, place: FlexPlacement, stackClass: () => string | null) {
  if (!CONTAINERS.test(el.name) || place.wraps || place.reversed || place.justify === "spread") return false;
  const items: Element[] = [];
  for (const child of el.children) {
    if (isTag(child)) items.push(child);
    else if (child.type !== "text" || (child as unknown as { data: string }).data.trim() !== "") return false;
  }
  if (items.length < 2) return false;
  const growth = items.map(growthOf);
  if (growth.some((g) => g === null)) return false;
  const growing = growth.filter((g) => (g ?? 0) > 0);
  if (growing.length > 0 && (growing.length !== items.length || new Set(growing).size > 1)) return false;
  const fullWidth = growing.length > 0;

  const stack = stackClass();
  const cls = stack ? ` class="${stack}"` : "";
  const tableStyle = [
    "border-collapse:collapse",
    fullWidth ? "width:100%;table-layout:fixed" : "",
    place.justify === "center" ? "margin:0 auto" : place.justify === "end" ? "margin-left:auto" : "",
  ]
    .filter(Boolean)
    .join(";");
  const align = place.justify === "center" ? ' align="center"' : place.justify === "end" ? ' align="right"' : "";
  const width = fullWidth ? ' width="100%"' : "";
  const table = $(
    `<table role="presentation" border="0" cellpadding="0" cellspacing="0"${width}${align}${cls} style="${tableStyle}"><tbody${cls}><tr${cls}></tr></tbody></table>`,
  );
  const row = table.find("tr");
  items.forEach((item, i) => {
    const pad = i > 0 && place.gapPx ? `;padding-left:${place.gapPx}px` : "";
    const cell = $(`<td valign="${place.valign}"${cls} style="vertical-align:${place.valign}${pad}"></td>`);
    cell.append(item);
    row.append(cell);
  });
  $(el).empty().append(table);
  return true;
}

/** A kept rule that turns a flex row into blocks or a column under a media query (the author's phone layout). */
interface StackingRule {
  media: string;
  selector: string;
}

/**
 * The author's rules that turn a flex row into a column or blocks: inside `@media`, a non-flex `display` or a column
 * direction. Read before the kept CSS loses its flex declarations (inline-css), and again from the document's
 * `<style>` when clean-styles runs alone.
 */
export function stackingRules(cssBlocks: string[]): StackingRule[] {
  const rules: StackingRule[] = [];
  for (const css of cssBlocks) {
    if (!/@media/i.test(css) || !/display|flex-direction|flex-flow/i.test(css)) continue;
    parseCss(css)?.walkRules((rule: Rule) => {
      const media = rule.parent as AtRule | undefined;
      if (media?.type !== "atrule" || media.name.toLowerCase() !== "media") return;
      let stacks = false;
      rule.walkDecls((d) => {
        const prop = d.prop.toLowerCase();
        const value = d.value.toLowerCase();
        if (prop === "display" && !/flex/.test(value)) stacks = true;
        if ((prop === "flex-direction" || prop === "flex-flow") && /column/.test(value)) stacks = true;
      });
      if (stacks) for (const selector of rule.selectors) rules.push({ media: media.params, selector });
    });
  }
  return rules;
}

/** Element → the media query under which the author stacks it (the first such rule that matches it). */
export function stackedElements($: CheerioAPI, rules: StackingRule[]): Map<Element, string> {
  const stacked = new Map<Element, string>();
  for (const { media, selector } of rules) {
    let matched: Element[];
    try {
      matched = $(selector).toArray() as Element[];
    } catch {
      continue; // a selector css-select cannot run (:hover …): not compared
    }
    for (const el of matched) if (!stacked.has(el)) stacked.set(el, media);
  }
  return stacked;
}

/** The phone rules for converted rows, one `<style>` after the document's last one (or at the end of its head). */
export function addStackingCss($: CheerioAPI, classByMedia: Map<string, string>) {
  if (classByMedia.size === 0) return;
  const css = [...classByMedia]
    .map(
      ([media, cls]) =>
        `@media ${media}{.${cls}{display:block!important;width:100%!important;padding-left:0!important}}`,
    )
    .join("");
  const last = $("style").last();
  if (last.length) last.after(`<style>${css}</style>`);
  else if ($("head").length) $("head").append(`<style>${css}</style>`);
  else $.root().append(`<style>${css}</style>`);
}
