import {
  defaultTreeAdapter as A,
  html as H,
  type DefaultTreeAdapterTypes as P5,
  parse,
  parseFragment,
  serialize,
  serializeOuter,
} from "parse5";
import {
  DROPPED_ELEMENTS,
  FORM_WRAPPERS,
  isFontUrl,
  KEPT_ELEMENTS,
  KEPT_HTTP_EQUIV,
  KEPT_INPUT_TYPES,
  keptAttribute,
  URL_ATTRIBUTES,
} from "./allow-list.js";
import { checkTree, preScan } from "./bounds.js";
import { safeCss, safeSrcset, safeUrl } from "./urls.js";

/** What the sanitiser removed, for the report's "changes" (EMAIL_PASS_NOTES). */
export interface SanitizeCounts {
  /** Scripts, frames, embedded objects, meta refresh, unsafe style sheets, other links. */
  removed: number;
  handlers: number;
  scriptUrls: number;
  forms: number;
  stylesheets: number;
  /** SVG and MathML (foreign content). */
  drawings: number;
  /** Anything else taken out or changed without a note: unknown elements unwrapped, attributes not on the list. */
  silent: number;
}

export const noCounts = (): SanitizeCounts => ({
  removed: 0,
  handlers: 0,
  scriptUrls: 0,
  forms: 0,
  stylesheets: 0,
  drawings: 0,
  silent: 0,
});

const changedAnything = (c: SanitizeCounts) => Object.values(c).some((n) => n > 0);

/**
 * The browser's parse: parse5 follows the WHATWG algorithm, with scripting off as in an email client, a sandboxed
 * frame without scripts, DOMParser and our renderer (so `<noscript>` content is markup, as there).
 */
const parseAsBrowser = (html: string) => parse(html, { scriptingEnabled: false });

/**
 * Sanitises an email on the tree a browser builds from it and serialises that tree: bounds first
 * (pre-scan, then depth, element count and attribute sizes on the parsed tree: EmailBoundsError), then the
 * allow-lists of allow-list.ts. Comments stay (Outlook's conditional comments are comments to every other client);
 * the doctype stays as written (it sets standards or almost-standards mode); a fragment stays a fragment.
 */
export function sanitizeEmailHtml(source: string, counts: SanitizeCounts = noCounts()): string {
  preScan(source);
  const doc = parseAsBrowser(source);
  checkTree(doc);
  cleanTree(doc, counts);
  return serializeDocument(doc, isFragment(source));
}

/**
 * The last word on the finished email: parsed again as a browser parses it; if the allow-lists find anything
 * (markup a later pass produced, or a parse that differs once serialised: mutation XSS), the cleaned tree replaces
 * it, until a parse finds nothing. An email with nothing to clean comes back unchanged, byte for byte.
 */
export function verifyEmailHtml(html: string, counts: SanitizeCounts = noCounts()): string {
  let current = html;
  for (let round = 0; round < 4; round += 1) {
    const doc = parseAsBrowser(current);
    checkTree(doc);
    const found = noCounts();
    cleanTree(doc, found);
    if (!changedAnything(found)) return current;
    for (const k of Object.keys(found) as (keyof SanitizeCounts)[]) counts[k] += found[k];
    current = serializeDocument(doc, isFragment(current));
  }
  // A serialisation that keeps changing when parsed again: keep only the text.
  return escapeText(textOf(parseAsBrowser(current)));
}

/** A member's fragment (no <html>, <head> or <body> written) comes back as a fragment, not wrapped in a document. */
const isFragment = (source: string) => !/<(?:html|head|body)[\s/>]/i.test(source);

type Decision = "keep" | "drop" | "unwrap" | P5.ChildNode[];

