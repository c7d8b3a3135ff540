import { EMAIL_CHECK_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { firstElement, visibleText } from "../dom.js";
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
 * A fragment (no <head>, no charset) fails rather than being completed by the engine: the engine
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
        title: T.charset.title,
        status: "pass",
        reason: T.charset.pass,
      }
    : {
        id: "doc.charset",
        title: T.charset.title,
        status: "fail",
        reason: T.charset.missing,
        fix: T.charset.missingFix,
      };
}

/** The value of an attribute on the first element inside the <body> that has it. */
function inBody($: CheerioAPI, name: string): string | undefined {
  const body = firstElement($, "body");
  return body ? firstElement($, (el) => el.attribs[name] !== undefined, body)?.attribs[name] : undefined;
}

function langCheck($: CheerioAPI): TEmailCheck {
  const htmlLang = firstElement($, "html")?.attribs.lang?.trim();
  const wrapperLang = inBody($, "lang")?.trim();
  if (htmlLang && wrapperLang) {
    return {
      id: "a11y.lang",
      title: T.lang.title,
      status: "pass",
      reason: T.lang.pass(wrapperLang),
    };
  }
  if (htmlLang || wrapperLang) {
    return {
      id: "a11y.lang",
      title: T.lang.title,
      status: "warn",
      reason: htmlLang ? T.lang.onlyHtml : T.lang.onlyWrapper,
      fix: T.lang.bothFix(htmlLang ?? wrapperLang ?? ""),
    };
  }
  return {
    id: "a11y.lang",
    title: T.lang.title,
    status: "warn",
    reason: T.lang.missing,
    fix: T.lang.missingFix,
  };
}

function dirCheck($: CheerioAPI): TEmailCheck {
  const dir = firstElement($, "html")?.attribs.dir ?? inBody($, "dir");
  return dir
    ? { id: "a11y.dir", title: T.dir.title, status: "pass", reason: T.dir.pass(dir) }
    : {
        id: "a11y.dir",
        title: T.dir.title,
        status: "warn",
        reason: T.dir.missing,
        fix: T.dir.missingFix,
      };
}

function titleCheck($: CheerioAPI): TEmailCheck {
  const head = firstElement($, "head");
  const inHead = head ? firstElement($, "title", head) : undefined;
  const title = visibleText((inHead && $(inHead).text()) || $(firstElement($, "title")).text());
  return title
    ? { id: "a11y.title", title: T.title.title, status: "pass", reason: T.title.pass(title.slice(0, 60)) }
    : {
        id: "a11y.title",
        title: T.title.title,
        status: "warn",
        reason: T.title.missing,
        fix: T.title.missingFix,
      };
}
