import { EMAIL_FIX_TEXTS as T, type TEmailFixChange } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { ensureDocument } from "../document.js";
import { isTag, visibleText } from "../dom.js";
import type { FixPass } from "../fixes/fix-pass.js";
import { detectLanguage, isRtlLanguage, VALID_LANG } from "./a11y-language.js";

const change = (id: string, reason: string, before: string, after: string): TEmailFixChange => ({
  id,
  reason,
  before,
  after,
  applied: true,
});

/**
 * The body wrapper: the element that carries lang/dir for clients that drop <html> and <body> (Gmail): the body's
 * wrapper by intent (role="article", lang or dir, as our skeleton, the body-wrapper pass and MJML write it), else the
 * body's only visible child element.
 */
export function bodyWrapperOf($: CheerioAPI): Element | undefined {
  const body = $("body").first();
  const marked = body.children("[role='article'], [lang], [dir]").first()[0];
  if (marked) return marked as Element;
  const kids = body
    .children()
    .toArray()
    .filter((n) => isTag(n) && !/^(?:style|script)$/i.test(n.name));
  return kids.length === 1 ? (kids[0] as Element) : undefined;
}

const describeEl = (el: Element) => `<${el.name}>`;

/** A language a reader can use: well formed, and not "undetermined", "multiple", "no linguistic content". */
const isLanguage = (tag: string) => VALID_LANG.test(tag) && !/^(?:und|mul|zxx|mis)(?:-|$)/i.test(tag);

/**
 * lang and dir on <html> and on the body wrapper. An existing valid lang is kept (and repeated
 * where it is missing); otherwise the language is detected from the visible text. dir follows the language
 * (rtl for Arabic, Hebrew, Persian, Urdu …); an existing ltr/rtl/auto is kept.
 */
export const a11yDocument: FixPass = {
  name: "a11y-document",
  run({ $, options, runs }) {
    ensureDocument($);
    const out: TEmailFixChange[] = [];
    const html = $("html").first()[0] as Element;
    const wrapper = bodyWrapperOf($);
    const targets = [html, ...(wrapper ? [wrapper] : [])];

    const given = targets.map((el) => el.attribs.lang?.trim()).find((l): l is string => !!l && isLanguage(l));
    const own = options.language?.trim();
    const preferred = own && VALID_LANG.test(own) ? own : "en";
    // A member's email keeps its own valid lang. A generated email's lang is the skeleton's default (or the model's
    // guess): the text decides when it clearly can, else the member's language.
    const keep = given && options.source !== "generated" ? given : undefined;
    const detected = keep ? undefined : detectLanguage(runs.map((r) => r.text).join(" "), preferred);
    const lang = keep ?? detected ?? preferred;
    for (const el of targets) {
      const before = el.attribs.lang;
      if (keep ? before?.trim() && isLanguage(before.trim()) : before === lang) continue;
      el.attribs.lang = lang;
      const where = describeEl(el);
      const reason = keep ? T.langKept(lang, where) : detected ? T.langSet(lang, where) : T.langPreferred(lang, where);
      out.push(change("a11y.lang", reason, before === undefined ? "(none)" : `lang="${before}"`, `lang="${lang}"`));
    }

    const givenDir = targets
      .map((el) => el.attribs.dir?.trim().toLowerCase())
      .find((d) => d === "ltr" || d === "rtl" || d === "auto");
    const dir = givenDir ?? (lang && isRtlLanguage(lang) ? "rtl" : "ltr");
    for (const el of targets) {
      const before = el.attribs.dir?.trim().toLowerCase();
      if (before === "ltr" || before === "rtl" || before === "auto") continue;
      el.attribs.dir = dir;
      out.push(
        change("a11y.dir", T.dirSet(dir, describeEl(el)), before ? `dir="${before}"` : "(none)", `dir="${dir}"`),
      );
    }

    return out;
  },
};

/** Text runs looked at for a title when there is neither a subject nor a heading: the top of the email. */
const TITLE_FROM_FIRST_RUNS = 12;

/**
 * The <title> (what a screen reader announces first in a browser view): the subject when it is known, else the
 * first heading (after the headings fix, so a promoted one counts), else the largest text at the top of the email.
 * Runs after a11y-headings.
 */
export const a11yTitle: FixPass = {
  name: "a11y-title",
  run({ $, options, runs, styles }) {
    const existing = $("title").first();
    if (visibleText(existing.text())) return [];
    const subject = options.subject?.trim();
    const heading = $("body h1, body h2, body h3, body h4, body h5, body h6, body [role='heading']")
      .toArray()
      .map((el) => (styles.of(el as Element).hidden ? "" : visibleText($(el).text())))
      .find(Boolean);
    const top = runs.filter((r) => /\p{L}/u.test(r.text)).slice(0, TITLE_FROM_FIRST_RUNS);
    const largest = top.reduce<(typeof top)[number] | undefined>(
      (best, r) => (!best || r.style.fontSizePx > best.style.fontSizePx ? r : best),
      undefined,
    );
    const from = subject ? "subject" : heading ? "heading" : "text";
    const text = (subject || heading || cutAtWord(firstSentence(largest?.text ?? ""), 80)).slice(0, 200);
    if (!text) return [];
    const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    if (existing.length) existing.html(escaped);
    else $("head").first().append(`<title>${escaped}</title>`);
    return [change("a11y.title", T.titleSet(from), "(none)", `<title>${escaped}</title>`)];
  },
};

const firstSentence = (text: string) => text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text;

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trim()}…`;
}
