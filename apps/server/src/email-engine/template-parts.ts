import type { TEditablePart, TTextSegment } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import { formatHex } from "culori";
import type { AnyNode, Element } from "domhandler";
import { decodeHTML, decodeHTMLAttribute } from "entities";
import { parseColour } from "./checks/computed.js";
import { suggestAlt } from "./checks/images.js";
import { firstElement, isHidden, isTag, loadEmail, parseStyle, styleOf, visibleText } from "./dom.js";
import { linkImageName } from "./passes/a11y-link-names.js";

/**
 * The editable parts of an email (decision 126): text blocks, links, buttons, pictures and top-level sections, read
 * with the engine's parser. Ids are the kind and the position in document order ("text-3"), so they are stable for
 * one stored version: the edits of apply-edits.ts find the same elements again by walking the same way.
 *
 * A text block may hold text links (decision 140): it is a text part whose words come as segments (words, and each
 * link's words with the link's id), and each of its links is still a link part of its own (`within` the text), found
 * by walking on into the block, so link ids are the same as when such a block was not a text part.
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

/** Only inline markup inside (no picture, block or link), at any depth. */
function inlineOnly(el: Element): boolean {
  const stack: AnyNode[] = [...el.children];
  while (stack.length) {
    const n = stack.pop()!;
    if (!isTag(n)) continue;
    if (!INLINE.has(n.name)) return false;
    stack.push(...n.children);
  }
  return true;
}

/** A link a text block may hold (decision 140): an address, words only, shown, and not painted as a button. */
const isTextLink = (n: Element) =>
  n.name === "a" &&
  n.attribs.href !== undefined &&
  inlineOnly(n) &&
  Boolean(visibleText(someTextOf(n))) &&
  !isHidden(n) &&
  !isButton(n);

/**
 * A text block: text of its own (outside its links), only inline markup and text links inside (no picture, button or
 * block). Answers the links it holds, in document order, or null when it is no text block.
 */
function textBlockLinks(el: Element): Element[] | null {
  if (!TEXT_TAGS.has(el.name)) return null;
  let ownText = false;
  const links: Element[] = [];
  const stack: AnyNode[] = [...el.children].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "text") {
      if (visibleText(n.data)) ownText = true;
      continue;
    }
    if (!isTag(n)) continue;
    if (n.name === "a" && n.attribs.href !== undefined) {
      if (!isTextLink(n)) return null;
      links.push(n);
      continue;
    }
    if (!INLINE.has(n.name)) return null;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return ownText ? links : null;
}

const WRAPPERS = new Set(["span", "strong", "b", "em", "i", "font"]);

/** Where a block's words are written: the innermost single wrapper (its font and colour stay). */
export function textTarget(el: Element): Element {
  let target = el;
  for (;;) {
    const kids = target.children.filter((c) => c.type !== "text" || c.data.trim());
    const only = kids.length === 1 ? kids[0] : undefined;
    if (!only || !isTag(only) || !WRAPPERS.has(only.name)) return target;
    target = only;
  }
}

const SPACES = /(?:\s|\u00a0|[\u200b-\u200d]|\u034f|\u00ad|\ufeff)+/g;

/**
 * A block's words and links in order, as the member edits them: whitespace collapsed as a reader sees it, <br> as
 * "\n", each link's words (trimmed; the space it held at either end kept outside it). `link` holds the element until
 * readParts knows its id.
 */
function segmentsOf(block: Element, links: Element[]): { text: string; link?: Element }[] {
  const out: { text: string; link?: Element }[] = [];
  const push = (text: string, link?: Element) => {
    const last = out.at(-1);
    if (!link && last && !last.link) last.text += text;
    else out.push(link ? { text, link } : { text });
  };
  const walk = (n: Element) => {
    for (const c of n.children) {
      if (c.type === "text") push(decodeHTML(c.data).replace(SPACES, " "));
      else if (!isTag(c)) continue;
      else if (c.name === "br") push("\n");
      else if (links.includes(c)) {
        const raw = decodeHTML(someTextOf(c)).replace(SPACES, " ");
        if (raw.startsWith(" ")) push(" ");
        push(raw.trim(), c);
        if (raw.endsWith(" ") && raw.trim()) push(" ");
      } else walk(c);
    }
  };
  walk(textTarget(block));
  for (const s of out) if (!s.link) s.text = s.text.replace(/ {2,}/g, " ").replace(/ ?\n ?/g, "\n");
  const first = out[0];
  if (first && !first.link) first.text = first.text.trimStart();
  const last = out.at(-1);
  if (last && !last.link) last.text = last.text.trimEnd();
  return out.filter((s) => s.link || s.text);
}

