import { EMAIL_FIX_TEXTS as T, type TEmailFixChange } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { ensureDocument } from "../document.js";
import { isTag, visibleText } from "../dom.js";
import type { FixPass } from "../fixes.js";
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

/**
 * lang and dir on <html> and on the body wrapper, and the <title>. An existing valid lang is kept (and repeated
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

    const given = targets.map((el) => el.attribs.lang?.trim()).find((l): l is string => !!l && VALID_LANG.test(l));
    const detected = given ? undefined : detectLanguage(runs.map((r) => r.text).join(" "));
    const lang = given ?? detected;
    if (lang) {
      for (const el of targets) {
        const before = el.attribs.lang;
        if (before?.trim() && VALID_LANG.test(before.trim())) continue;
        el.attribs.lang = lang;
        const reason = detected ? T.langSet(lang, describeEl(el)) : T.langKept(lang, describeEl(el));
        out.push(change("a11y.lang", reason, before === undefined ? "(none)" : `lang="${before}"`, `lang="${lang}"`));
      }
    } else {
      out.push({ id: "a11y.lang", reason: T.languageUnknown, before: "(none)", after: "(none)", applied: false });
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

    out.push(...titleFix($, options.subject));
    return out;
  },
};

function titleFix($: CheerioAPI, subject: string | undefined): TEmailFixChange[] {
  const existing = $("title").first();
  if (visibleText(existing.text())) return [];
  const heading = visibleText($("body h1, body h2, body h3, body [role='heading']").first().text());
  const text = (subject?.trim() || heading).slice(0, 200);
  if (!text) return [];
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  if (existing.length) existing.html(escaped);
  else $("head").first().append(`<title>${escaped}</title>`);
  return [
    change("a11y.title", T.titleSet(subject?.trim() ? "subject" : "heading"), "(none)", `<title>${escaped}</title>`),
  ];
}
