import type { TEditablePart } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import { formatHex } from "culori";
import type { AnyNode, Element } from "domhandler";
import { decodeHTMLAttribute } from "entities";
import { parseColour } from "./checks/computed.js";
import { suggestAlt } from "./checks/images.js";
import { firstElement, isHidden, isTag, loadEmail, parseStyle, styleOf, visibleText } from "./dom.js";
import { linkImageName } from "./passes/a11y-link-names.js";

/**
 * The editable parts of an email (decision 126): text blocks, links, buttons, pictures and top-level sections, read
 * with the engine's parser. Ids are the kind and the position in document order ("text-3"), so they are stable for
 * one stored version: the edits of apply-edits.ts find the same elements again by walking the same way.
 */

const TEXT_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "td", "th", "div", "blockquote"]);
/** Inline markup a text block may hold and still be edited as one text. */
const INLINE = new Set(["span", "strong", "b", "em", "i", "u", "small", "sup", "sub", "font", "br", "mark", "s"]);
const SKIP = new Set(["head", "style", "script", "title", "template"]);

export interface PartElements {
  $: CheerioAPI;
  /** Each part's element, by id. */
  elements: Map<string, Element>;
  parts: TEditablePart[];
}

const elementChildren = (el: AnyNode): Element[] =>
  "children" in el ? (el.children.filter((c) => isTag(c) && !SKIP.has(c.name)) as Element[]) : [];

const text = (el: Element, $: CheerioAPI) => visibleText($(el).text());

/** A text block: direct text of its own, only inline markup inside (no link, picture or block). */
function isTextBlock(el: Element): boolean {
  if (!TEXT_TAGS.has(el.name)) return false;
  let ownText = false;
  const stack: AnyNode[] = [...el.children];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "text") {
      if (visibleText(n.data)) ownText = true;
      continue;
    }
    if (!isTag(n)) continue;
    if (!INLINE.has(n.name)) return false;
    stack.push(...n.children);
  }
  return ownText;
}

const hasFormatting = (el: Element) => elementChildren(el).some((c) => c.name !== "span" || elementChildren(c).length);

/** The colour an element shows behind itself, as #rrggbb (its own style or bgcolor), or null. */
export function backgroundHex(el: Element): string | null {
  const s = styleOf(el);
  const value = s.get("background-color") ?? s.get("background") ?? el.attribs.bgcolor;
  const c = parseColour(value?.split(/\s+(?![^(]*\))/).find((t) => parseColour(t)) ?? value);
  return c ? formatHex(c) : null;
}

/** The cell that paints a button around link `a` (bulletproof buttons: a td with the colour holding only the link). */
export function buttonCell(a: Element): Element | null {
  let n = a.parent;
  for (let depth = 0; depth < 3 && n && isTag(n); depth++, n = n.parent) {
    if (n.name !== "td" && n.name !== "th" && n.name !== "div") continue;
    const onlyThisLink = elementChildren(n).every((c) => c === a || INLINE.has(c.name));
    if (!onlyThisLink) return null;
    if (backgroundHex(n)) return n;
  }
  return null;
}

const isButton = (a: Element) => Boolean(backgroundHex(a)) || Boolean(buttonCell(a));
const onlyText = (a: Element) => elementChildren(a).every((c) => INLINE.has(c.name));

/** The element whose children are the email's sections: down from <body> through the single-child wrappers. */
export function sectionContainer($: CheerioAPI): Element | null {
  let node: Element | undefined = firstElement($, "body");
  for (let depth = 0; node && depth < 40; depth++) {
    const kids = elementChildren(node).filter((k) => !isHidden(k));
    if (kids.length === 1) node = kids[0];
    else return kids.length > 1 ? node : null;
  }
  return null;
}

export function sectionsOf($: CheerioAPI): Element[] {
  const box = sectionContainer($);
  return box ? elementChildren(box).filter((k) => !isHidden(k)) : [];
}

