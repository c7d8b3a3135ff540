import { type DefaultTreeAdapterTypes as P5, parse, serialize } from "parse5";
import type postcss from "postcss";
import safeParser from "postcss-safe-parser";
import { parseStyle } from "../dom.js";
import { resolveConditionals } from "./conditional.js";
import { wordIgnores } from "./word-css.js";

/**
 * Classic Outlook for Windows approximated (decision 109): the email as the Word engine reads it,
 * for the renderer to draw like the other previews. A pure function of the HTML:
 * 1. conditional comments resolved (`[if mso]` on, `[if !mso]` off; see conditional.ts);
 * 2. on the parse5 tree: VML shapes drawn through their fallback (a table cell with the fill colour and the textbox's
 *    content), `mso-hide:all` hidden, the CSS the Word engine ignores removed property by property (caniemail's
 *    Outlook-Windows data, word-css.ts), web fonts replaced by the stack's Windows font, widths from attributes;
 * 3. every change recorded with whether it can show, for the report's differences (differences.ts).
 * It is an approximation: Word's own table layout, line heights and VML drawing are not reproduced.
 */

export type OutlookChangeKind =
  | "button-padding"
  | "block-padding"
  | "columns-stack"
  | "max-width"
  | "radius"
  | "background-image"
  | "web-font"
  | "shadow"
  | "float"
  | "position"
  | "margin-auto"
  | "image-size"
  | "min-height"
  | "opacity"
  | "hidden-shown"
  | "other";

export interface OutlookChange {
  kind: OutlookChangeKind;
  /** The element's tag name. */
  tag: string;
  /** The declaration removed or changed, e.g. "padding:12px 24px", or a font "Lobster → Arial". */
  detail: string;
  /** The element has text, an image, a background or a border a reader would see change. */
  visible: boolean;
}

export interface OutlookApproximation {
  html: string;
  changes: OutlookChange[];
  /** Conditional branches switched on for Outlook / off because only other clients read them; VML shapes drawn. */
  counts: { msoOn: number; nonMsoOff: number; vmlShapes: number; mediaRules: number };
}

type Node = P5.ChildNode;
type Element = P5.Element;
type Parent = P5.ParentNode;

const isElement = (n: P5.Node): n is Element => "tagName" in n;

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
function setAttr(el: Element, name: string, value: string): void {
  const a = el.attrs.find((x) => x.name === name);
  if (a) a.value = value;
  else el.attrs.push({ name, value });
}
function removeAttr(el: Element, name: string): void {
  el.attrs = el.attrs.filter((a) => a.name !== name);
}

function styleMap(el: Element): Map<string, string> {
  return new Map(parseStyle(attr(el, "style")));
}
function writeStyle(el: Element, map: Map<string, string>): void {
  if (map.size === 0) {
    removeAttr(el, "style");
    return;
  }
  setAttr(el, "style", [...map].map(([k, v]) => `${k}:${v}`).join(";"));
}

function replaceWith(node: Node, replacement: Node[]): void {
  const parent = node.parentNode as Parent | null;
  if (!parent) return;
  const i = parent.childNodes.indexOf(node);
  for (const r of replacement) (r as { parentNode: Parent | null }).parentNode = parent;
  parent.childNodes.splice(i, 1, ...replacement);
}

function hasText(el: Element): boolean {
  for (const c of el.childNodes) {
    if (c.nodeName === "#text" && (c as P5.TextNode).value.trim()) return true;
    if (isElement(c) && (c.tagName === "img" || hasText(c))) return true;
  }
  return false;
}