/** One walk with an explicit stack (depth is bounded, but no recursion is needed either). */
function cleanTree(root: P5.ParentNode, counts: SanitizeCounts): void {
  // An email repeats a few style strings on thousands of elements: safeCss (pure) reads each distinct one once.
  const styleVerdicts = new Map<string, boolean>();
  const stack: P5.ParentNode[] = [root];
  while (stack.length) {
    const parent = stack.pop()!;
    let i = 0;
    while (i < parent.childNodes.length) {
      const node = parent.childNodes[i]!;
      if (node.nodeName === "#text") {
        i += 1;
        continue;
      }
      if (node.nodeName === "#comment") {
        downlevelRevealed(node as P5.CommentNode, counts);
        i += 1;
        continue;
      }
      if (node.nodeName === "#documentType") {
        i += 1;
        continue;
      }
      const el = node as P5.Element;
      const decision = decide(el, counts);
      if (decision === "drop") {
        parent.childNodes.splice(i, 1);
        continue;
      }
      if (Array.isArray(decision)) {
        // Replaced by what a reader saw of it (text, a link): looked at next, like an unwrapped element's children.
        for (const child of decision) child.parentNode = parent as P5.Element;
        parent.childNodes.splice(i, 1, ...decision);
        continue;
      }
      if (decision === "unwrap") {
        for (const child of el.childNodes) child.parentNode = parent as P5.Element;
        parent.childNodes.splice(i, 1, ...el.childNodes);
        continue; // the children now stand at i and are looked at next
      }
      cleanAttributes(el, counts, styleVerdicts);
      stack.push(el);
      i += 1;
    }
  }
}

/**
 * Outlook's "downlevel-revealed" conditionals `<![if !mso]>…<![endif]>` are bogus comments to an HTML parser
 * (`<!--[if !mso]-->`). They become the equivalent valid form every email framework writes,
 * `<!--[if !mso]><!-->…<!--<![endif]-->`, which Outlook reads the same way.
 */
function downlevelRevealed(comment: P5.CommentNode, counts: SanitizeCounts): void {
  if (/^\[if [^\]<>]*\]$/.test(comment.data)) comment.data += "><!";
  else if (comment.data === "[endif]") comment.data = "<![endif]";
  else return;
  counts.silent += 1;
}

function decide(el: P5.Element, counts: SanitizeCounts): Decision {
  if (el.namespaceURI !== H.NS.HTML) {
    counts.drawings += 1;
    return "drop";
  }
  const name = el.tagName;
  const kept = visibleFallback(el, name, counts);
  if (kept) return kept;
  if (DROPPED_ELEMENTS.has(name)) {
    if (name === "svg" || name === "math") counts.drawings += 1;
    else if (/^(?:textarea|select|option|optgroup|datalist|output|keygen|progress|meter)$/.test(name))
      counts.forms += 1;
    else counts.removed += 1;
    return "drop";
  }
  if (FORM_WRAPPERS.has(name)) {
    counts.forms += 1;
    if (name === "form") markFormControls(el);
    if (name !== "button") return "unwrap";
    // A button's text stays, as a span (its styles too).
    el.tagName = "span";
    el.nodeName = "span";
    el.attrs = el.attrs.filter((a) => !/^(?:type|name|value|disabled|form)$/.test(a.name));
    return "keep";
  }
  if (!KEPT_ELEMENTS.has(name)) {
    counts.silent += 1;
    return "unwrap";
  }
  return elementRule(el, name, counts);
}

const attr = (el: P5.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/**
 * Checkboxes and radio buttons of a removed form: form controls left without their form. The ones
 * outside any form stay (they hold the state of CSS-only menus and carousels).
 */
const inForm = new WeakSet<P5.Element>();
function markFormControls(form: P5.Element): void {
  const stack: P5.Node[] = [...form.childNodes];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeName === "input") inForm.add(node as P5.Element);
    if ("childNodes" in node) stack.push(...node.childNodes);
  }
}

const span = (text: string, from: P5.Element): P5.Element => {
  const style = from.attrs.filter((a) => a.name === "style" || a.name === "class");
  const el = A.createElement("span", H.NS.HTML, style);
  A.insertText(el, text);
  return el;
};

