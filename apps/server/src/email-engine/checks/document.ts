import type { TEmailCheck } from "@mailsmith/shared";
import { visibleText } from "../dom.js";
import type { EmailChecker } from "./check.js";

/**
 * lang and dir (screen readers pick the voice and reading order from them; clients that drop <html> keep them
 * only on the wrapper), and the <title> (read first by screen readers when the email opens in a browser view).
 */
export const documentChecks: EmailChecker = {
  name: "document",
  run({ $ }) {
    const out: TEmailCheck[] = [];
    const htmlLang = $("html").attr("lang")?.trim();
    const wrapper = $("body [lang]").first();
    const wrapperLang = wrapper.attr("lang")?.trim();
    if (htmlLang && wrapperLang) {
      out.push({
        id: "a11y.lang",
        title: "Language (lang)",
        status: "pass",
        reason: `lang="${wrapperLang}" on <html> and the wrapper.`,
      });
    } else if (htmlLang || wrapperLang) {
      out.push({
        id: "a11y.lang",
        title: "Language (lang)",
        status: "warn",
        reason: htmlLang
          ? "lang is only on <html>, which Gmail and others drop."
          : "lang is only on the wrapper; put it on <html> too.",
        fix: `Set lang="${htmlLang ?? wrapperLang}" on both <html> and the wrapper element.`,
      });
    } else {
      out.push({
        id: "a11y.lang",
        title: "Language (lang)",
        status: "warn",
        reason: "No lang: screen readers may read the email with the wrong voice.",
        fix: 'Add lang (e.g. lang="en") to <html> and the wrapper element.',
      });
    }
    const dir = $("html").attr("dir") ?? $("body [dir]").first().attr("dir");
    out.push(
      dir
        ? { id: "a11y.dir", title: "Text direction (dir)", status: "pass", reason: `dir="${dir}" is set.` }
        : {
            id: "a11y.dir",
            title: "Text direction (dir)",
            status: "warn",
            reason: "No dir: right-to-left readers and clients may lay the text out wrongly.",
            fix: 'Add dir="ltr" (or "rtl") to <html> and the wrapper element.',
          },
    );
    const title = visibleText($("head title").first().text() || $("title").first().text());
    out.push(
      title
        ? { id: "a11y.title", title: "Document title", status: "pass", reason: `<title> is "${title.slice(0, 60)}".` }
        : {
            id: "a11y.title",
            title: "Document title",
            status: "warn",
            reason: "No <title>: screen readers and browser views show a blank or the file name.",
            fix: "Add a <title> with the subject line to <head>.",
          },
    );
    return out;
  },
};
