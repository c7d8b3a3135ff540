import { EMAIL_CHECK_TEXTS as T } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { visibleText } from "../dom.js";
import type { EmailChecker } from "./check.js";
import { limitItems, short } from "./check.js";

/** Screen-reader users move through an email by its headings: it needs some, and levels should not skip. */
export const headings: EmailChecker = {
  name: "headings",
  run({ $, styles }) {
    const found: { level: number; text: string }[] = [];
    $("h1, h2, h3, h4, h5, h6, [role='heading']").each((_, node) => {
      const el = node as Element;
      if (styles.of(el).hidden) return;
      // aria-level wins over the tag, as screen readers and axe read it (the accessibility fix corrects levels so).
      const aria = Number(el.attribs["aria-level"]);
      const level = aria >= 1 && aria <= 6 ? aria : /^h[1-6]$/i.test(el.name) ? Number(el.name[1]) : 2;
      found.push({ level, text: visibleText($(el).text()) });
    });
    const base = { id: "a11y.headings", title: T.headings.title };
    if (found.length === 0)
      return [
        {
          ...base,
          status: "warn",
          reason: T.headings.none,
          fix: T.headings.noneFix,
        },
      ];
    const skips: string[] = [];
    let prev = 0;
    for (const h of found) {
      if (prev && h.level > prev + 1) skips.push(`h${prev} → h${h.level} "${short(h.text, 40)}"`);
      prev = h.level;
    }
    if (skips.length)
      return [
        {
          ...base,
          status: "warn",
          reason: T.headings.skips,
          fix: T.headings.skipsFix,
          items: limitItems(skips),
        },
      ];
    return [{ ...base, status: "pass", reason: T.headings.pass(found.length) }];
  },
};
