import {
  IMAGE_SCHEMES,
  isAllowedLinkUrl,
  isHexColour,
  TEMPLATE_EDIT_LIMITS,
  TEMPLATE_EDIT_TEXTS,
  type TTemplateEdit,
  type TTextSegment,
} from "@mailsmith/shared";
import type { Element } from "domhandler";
import { escapeHtml } from "../lib/escape-html.js";
import { isTag, parseStyle, serializeEmail, stringifyStyle } from "./dom.js";
import { buttonCell, readParts, sectionContainer, textTarget } from "./template-parts.js";

/**
 * A member's edits applied to an email (decision 126), on the parts readParts lists for the same HTML. Pure: text is
 * escaped (never parsed as markup), addresses and colours are checked again here whatever the caller checked, and an
 * id that is not a part of this HTML, or of the wrong kind, refuses the whole list. The caller runs the email engine
 * on the result (sanitiser, passes, checks), as for any email.
 *
 * A text that holds links is written from its segments (decision 140): its words escaped, each link the element it
 * was (address, style, attributes), its words rewritten only when they changed; a link left out of the segments is
 * removed with its words, and a link with no words is refused (never an empty <a>).
 */
export class EditRefused extends Error {}

/** An attribute value as the document holds it (the parser keeps entities): & and " written as entities. */
const attrValue = (v: string) => v.trim().replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** Text as markup: escaped, line breaks as <br>. */
const escapeLines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => escapeHtml(line))
    .join("<br>");

/** Writes plain text into an element, keeping the innermost single wrapper (its font and colour). */
function setText(el: Element, value: string) {
  return { target: textTarget(el), html: escapeLines(value) };
}

function setStyle(el: Element, prop: string, value: string) {
  const map = new Map(parseStyle(el.attribs.style));
  map.set(prop, value);
  el.attribs.style = stringifyStyle(map);
}