const NO_COLOUR = /^(?:transparent|none|inherit|initial|unset|rgba\([^)]*,\s*0\))$/i;
function backgroundColour(el: Element, style: Map<string, string>): string | undefined {
  const bg = style.get("background-color") ?? attr(el, "bgcolor");
  if (bg && !NO_COLOUR.test(bg.replace(/!important/i, "").trim())) return bg;
  const short = style.get("background");
  const m = short && /(#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|\b[a-z]+\b)/i.exec(short.replace(/url\([^)]*\)/gi, ""));
  return m &&
    !NO_COLOUR.test(m[1]!) &&
    !/^(?:no|repeat|center|top|left|right|bottom|cover|contain|fixed|scroll)/i.test(m[1]!)
    ? m[1]
    : undefined;
}
const hasBorder = (style: Map<string, string>) =>
  [...style].some(([k, v]) => /^border(?:-(?:top|right|bottom|left))?$/.test(k) && !/^(?:0|none)\b/i.test(v));

// ---------- fonts ----------

/** Fonts every Windows with Outlook has (the Word engine shows these as written). */
const WINDOWS_FONTS = new Set(
  [
    "arial",
    "arial black",
    "calibri",
    "cambria",
    "candara",
    "comic sans ms",
    "consolas",
    "constantia",
    "corbel",
    "courier",
    "courier new",
    "franklin gothic medium",
    "georgia",
    "helvetica",
    "impact",
    "lucida console",
    "lucida sans unicode",
    "palatino linotype",
    "segoe ui",
    "tahoma",
    "times",
    "times new roman",
    "trebuchet ms",
    "verdana",
  ].map((f) => f.toLowerCase()),
);
/** Generic families as Word maps them; Helvetica is shown as Arial on Windows. */
const GENERIC: Record<string, string> = {
  "sans-serif": "Arial",
  serif: "Times New Roman",
  monospace: "Courier New",
  helvetica: "Arial",
};

/** The font Word shows for a font-family stack, and the first (web) font it skipped, if any. */
export function wordFont(stack: string): { font: string; skipped?: string } {
  const fonts = stack
    .replace(/!important/i, "")
    .split(",")
    .map((f) => f.trim().replace(/^['"]|['"]$/g, ""))
    .filter(Boolean);
  const first = fonts[0];
  for (const f of fonts) {
    const key = f.toLowerCase();
    if (WINDOWS_FONTS.has(key) || GENERIC[key]) {
      const font = GENERIC[key] ?? f;
      return key === first?.toLowerCase() ? { font } : { font, skipped: first };
    }
  }
  // Nothing Windows knows: Word shows Times New Roman (the documented "everything in Times" breakage).
  return { font: "Times New Roman", skipped: first };
}

// ---------- VML ----------

const VML_SHAPES = new Set(["v:rect", "v:roundrect", "v:oval", "v:shape"]);

function vmlFill(shape: Element): string | undefined {
  let colour = attr(shape, "fillcolor");
  const visit = (n: Element) => {
    for (const c of n.childNodes) {
      if (!isElement(c)) continue;
      if (c.tagName === "v:fill" && attr(c, "color")) colour = attr(c, "color");
      else if (!VML_SHAPES.has(c.tagName)) visit(c);
    }
  };
  visit(shape);
  if (attr(shape, "filled") === "f" || attr(shape, "fill") === "false") return undefined;
  return colour;
}

/** A VML shape drawn as Word would show its box: a one-cell table with the fill colour and the textbox's content. */
function drawShape(shape: Element): Element {
  const vstyle = parseStyle(attr(shape, "style"));
  const fill = vmlFill(shape);
  const width = vstyle.get("width");
  const height = vstyle.get("height");
  const stroke =
    attr(shape, "stroked") === "f" || attr(shape, "stroke") === "f" ? undefined : attr(shape, "strokecolor");
  const cellStyle = [
    fill ? `background-color:${fill}` : "",
    height ? `height:${height}` : "",
    width ? `width:${width}` : "",
    stroke ? `border:1px solid ${stroke}` : "",
    /middle/i.test(vstyle.get("v-text-anchor") ?? "") ? "vertical-align:middle" : "vertical-align:top",
    "text-align:center",
  ]
    .filter(Boolean)
    .join(";");
  const doc = parse(
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0"${width ? ` width="${Number.parseInt(width, 10) || ""}"` : ""}><tr><td data-vml="${shape.tagName}" style="${cellStyle}"></td></tr></table>`,
  );
  const table = findFirst(doc, (e) => e.tagName === "table")!;
  const td = findFirst(table, (e) => e.tagName === "td")!;
  td.childNodes = shape.childNodes;
  for (const c of td.childNodes) (c as { parentNode: Parent | null }).parentNode = td;
  return table;
}

function findFirst(root: Parent, pred: (e: Element) => boolean): Element | undefined {
  for (const c of root.childNodes) {
    if (!isElement(c)) continue;
    if (pred(c)) return c;
    const hit = findFirst(c, pred);
    if (hit) return hit;
  }
  return undefined;
}

/** Inside a drawn VML shape of this kind (its box is Word's: a roundrect keeps round corners). */
function insideVml(el: Element, shape?: string): boolean {
  for (let n: Parent | null = el.parentNode; n && isElement(n as P5.Node); n = (n as Element).parentNode) {
    const v = attr(n as Element, "data-vml");
    if (v && (!shape || v === shape)) return true;
  }
  return false;
}
/** The parent is a cell with a width attribute (a ghost table's cell): it sets the width max-width would. */
const inSizedCell = (parent: Parent) =>
  isElement(parent as P5.Node) &&
  CELLS.has((parent as Element).tagName) &&
  attr(parent as Element, "width") !== undefined;

/** An ancestor centres it the way Word does (align="center", <center>, text-align:center): margin:auto is moot. */
function centredBy(el: Element): boolean {
  for (let n: Parent | null = el.parentNode; n && isElement(n as P5.Node); n = (n as Element).parentNode) {
    const e = n as Element;
    if (e.tagName === "center" || /^center$/i.test(attr(e, "align") ?? "")) return true;
    if (/text-align\s*:\s*center/i.test(attr(e, "style") ?? "")) return true;
    if (e.tagName === "body") break;
  }
  return false;
}

/** A VML shape inside: the background image is drawn by VML for Word (bulletproof backgrounds). */
const hasVml = (el: Element) => findFirst(el, (e) => VML_SHAPES.has(e.tagName)) !== undefined;

// ---------- the transform ----------

/** Self-closed VML/Office tags (`<v:fill … />`): HTML parsers would nest what follows inside them. */
const SELF_CLOSED_NS = /<((?:v|o|w):[a-z]+)\b([^>]*?)\/>/gi;

/**
 * `<noscript><xml><o:OfficeDocumentSettings>…` (the usual head block for Outlook's 96 dpi): parsed with scripting on,
 * its content is raw text, so the xml rule above never sees it; the renderer (scripts off) would then show "96".
 */
const officeXmlOnly = (el: Element) => {
  const text = el.childNodes.map((c) => (c.nodeName === "#text" ? (c as P5.TextNode).value : "")).join("");
  return /^\s*<xml[\s>]/i.test(text);
};

const CELLS = new Set(["td", "th"]);
/** Image widths from the width attribute; a CSS width alone is ignored. */
const SIZED_BY_ATTRIBUTE = new Set(["img", "table", "td", "th"]);

export function approximateOutlook(html: string): OutlookApproximation {
  const cond = resolveConditionals(html.replace(SELF_CLOSED_NS, "<$1$2></$1>"));
  const doc = parse(cond.html);
  const changes: OutlookChange[] = [];
  const counts = { msoOn: cond.msoOn, nonMsoOff: cond.nonMsoOff, vmlShapes: 0, mediaRules: 0 };
  const inlineBlocks = new Map<Parent, number>();

  const record = (kind: OutlookChangeKind, el: Element, detail: string, visible: boolean) =>
    changes.push({ kind, tag: el.tagName, detail, visible });

  const walk = (parent: Parent) => {
    let i = 0;
    while (i < parent.childNodes.length) {
      const node = parent.childNodes[i]!;
      if (!isElement(node)) {
        i++;
        continue;
      }
      const tag = node.tagName;
      if (tag === "xml" || tag.startsWith("o:") || (tag === "noscript" && officeXmlOnly(node))) {
        replaceWith(node, []);
        continue;
      }
      if (VML_SHAPES.has(tag)) {
        counts.vmlShapes++;
        const table = drawShape(node);
        replaceWith(node, [table]);
        walk(table);
        i++;
        continue;
      }
      if (tag.startsWith("v:") || tag.startsWith("w:")) {
        // textbox, fill, stroke, anchorlock …: only their content shows (walked next, in their place).
        replaceWith(node, node.childNodes);
        continue;
      }
      if ((tag === "link" && /stylesheet/i.test(attr(node, "rel") ?? "")) || element(node, parent) === "remove") {
        replaceWith(node, []);
        continue;
      }
      if (tag === "style") styleSheet(node);
      else walk(node);
      i++;
    }
  };

  const styleSheet = (el: Element) => {
    const text = el.childNodes.map((c) => (c.nodeName === "#text" ? (c as P5.TextNode).value : "")).join("");
    let root: postcss.Root;
    try {
      root = safeParser(text) as postcss.Root;
    } catch {
      return;
    }
    root.walkAtRules((rule) => {
      if (/^(?:media|font-face|import|supports|keyframes)$/i.test(rule.name)) {
        if (rule.name.toLowerCase() === "media") counts.mediaRules++;
        rule.remove();
      }
    });
    root.walkDecls((decl) => {
      if (wordIgnores(decl.prop, decl.value)) decl.remove();
      else if (decl.prop.toLowerCase() === "font-family") decl.value = wordFont(decl.value).font;
    });
    const out = root.toString();
    const textNode = el.childNodes.find((c) => c.nodeName === "#text") as P5.TextNode | undefined;
    if (textNode) {
      textNode.value = out;
      el.childNodes = [textNode];
    }
  };

  /** One element's own styles; "remove" when Word hides it (mso-hide:all). */
  const element = (el: Element, parent: Parent): "keep" | "remove" => {
    const style = styleMap(el);
    const tag = el.tagName;
    if (/^all\b/i.test(style.get("mso-hide") ?? "")) return "remove";
    if (style.size === 0 && !SIZED_BY_ATTRIBUTE.has(tag)) return "keep";
    const visible = hasText(el);
    const bg = backgroundColour(el, style);
    const boxed = Boolean(bg) || hasBorder(style);
    for (const [prop, raw] of [...style]) {
      const value = raw.replace(/\s*!important\s*$/i, "");
      const p = prop.toLowerCase();
      const drop = (kind: OutlookChangeKind, shows: boolean) => {
        style.delete(prop);
        record(kind, el, `${prop}:${value}`, shows);
      };
      if (p.startsWith("mso-")) {
        // Outlook-only declarations apply: mso-padding-alt is the cell's padding in Word.
        if (p === "mso-padding-alt" && CELLS.has(tag)) style.set("padding", value);
        continue;
      }
      if (p === "font-family") {
        const { font, skipped } = wordFont(value);
        if (skipped) {
          style.set(prop, font);
          record("web-font", el, `${skipped} → ${font}`, visible);
        }
        continue;
      }
      if (/^padding/.test(p) && !CELLS.has(tag)) {
        if (/^0(?:px)?(?:\s+0(?:px)?)*$/.test(value)) {
          style.delete(prop);
          continue;
        }
        drop(
          tag === "a" && boxed ? "button-padding" : "block-padding",
          visible && (tag === "a" ? boxed && !insideVml(el) : true),
        );
        continue;
      }
      if (/^(?:max|min)-width$/.test(p) && tag !== "table") {
        drop("max-width", visible && !/^(?:none|100%)$/i.test(value) && !inSizedCell(parent));
        continue;
      }
      if (
        /^margin/.test(p) &&
        (/\bauto\b/i.test(value) || /^-/.test(value.trim()) || tag === "span" || tag === "body")
      ) {
        drop(
          /\bauto\b/i.test(value) ? "margin-auto" : "other",
          visible &&
            /\bauto\b/i.test(value) &&
            !/^(?:table|td|th|tr|tbody|thead|tfoot)$/.test(tag) &&
            !inSizedCell(parent) &&
            !centredBy(el),
        );
        continue;
      }
      if (p === "display") {
        if (/^none\b/i.test(value)) {
          if (tag === "img") drop("hidden-shown", true);
          continue;
        }
        style.delete(prop);
        if (/inline-block|flex|grid/i.test(value)) {
          inlineBlocks.set(parent, (inlineBlocks.get(parent) ?? 0) + 1);
          if (/flex|grid/i.test(value) && el.childNodes.filter(isElement).length > 1)
            record("columns-stack", el, `${prop}:${value}`, visible);
          else record("other", el, `${prop}:${value}`, false);
        }
        continue;
      }
      if (p === "min-height") {
        drop("min-height", boxed);
        continue;
      }
      if (p === "background" && /url\(/i.test(value)) {
        style.set("background-color", backgroundColour(el, style) ?? "transparent");
        style.delete(prop);
        record("background-image", el, `${prop}:${value}`, !hasVml(el));
        continue;
      }
      if (wordIgnores(p, value)) {
        const kind: OutlookChangeKind =
          p === "border-radius" || p.endsWith("-radius")
            ? "radius"
            : p === "background-image"
              ? "background-image"
              : p === "box-shadow" || p === "text-shadow"
                ? "shadow"
                : p === "float"
                  ? "float"
                  : p === "position"
                    ? "position"
                    : p === "opacity"
                      ? "opacity"
                      : "other";
        const shows =
          kind === "radius"
            ? boxed && !insideVml(el, "v:roundrect")
            : kind === "background-image"
              ? !/^none$/i.test(value) && !hasVml(el)
              : kind === "float"
                ? !/^none$/i.test(value)
                : kind === "position"
                  ? /^(?:absolute|fixed|sticky)$/i.test(value) ||
                    (/^relative$/i.test(value) && ["top", "left", "right", "bottom"].some((k) => style.has(k)))
                  : kind !== "other";
        drop(kind, shows);
        if (kind === "position") for (const side of ["top", "left", "right", "bottom"]) style.delete(side);
      }
    }
    if (SIZED_BY_ATTRIBUTE.has(tag)) {
      const w = attr(el, "width");
      if (w && /^\d+(?:\.\d+)?%?$/.test(w.trim())) {
        style.set("width", /%$/.test(w) ? w.trim() : `${w.trim()}px`);
        style.delete("max-width");
      } else if (tag === "img" && style.has("width") && !/^auto\b/i.test(style.get("width") ?? "")) {
        record("image-size", el, `width:${style.get("width")}`, true);
        style.delete("width");
        style.delete("max-width");
        style.delete("height");
      }
    }
    writeStyle(el, style);
    return "keep";
  };

  walk(doc);
  // Columns: two or more siblings that sat side by side as inline-block (or flex items) now stack. A ghost table
  // gives each its own cell, so no two remain siblings.
  for (const [parent, n] of inlineBlocks) {
    if (n >= 2)
      changes.push({
        kind: "columns-stack",
        tag: isElement(parent as P5.Node) ? (parent as Element).tagName : "body",
        detail: `${n} inline-block columns`,
        visible: true,
      });
  }
  return { html: serialize(doc), changes, counts };
}
