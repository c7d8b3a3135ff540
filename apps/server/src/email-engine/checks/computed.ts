import type { CheerioAPI } from "cheerio";
import { type Color, formatHex, parse } from "culori";
import type { AnyNode, Element, Text } from "domhandler";
import { firstElement, hiddenByStyle, isTag, styleOf, visibleText } from "../dom.js";

/**
 * Computed colour, background, font size and weight of the elements of an inlined email, resolved through the
 * ancestors as a browser would for inherited properties (colour, font) and for what shows behind an element
 * (the nearest solid background). After the inline-css pass the styles live on the elements, so this is close
 * to what the client computes; what it cannot know (text on a background image) is "unknown".
 */
export interface Computed {
  hidden: boolean;
  color: Color | undefined;
  /** undefined: a background image (or gradient) is behind the text, its colour cannot be known. */
  background: Color | undefined;
  backgroundImage: boolean;
  fontSizePx: number;
  bold: boolean;
}

const ROOT: Computed = {
  hidden: false,
  color: parse("#000000"),
  background: parse("#ffffff"),
  backgroundImage: false,
  fontSizePx: 16,
  bold: false,
};

const HEADING_SIZE: Record<string, number> = { h1: 2, h2: 1.5, h3: 1.17, h4: 1, h5: 0.83, h6: 0.67 };
const BOLD_TAGS = new Set(["b", "strong", "th", "h1", "h2", "h3", "h4", "h5", "h6"]);

export function parseColour(value: string | undefined): Color | undefined {
  if (!value) return undefined;
  const v = value.replace(/!important/i, "").trim();
  if (!v || /^(inherit|initial|unset|currentcolor|transparent|none)$/i.test(v)) return undefined;
  try {
    const c = parse(v);
    if (!c) return undefined;
    if (c.alpha !== undefined && c.alpha < 0.5) return undefined;
    return c;
  } catch {
    return undefined;
  }
}

function backgroundOf(el: Element): { colour?: Color; image: boolean } {
  const s = styleOf(el);
  const image =
    /url\(|gradient\(/i.test(`${s.get("background") ?? ""} ${s.get("background-image") ?? ""}`) ||
    !!el.attribs.background;
  const bg = s.get("background-color");
  let colour = parseColour(bg);
  if (!colour && s.has("background")) {
    for (const token of (s.get("background") ?? "").split(/\s+(?![^(]*\))/)) {
      colour = parseColour(token);
      if (colour) break;
    }
  }
  if (!colour) colour = parseColour(el.attribs.bgcolor);
  return { colour, image };
}

function fontSize(value: string | undefined, parent: number, tag: string): number {
  if (value) {
    const m = value.trim().match(/^(\d*\.?\d+)\s*(px|pt|em|rem|%)?/i);
    if (m) {
      const n = Number(m[1]);
      switch ((m[2] ?? "px").toLowerCase()) {
        case "px":
          return n;
        case "pt":
          return (n * 4) / 3;
        case "em":
          return n * parent;
        case "rem":
          return n * 16;
        case "%":
          return (n / 100) * parent;
      }
    }
    const named: Record<string, number> = { small: 13, smaller: parent / 1.2, "x-small": 10, "xx-small": 9 };
    if (named[value.trim()] !== undefined) return named[value.trim()]!;
  }
  if (HEADING_SIZE[tag]) return HEADING_SIZE[tag]! * 16;
  if (tag === "small") return parent / 1.2;
  return parent;
}

export class ComputedStyles {
  private cache = new Map<AnyNode, Computed>();

  of(node: AnyNode | null): Computed {
    if (!node || !isTag(node)) return ROOT;
    const el = node as Element;
    const hit = this.cache.get(el);
    if (hit) return hit;
    const parent = this.of(el.parent);
    const tag = el.name.toLowerCase();
    const s = styleOf(el);
    const own = backgroundOf(el);
    let color = parseColour(s.get("color")) ?? (tag === "font" ? parseColour(el.attribs.color) : undefined);
    // A link is blue unless its colour is given; `color: inherit` (or unset, currentcolor) takes the parent's.
    if (!color && tag === "a" && !/^\s*(?:inherit|unset|currentcolor)\b/i.test(s.get("color") ?? ""))
      color = parseColour("#0000ee");
    const weight = s.get("font-weight");
    const computed: Computed = {
      hidden: parent.hidden || tag === "head" || tag === "title" || hiddenByStyle(el),
      color: color ?? parent.color,
      background: own.colour ?? (own.image ? undefined : parent.background),
      backgroundImage: own.colour ? false : own.image || parent.backgroundImage,
      fontSizePx: fontSize(s.get("font-size"), parent.fontSizePx, tag),
      bold: weight ? /bold|[6-9]00/i.test(weight) : BOLD_TAGS.has(tag) || parent.bold,
    };
    this.cache.set(el, computed);
    return computed;
  }
}

export interface TextRun {
  el: Element;
  text: string;
  style: Computed;
}

/** Every visible piece of text in the body with the computed style of its element. */
export function textRuns($: CheerioAPI, styles: ComputedStyles): TextRun[] {
  const runs: TextRun[] = [];
  const walk = (node: AnyNode) => {
    if (node.type === "text") {
      const text = visibleText((node as Text).data);
      if (!text) return;
      const el = node.parent as Element;
      const style = styles.of(el);
      if (!style.hidden) runs.push({ el, text, style });
      return;
    }
    if (!isTag(node)) return;
    const name = (node as Element).name;
    if (name === "style" || name === "script" || name === "head") return;
    for (const child of (node as Element).children) walk(child);
  };
  const body = firstElement($, "body");
  if (body) walk(body as AnyNode);
  else for (const child of $.root().contents().toArray()) walk(child);
  return runs;
}

export const hex = (c: Color | undefined) => (c ? formatHex(c) : "?");