function paintButton(a: Element, colour: string) {
  const hex = colour.trim().toLowerCase();
  const cell = buttonCell(a);
  const ownStyle = parseStyle(a.attribs.style);
  if (ownStyle.has("background") || ownStyle.has("background-color") || !cell) {
    const map = new Map(ownStyle);
    map.delete("background");
    map.set("background-color", hex);
    a.attribs.style = stringifyStyle(map);
    if (a.attribs.bgcolor !== undefined) a.attribs.bgcolor = hex;
  }
  if (cell) {
    if (cell.attribs.bgcolor !== undefined || !cell.attribs.style) cell.attribs.bgcolor = hex;
    const s = parseStyle(cell.attribs.style);
    if (s.has("background") || s.has("background-color")) {
      const map = new Map(s);
      map.delete("background");
      map.set("background-color", hex);
      cell.attribs.style = stringifyStyle(map);
    }
    // A bulletproof button often repeats its border in the same colour.
    if (/^\s*\d+px\s+solid\s+#[0-9a-f]{3,6}\s*$/i.test(s.get("border") ?? "") && cell.attribs.style)
      setStyle(cell, "border", (s.get("border") ?? "").replace(/#[0-9a-f]{3,6}/i, hex));
  }
}

export function applyEdits(html: string, edits: readonly TTemplateEdit[]): { html: string; changed: number } {
  const { $, elements, parts } = readParts(html);
  const T = TEMPLATE_EDIT_TEXTS;
  const part = (id: string, kinds: string[]) => {
    const el = elements.get(id);
    if (!el || !kinds.includes(id.slice(0, id.lastIndexOf("-")))) throw new EditRefused(T.unknownPart);
    return el;
  };
  const checkHref = (href: string) => {
    if (!isAllowedLinkUrl(href)) throw new EditRefused(T.badScheme);
    return attrValue(href);
  };
  /** A text block with links, rebuilt from its segments: words escaped, its own link elements in the given order. */
  const writeSegments = (id: string, segments: readonly TTextSegment[]) => {
    const block = part(id, ["text"]);
    const own = new Map(parts.filter((p) => p.within === id).map((p) => [p.id, p]));
    const seen = new Set<string>();
    const last = segments.length - 1;
    const pieces = segments.map((s, i) => {
      if (!s.link) {
        const words = i === 0 ? s.text.trimStart() : s.text;
        return escapeLines(i === last ? words.trimEnd() : words);
      }
      const link = own.get(s.link);
      if (!link || seen.has(s.link)) throw new EditRefused(seen.has(s.link) ? T.linkTwice : T.unknownPart);
      seen.add(s.link);
      const words = s.text.trim();
      if (!words) throw new EditRefused(T.linkEmptyWords);
      const a = elements.get(s.link)!;
      return { a, words: words === link.text ? null : setText(a, words) };
    });
    const all = segments.map((s) => s.text).join("");
    if (!all.trim()) throw new EditRefused(T.emptyText);
    if (all.length > TEMPLATE_EDIT_LIMITS.maxTextLength) throw new EditRefused(T.tooLong);
    return {
      links: seen,
      write: () => {
        const target = textTarget(block);
        for (const p of pieces) if (typeof p !== "string" && p.words) $(p.words.target).html(p.words.html);
        $(target).empty();
        for (const p of pieces) $(target).append(typeof p === "string" ? p : p.a);
      },
    };
  };
  // Texts first, on the elements as found; the section order last (it moves whole elements).
  const writes: (() => void)[] = [];
  const write = (w: { target: Element; html: string }) => writes.push(() => $(w.target).html(w.html));
  const wordsInText = new Set<string>();
  const labelled = new Set<string>();
  let changed = 0;
  for (const e of edits) {
    if (e.op === "text") {
      if ((e.text === undefined) === (e.segments === undefined)) throw new EditRefused(T.textOrSegments);
      if (e.segments) {
        const w = writeSegments(e.id, e.segments);
        for (const id of w.links) wordsInText.add(id);
        writes.push(w.write);
      } else {
        const block = part(e.id, ["text"]);
        // Plain text would drop the block's links: such a text is edited as segments.
        if (parts.some((p) => p.within === e.id)) throw new EditRefused(T.textHasLinks);
        write(setText(block, (e.text ?? "").trim()));
      }
    } else if (e.op === "link" || e.op === "button") {
      const a = part(e.id, e.op === "link" ? ["link"] : ["button"]);
      if (e.href !== undefined) a.attribs.href = checkHref(e.href);
      if (e.label !== undefined) {
        if (a.children.some((c) => isTag(c) && c.name === "img")) throw new EditRefused(T.unknownPart);
        labelled.add(e.id);
        write(setText(a, e.label.trim()));
      }
      if (e.op === "button" && e.background !== undefined) {
        if (!isHexColour(e.background)) throw new EditRefused(T.badColour);
        paintButton(a, e.background);
      }
    } else if (e.op === "image") {
      const img = part(e.id, ["image"]);
      if (e.src !== undefined) {
        if (!isAllowedLinkUrl(e.src, IMAGE_SCHEMES)) throw new EditRefused(T.badImageScheme);
        img.attribs.src = attrValue(e.src);
        // The new picture's own proportions: the width stays, a fixed height would stretch it.
        delete img.attribs.srcset;
        if (img.attribs.height !== undefined && img.attribs.width !== undefined) delete img.attribs.height;
      }
      if (e.alt !== undefined) img.attribs.alt = attrValue(e.alt);
    } else continue;
    changed += 1;
  }
  if ([...labelled].some((id) => wordsInText.has(id))) throw new EditRefused(T.linkWordsTwice);
  // Labels of links inside a rebuilt text were refused above; the rebuilds run after the label writes.
  for (const w of writes) w();
  const order = edits.filter((e) => e.op === "sections").at(-1);
  if (order && order.op === "sections") {
    const box = sectionContainer($);
    const kept = order.order.map((id) => part(id, ["section"]));
    if (!box || new Set(kept).size !== kept.length) throw new EditRefused(T.sectionsInvalid);
    const all = [...elements.entries()].filter(([id]) => id.startsWith("section-")).map(([, el]) => el);
    // The kept sections go where the first one was, in their new order; what sits around them stays.
    const at = box.children.indexOf(all[0]!);
    for (const el of all) $(el).remove();
    const next = box.children.slice(at).find(isTag);
    for (const el of kept) next ? $(next).before(el) : $(box).append(el);
    changed += 1;
  }
  return { html: changed ? serializeEmail($) : html, changed };
}
