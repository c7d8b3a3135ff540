import type { TEmailCheck } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { visibleText } from "../dom.js";
import type { EmailChecker } from "./check.js";

/**
 * lang and dir (screen readers pick the voice and reading order from them; clients that drop <html> keep them
 * only on the wrapper), and the <title> (read first by screen readers when the email opens in a browser view).
 */
export const documentChecks: EmailChecker = {
  name: "document",
  run({ $ }) {
    return [charsetCheck($), langCheck($), dirCheck($), titleCheck($)];
  },
};

/**
 * A fragment (no <head>, no charset) fails rather than being completed by the engine (decision 021): the engine
 * changes a member's document only where clients need it to render the same; the source their own system sends
 * would still have no charset, and a head added only in our copy would make the report pass it.
 */
function charsetCheck($: CheerioAPI): TEmailCheck {
  const charset = $("meta")
    .toArray()
    .some((m) => {
      const a = (m as Element).attribs;
      return a.charset !== undefined || /charset\s*=/i.test(a.content ?? "");
    });
  return charset
    ? {
        id: "doc.charset",
        title: "Document head and charset",
        status: "pass",
        reason: "The <head> declares a charset.",
      }
    : {
        id: "doc.charset",
        title: "Document head and charset",
        status: "fail",
        reason:
          "No <head> with a charset: where the mail's MIME charset is lost (browser view, forwards, some webmail) accents, € and names show as garbled characters.",
        fix: 'Start with <!DOCTYPE html><html lang="…"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>…</title></head>.',
      };
}

function langCheck($: CheerioAPI): TEmailCheck {
  const htmlLang = $("html").attr("lang")?.trim();
  const wrapper = $("body [lang]").first();
  const wrapperLang = wrapper.attr("lang")?.trim();
  if (htmlLang && wrapperLang) {
    return {
      id: "a11y.lang",
      title: "Language (lang)",
      status: "pass",
      reason: `lang="${wrapperLang}" on <html> and the wrapper.`,
    };
  }
  if (htmlLang || wrapperLang) {
    return {
      id: "a11y.lang",
      title: "Language (lang)",
      status: "warn",
      reason: htmlLang
        ? "lang is only on <html>, which Gmail and others drop."
        : "lang is only on the wrapper; put it on <html> too.",
      fix: `Set lang="${htmlLang ?? wrapperLang}" on both <html> and the wrapper element.`,
    };
  }
  return {
    id: "a11y.lang",
    title: "Language (lang)",
    status: "warn",
    reason: "No lang: screen readers may read the email with the wrong voice.",
    fix: 'Add lang (e.g. lang="en") to <html> and the wrapper element.',
  };
}

function dirCheck($: CheerioAPI): TEmailCheck {
  const dir = $("html").attr("dir") ?? $("body [dir]").first().attr("dir");
  return dir
    ? { id: "a11y.dir", title: "Text direction (dir)", status: "pass", reason: `dir="${dir}" is set.` }
    : {
        id: "a11y.dir",
        title: "Text direction (dir)",
        status: "warn",
        reason: "No dir: right-to-left readers and clients may lay the text out wrongly.",
        fix: 'Add dir="ltr" (or "rtl") to <html> and the wrapper element.',
      };
}

function titleCheck($: CheerioAPI): TEmailCheck {
  const title = visibleText($("head title").first().text() || $("title").first().text());
  return title
    ? { id: "a11y.title", title: "Document title", status: "pass", reason: `<title> is "${title.slice(0, 60)}".` }
    : {
        id: "a11y.title",
        title: "Document title",
        status: "warn",
        reason: "No <title>: screen readers and browser views show a blank or the file name.",
        fix: "Add a <title> with the subject line to <head>.",
      };
}