function someTextOf(el: Element): string {
  let t = "";
  const stack: AnyNode[] = [el];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "text") t += n.data;
    else if ("children" in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return t;
}

/** Bold, italics and the like inside a block with links or inside its links (a plain span or a <br> is none). */
function hasFormattingAroundLinks(block: Element, links: Element[]): boolean {
  const stack: AnyNode[] = [...textTarget(block).children];
  while (stack.length) {
    const n = stack.pop()!;
    if (!isTag(n) || n.name === "br") continue;
    if (n.name !== "span" && !links.includes(n)) return true;
    stack.push(...n.children);
  }
  return false;
}

const hasFormatting = (el: Element) => elementChildren(el).some((c) => c.name !== "span" || elementChildren(c).length);

/** The colour an element shows behind itself, as #rrggbb (its own style or bgcolor), or null. */
export function backgroundHex(el: Element): string | null {
  const s = styleOf(el);
  const value = s.get("background-color") ?? s.get("background") ?? el.attribs.bgcolor;
  const c = parseColour(value?.split(/\s+(?![^(]*\))/).find((t) => parseColour(t)) ?? value);
  return c ? formatHex(c) : null;
}

/** Visible words under `cell` outside link `a`. */
function textBeside(cell: Element, a: Element): boolean {
  const stack: AnyNode[] = [...cell.children];
  while (stack.length) {
    const n = stack.pop()!;
    if (n === a) continue;
    if (n.type === "text" && visibleText(n.data)) return true;
    if ("children" in n) stack.push(...n.children);
  }
  return false;
}

/** The cell that paints a button around link `a` (bulletproof buttons: a td with the colour holding only the link). */
export function buttonCell(a: Element): Element | null {
  let n = a.parent;
  for (let depth = 0; depth < 3 && n && isTag(n); depth++, n = n.parent) {
    if (n.name !== "td" && n.name !== "th" && n.name !== "div") continue;
    const onlyThisLink = elementChildren(n).every((c) => c === a || INLINE.has(c.name));
    // A cell with words of its own beside the link (a footer line, a callout) is text with a link in it, not a button.
    if (!onlyThisLink || textBeside(n, a)) return null;
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
    const p: TEditablePart = { id, kind, tag: el.name, section: sectionOf(el), ...part };
    parts.push(p);
    return p;
  };
  /** Links inside a text block: the text part they belong to. */
  const linkWithin = new Map<Element, TEditablePart>();
  /** Text parts with links, and their segments holding link elements until the links have ids. */
  const pending: { part: TEditablePart; segments: { text: string; link?: Element }[] }[] = [];
  const idOf = new Map<Element, string>();
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
      } else {
        const within = linkWithin.get(node);
        const p = add("link", node, {
          text: label,
          href: attr(node, "href"),
          ...(within ? { within: within.id } : {}),
        });
        idOf.set(node, p.id);
      }
      descend = label === null; // a link around a picture: the picture is a part too
    } else {
      const links = textBlockLinks(node);
      if (links && links.length === 0) {
        add("text", node, { text: text(node, $), ...(hasFormatting(node) ? { formatted: true } : {}) });
        descend = false;
      } else if (links) {
        // Its links are parts of their own: the walk goes on into the block and lists them next, in order.
        const segments = segmentsOf(node, links);
        const words = visibleText(segments.map((s) => s.text).join(""));
        const p = add("text", node, {
          text: words,
          ...(hasFormattingAroundLinks(node, links) ? { formatted: true } : {}),
        });
        for (const a of links) linkWithin.set(a, p);
        pending.push({ part: p, segments });
      }
    }
    if (descend) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  for (const { part, segments } of pending) {
    part.segments = segments.map((s): TTextSegment => {
      const id = s.link && idOf.get(s.link);
      return id ? { text: s.text, link: id } : { text: s.text };
    });
  }
  return { $, elements, parts };
}