/** The text of markup a browser kept as raw text (an iframe's or noframes' fallback), tags left out. */
const rawFallbackText = (el: P5.Element) =>
  textOf(parseFragment(textOf(el)))
    .replace(/\s+/g, " ")
    .trim();

/**
 * A video or audio element with fallback words: most clients (Gmail, Outlook, Yahoo) do not play it and show those
 * words only if the element is gone, so the fallback stays in its place — after the poster linked to the video,
 * when there is one. Without fallback words the element stays (the report's caniemail check names it).
 */
function mediaFallback(el: P5.Element, name: string, counts: SanitizeCounts): P5.ChildNode[] | null {
  const fallback = el.childNodes.filter((c) => c.nodeName !== "source" && c.nodeName !== "track");
  if (!fallback.some((c) => textOf(c as P5.ParentNode).trim() !== "")) return null;
  counts.silent += 1;
  const poster = (attr(el, "poster") ?? "").trim();
  if (name !== "video" || !/^https?:\/\//i.test(poster)) return fallback;
  const img = A.createElement("img", H.NS.HTML, [
    { name: "src", value: poster },
    { name: "alt", value: (attr(el, "title") ?? "").trim() },
    ...el.attrs.filter((a) => a.name === "width" || a.name === "style"),
  ]);
  const source = el.childNodes.find((c) => c.nodeName === "source") as P5.Element | undefined;
  const src = (attr(el, "src") ?? (source ? attr(source, "src") : undefined) ?? "").trim();
  if (!/^https?:\/\//i.test(src)) return [img, ...fallback];
  const link = A.createElement("a", H.NS.HTML, [{ name: "href", value: src }]);
  A.appendChild(link, img);
  return [link, ...fallback];
}

/**
 * What a reader saw of an element the sanitiser removes: a submit button's label and a select's
 * chosen option as text, a textarea's text, an iframe as a link to its page (its fallback text or title as the
 * link's words), the fallback of noframes as text, an object's, a video's or an audio's fallback content. Null: the
 * usual rules apply.
 */
function visibleFallback(el: P5.Element, name: string, counts: SanitizeCounts): P5.ChildNode[] | null {
  if (name === "input") {
    const type = (attr(el, "type") ?? "").trim().toLowerCase();
    const value = (attr(el, "value") ?? "").trim();
    if (!/^(?:submit|button|reset)$/.test(type) || !value) return null;
    counts.forms += 1;
    return [span(value, el)];
  }
  if (name === "select") {
    const options = el.childNodes.flatMap((c) =>
      c.nodeName === "optgroup" ? (c as P5.Element).childNodes : [c],
    ) as P5.Element[];
    const chosen =
      options.find((o) => o.nodeName === "option" && attr(o, "selected") !== undefined) ??
      options.find((o) => o.nodeName === "option");
    const text = chosen ? textOf(chosen).replace(/\s+/g, " ").trim() : "";
    if (!text) return null;
    counts.forms += 1;
    return [span(text, el)];
  }
  if (name === "textarea") {
    const text = textOf(el).trim();
    if (!text) return null;
    counts.forms += 1;
    return [span(text, el)];
  }
  if (name === "iframe" || name === "frame") {
    const src = (attr(el, "src") ?? "").trim();
    if (!/^https?:\/\//i.test(src) || !safeUrl(src, false)) return null;
    const words = rawFallbackText(el) || (attr(el, "title") ?? "").trim() || new URL(src).host;
    counts.removed += 1;
    const link = A.createElement("a", H.NS.HTML, [{ name: "href", value: src }]);
    A.insertText(link, words);
    return [link];
  }
  if (name === "noframes" || name === "noembed") {
    const text = rawFallbackText(el);
    if (!text) return null;
    counts.removed += 1;
    return [A.createTextNode(text)];
  }
  if (name === "video" || name === "audio") return mediaFallback(el, name, counts);
  if (name === "object") {
    if (!el.childNodes.some((c) => c.nodeName !== "param" && textOf(c as P5.ParentNode).trim() !== "")) return null;
    counts.removed += 1;
    return el.childNodes.filter((c) => c.nodeName !== "param");
  }
  return null;
}

/** Elements kept only in some forms: inputs, metas, links and style sheets. */
function elementRule(el: P5.Element, name: string, counts: SanitizeCounts): Decision {
  if (name === "input" && (!KEPT_INPUT_TYPES.has((attr(el, "type") ?? "").trim().toLowerCase()) || inForm.has(el))) {
    counts.forms += 1;
    return "drop";
  }
  if (name === "meta") {
    const equiv = attr(el, "http-equiv");
    if (equiv !== undefined && !KEPT_HTTP_EQUIV.has(equiv.trim().toLowerCase())) {
      counts.removed += 1;
      return "drop";
    }
  }
  if (name === "link") {
    const rel = (attr(el, "rel") ?? "").toLowerCase();
    const stylesheet = /\bstylesheet\b/.test(rel);
    if (stylesheet && /^\s*stylesheet\s*$/.test(rel) && isFontUrl(attr(el, "href") ?? "")) return "keep";
    if (stylesheet) counts.stylesheets += 1;
    else counts.removed += 1;
    return "drop";
  }
  if (name === "style" && !safeCss(el.childNodes.map((c) => (c as P5.TextNode).value ?? "").join(""))) {
    counts.removed += 1;
    return "drop";
  }
  return "keep";
}

/** Attributes: the allow-list, no event handler, URLs and styles checked as the browser reads them (entities decoded). */
function cleanAttributes(el: P5.Element, counts: SanitizeCounts, styleVerdicts: Map<string, boolean>): void {
  const kept = el.attrs.filter((a) => {
    const name = a.name;
    if (name.startsWith("on")) {
      counts.handlers += 1;
      return false;
    }
    if (a.namespace || !keptAttribute(name)) {
      counts.silent += 1;
      return false;
    }
    const ok =
      name === "style"
        ? safeStyle(a.value, styleVerdicts)
        : name === "srcset"
          ? safeSrcset(a.value)
          : !URL_ATTRIBUTES.has(name) || safeUrl(a.value, name !== "href" && name !== "cite");
    if (!ok) counts.scriptUrls += 1;
    return ok;
  });
  if (kept.length !== el.attrs.length) el.attrs = kept;
}

function safeStyle(value: string, verdicts: Map<string, boolean>): boolean {
  let ok = verdicts.get(value);
  if (ok === undefined) {
    ok = safeCss(value);
    verdicts.set(value, ok);
  }
  return ok;
}

function doctype(node: P5.DocumentType): string {
  const q = (s: string) => (s.includes('"') ? `'${s}'` : `"${s}"`);
  const { name, publicId, systemId } = node;
  if (publicId) return `<!DOCTYPE ${name} PUBLIC ${q(publicId)}${systemId ? ` ${q(systemId)}` : ""}>`;
  if (systemId) return `<!DOCTYPE ${name} SYSTEM ${q(systemId)}>`;
  return `<!DOCTYPE ${name}>`;
}

/**
 * parse5's serialiser, with the doctype as written (parse5 writes `<!DOCTYPE html>` for every doctype, which would
 * turn an XHTML Transitional email from almost-standards into standards mode) and a fragment left a fragment.
 */
function serializeDocument(doc: P5.Document, fragment: boolean): string {
  let out = "";
  for (const node of doc.childNodes) {
    if (node.nodeName === "#documentType") out += doctype(node as P5.DocumentType);
    else if (fragment && node.nodeName === "html") {
      for (const part of (node as P5.Element).childNodes)
        out +=
          part.nodeName === "head" || part.nodeName === "body" ? serialize(part as P5.Element) : serializeOuter(part);
    } else out += serializeOuter(node);
  }
  return out;
}

function textOf(root: P5.ParentNode): string {
  let text = "";
  const stack: P5.Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeName === "#text") text += (node as P5.TextNode).value;
    else if ("childNodes" in node)
      for (let i = node.childNodes.length - 1; i >= 0; i -= 1) stack.push(node.childNodes[i]!);
  }
  return text;
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