function sectionName(el: Element, $: CheerioAPI, index: number): string {
  const heading = $(el).find("h1,h2,h3,h4,h5,h6").first();
  const words = visibleText((heading.length ? heading : $(el)).text());
  if (words) return words.length > 48 ? `${words.slice(0, 47)}…` : words;
  const img = $(el).find("img[alt]").first().attr("alt");
  return img ? visibleText(img).slice(0, 48) || `#${index + 1}` : `#${index + 1}`;
}

const attr = (el: Element, name: string) =>
  el.attribs[name] === undefined ? undefined : decodeHTMLAttribute(el.attribs[name]);

/**
 * A suggestion for a picture without alt text, for the member to confirm: where its link goes ("Share on X
 * (Twitter)"), else its title or file-name words — what the accessibility fix lists, never written in by itself.
 */
function suggestedAlt($: CheerioAPI, img: Element): string | undefined {
  const href = $(img).closest("a[href]").attr("href");
  return href ? linkImageName(href, img) : suggestAlt(img);
}

/**
 * Every editable part of `html`, and its element (for apply-edits.ts). `altOf` suggests alt texts by address (the
 * model's); a picture it knows nothing about gets the suggestion the email itself gives (suggestedAlt).
 */
export function readParts(html: string, altOf: (src: string) => string | undefined = () => undefined): PartElements {
  const $ = loadEmail(html);
  const elements = new Map<string, Element>();
  const parts: TEditablePart[] = [];
  const sections = sectionsOf($);
  const sectionOf = (el: Element): string | null => {
    for (let n: AnyNode | null = el; n; n = n.parent) {
      const i = sections.indexOf(n as Element);
      if (i >= 0) return `section-${i}`;
    }
    return null;
  };
  sections.forEach((s, i) => {
    const id = `section-${i}`;
    elements.set(id, s);
    parts.push({ id, kind: "section", tag: s.name, section: id, text: null, name: sectionName(s, $, i) });
  });
  const count = { text: 0, link: 0, button: 0, image: 0 };
  const add = (kind: keyof typeof count, el: Element, part: Omit<TEditablePart, "id" | "kind" | "tag" | "section">) => {
    const id = `${kind}-${count[kind]++}`;
    elements.set(id, el);
    parts.push({ id, kind, tag: el.name, section: sectionOf(el), ...part });
  };
  const body = firstElement($, "body") ?? $.root()[0]!;
  const stack: AnyNode[] = [...("children" in body ? body.children : [])].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (!isTag(node) || SKIP.has(node.name) || isHidden(node)) continue;
    let descend = true;
    if (node.name === "img" && node.attribs.src) {
      const width = Number.parseInt(node.attribs.width ?? parseStyle(node.attribs.style).get("width") ?? "", 10);
      if (!(width > 0 && width <= 2)) {
        const src = attr(node, "src")!;
        const suggestion = altOf(src) ?? (node.attribs.alt === undefined ? suggestedAlt($, node) : undefined);
        add("image", node, {
          text: null,
          src,
          alt: attr(node, "alt") ?? null,
          ...(suggestion ? { altSuggestion: suggestion } : {}),
        });
      }
    } else if (node.name === "a" && node.attribs.href !== undefined) {
      const label = onlyText(node) ? text(node, $) : null;
      if (isButton(node)) {
        const cell = buttonCell(node);
        add("button", node, {
          text: label,
          href: attr(node, "href"),
          background: backgroundHex(node) ?? (cell ? backgroundHex(cell) : null),
        });
      } else add("link", node, { text: label, href: attr(node, "href") });
      descend = label === null; // a link around a picture: the picture is a part too
    } else if (isTextBlock(node)) {
      add("text", node, { text: text(node, $), ...(hasFormatting(node) ? { formatted: true } : {}) });
      descend = false;
    }
    if (descend) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return { $, elements, parts };
}
