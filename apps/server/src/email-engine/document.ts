import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { hiddenByStyle, isTag, parseStyle, stringifyStyle, visibleText } from "./dom.js";

const LANG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;
const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/g;

/** Makes sure there is an <html>, <head> and <body> (htmlparser2 does not add them to a fragment). */
export function ensureDocument($: CheerioAPI): void {
  if ($("body").length) return;
  const root = $.root();
  if (!$("html").length) {
    const nodes = root.contents().filter((_, n) => n.type !== "directive");
    const html = $("<html></html>");
    root.append(html);
    html.append(nodes);
  }
  const html = $("html").first();
  const head = html.children("head");
  const rest = html.contents().filter((_, n) => !(isTag(n) && (n as Element).name === "head"));
  const body = $("<body></body>");
  html.append(body);
  body.append(rest);
  if (!head.length) html.prepend("<head></head>");
}

export function documentLang($: CheerioAPI): string | undefined {
  const candidates = [$("html").attr("lang"), $("body").attr("lang"), $("body > [lang]").first().attr("lang")];
  return candidates.map((l) => l?.trim()).find((l): l is string => !!l && LANG.test(l));
}

export function documentDir($: CheerioAPI): string {
  const dir = [$("html").attr("dir"), $("body").attr("dir"), $("body > [dir]").first().attr("dir")]
    .map((d) => d?.trim().toLowerCase())
    .find((d) => d === "ltr" || d === "rtl" || d === "auto");
  if (dir) return dir;
  const text = $("body").text();
  const rtl = text.match(RTL_CHARS)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && rtl / letters > 0.3 ? "rtl" : "ltr";
}

/** A hidden element with text near the top of the body: the preheader, recognised by how it is hidden. */
export function findPreheader($: CheerioAPI): Element | undefined {
  const body = $("body").first();
  if (!body.length) return undefined;
  let seen = 0;
  let found: Element | undefined;
  body.find("*").each((_, node) => {
    if (found || seen > 25) return false;
    seen += 1;
    const el = node as Element;
    if (hiddenByStyle(el) && visibleText($(el).text()).length > 0) {
      found = el;
      return false;
    }
    return undefined;
  });
  return found;
}

export function preheaderText($: CheerioAPI, el: Element | undefined): string {
  if (!el) return "";
  // The spacer characters after the text (&#847; &zwnj; &nbsp; …) are not part of it.
  return visibleText($(el).text()).slice(0, 200);
}

/** Declarations of the page box: they stay on <body> (and the wrapper gets no margin, padding or height). */
const BODY_BOX = /^(?:margin|padding)(?:-[a-z]+)?$|^(?:height|min-height)$/;
/** Declarations that stay on <body> as well as going to the wrapper (the page keeps its look where <body> works). */
const BODY_ALSO = /^(?:background(?:-[a-z]+)?|width|max-width|min-width)$/;

/**
 * Splits the body's style in what stays on <body> (margin, padding, height, background and widths: the page itself)
 * and what the wrapper must carry because Gmail and others drop <body> (font, colour, background, line height,
 * max-width …). A body centred with max-width and margin:auto gives the wrapper the same centring.
 */
export function bodyStyles($: CheerioAPI): { body: string; wrapper: Map<string, string> } {
  const body = $("body").first();
  const style = parseStyle(body.attr("style"));
  const wrapper = new Map<string, string>();
  const keep = new Map<string, string>();
  for (const [k, v] of style) {
    if (BODY_BOX.test(k)) keep.set(k, v);
    else {
      wrapper.set(k, v);
      if (BODY_ALSO.test(k)) keep.set(k, v);
    }
  }
  if (wrapper.has("max-width") || wrapper.has("width")) {
    for (const [k, v] of style) if (/^margin/.test(k) && /auto/.test(v)) wrapper.set(k, v);
  }
  const bg = body.attr("bgcolor");
  if (bg && !wrapper.has("background-color") && !wrapper.has("background")) wrapper.set("background-color", bg);
  const text = body.attr("text");
  if (text && !wrapper.has("color")) wrapper.set("color", text);
  return { body: stringifyStyle(keep), wrapper };
}
