import { EMAIL_FIX_TEXTS as T, type TEmailFixChange } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { short } from "../checks/check.js";
import { suggestAlt } from "../checks/images.js";
import { styleOf, visibleText } from "../dom.js";
import type { FixPass } from "../fixes/fix-pass.js";
import { isSpacer } from "./images.js";
import { dataTables } from "./tables.js";

const outer = (el: Element, attrs: string[]) =>
  `<${el.name}${attrs
    .filter((a) => el.attribs[a] !== undefined)
    .map((a) => ` ${a}="${short(el.attribs[a] ?? "", 60)}"`)
    .join("")}>`;

/**
 * role="presentation" on every layout table (the tables pass already does it in the pipeline for tables without a
 * role; this also covers a layout table an author marked role="table" or "grid", which makes a screen reader announce
 * rows and columns of layout). Data tables (th, caption, thead, summary, scope) keep their meaning.
 */
export const a11yTables: FixPass = {
  name: "a11y-tables",
  run({ $ }) {
    const data = dataTables($);
    const out: TEmailFixChange[] = [];
    $("table").each((_, node) => {
      const el = node as Element;
      const role = el.attribs.role?.trim().toLowerCase();
      if (data.has(el) || role === "presentation" || role === "none") return;
      const before = outer(el, ["width", "class", "role"]);
      el.attribs.role = "presentation";
      out.push({
        id: "a11y.role",
        reason: T.rolePresentation,
        before,
        after: outer(el, ["width", "class", "role"]),
        applied: true,
      });
    });
    return out;
  },
};

const SPACER_NAME =
  /(?:^|[/_.-])(?:spacer|space|blank|pixel|px|shim|clear|transparent|trans|1x1|dot|s)\.(?:gif|png)(?:$|\?)/i;
const TINY_PX = 4;

function size(el: Element, dim: "width" | "height"): number {
  return Number.parseFloat(el.attribs[dim] ?? styleOf(el).get(dim) ?? "");
}

/**
 * alt="" on images that are decorative by how they are used: spacers (a spacer file name, 1–2 px), tiny images
 * (at most 4 px either way) and images inside a link whose own text already names it. A content image without
 * alt is not given invented text: the change is a suggestion (not applied) with the image's title or file name.
 */
export const a11yImages: FixPass = {
  name: "a11y-images",
  run({ $, styles }) {
    const out: TEmailFixChange[] = [];
    $("img:not([alt])").each((_, node) => {
      const el = node as Element;
      const src = el.attribs.src ?? "";
      const w = size(el, "width");
      const h = size(el, "height");
      const link = $(el).closest("a");
      const why = SPACER_NAME.test(src.split("#")[0] ?? "")
        ? "spacer"
        : isSpacer(el) || (w > 0 && w <= TINY_PX) || (h > 0 && h <= TINY_PX)
          ? "tiny"
          : link.length && visibleText(link.text())
            ? "linked"
            : undefined;
      const before = `<img src="${short(src, 70)}">`;
      if (why) {
        el.attribs.alt = "";
        out.push({
          id: "a11y.alt",
          reason: T.altDecorative(why),
          before,
          after: `<img src="${short(src, 70)}" alt="">`,
          applied: true,
        });
        return;
      }
      if (styles.of(el).hidden) return;
      const suggestion = suggestAlt(el);
      out.push({
        id: "a11y.alt",
        reason: T.altSuggestion,
        before,
        after: suggestion ? `alt="${suggestion}"` : 'alt="…"',
        applied: false,
      });
    });
    return out;
  },
};

interface Heading {
  el: Element;
  level: number;
  size: number;
}

/**
 * One main heading and no skipped levels, without renaming elements (a new tag would change the look): levels are
 * corrected with aria-level, which screen readers and axe read instead of the tag's. Conservative: the first heading
 * becomes level 1 only when no level 1 exists and it is also the largest; an email without headings gets one only
 * when a single short text is clearly the largest (at least 22 px and 1.3 times the next size) near the top.
 */
export const a11yHeadings: FixPass = {
  name: "a11y-headings",
  run({ $, styles, runs }) {
    const found: Heading[] = [];
    $("body h1, body h2, body h3, body h4, body h5, body h6, body [role='heading']").each((_, node) => {
      const el = node as Element;
      if (styles.of(el).hidden || !visibleText($(el).text())) return;
      const aria = Number(el.attribs["aria-level"]);
      const level = aria >= 1 && aria <= 6 ? aria : /^h[1-6]$/i.test(el.name) ? Number(el.name[1]) : 2;
      found.push({ el, level, size: styles.of(el).fontSizePx });
    });
    const out: TEmailFixChange[] = [];
    const setLevel = (h: Heading, level: number, reason: string) => {
      const before = `<${h.el.name}${h.el.attribs["aria-level"] ? ` aria-level="${h.el.attribs["aria-level"]}"` : ""}> "${short(visibleText($(h.el).text()), 40)}"`;
      h.el.attribs["aria-level"] = String(level);
      if (!/^h[1-6]$/i.test(h.el.name)) h.el.attribs.role = "heading";
      h.level = level;
      out.push({ id: "a11y.headings", reason, before, after: `<${h.el.name} aria-level="${level}">`, applied: true });
    };

    if (found.length === 0) {
      promoteLargest($, runs, out);
      return out;
    }
    const first = found[0]!;
    if (!found.some((h) => h.level === 1) && found.every((h) => h.size <= first.size)) setLevel(first, 1, T.headingOne);
    let prev = 0;
    for (const h of found) {
      if (prev && h.level > prev + 1) setLevel(h, prev + 1, T.headingSkip(prev, h.level));
      prev = h.level;
    }
    return out;
  },
};

/** An email without headings: its single clearly largest short text near the top becomes the main heading. */
function promoteLargest(
  $: import("cheerio").CheerioAPI,
  runs: import("../checks/computed.js").TextRun[],
  out: TEmailFixChange[],
): void {
  const content = runs.filter((r) => /\p{L}/u.test(r.text));
  if (content.length < 3) return;
  const sizes = [...new Set(content.map((r) => r.style.fontSizePx))].sort((a, b) => b - a);
  const [top, next] = sizes;
  if (top === undefined || next === undefined || top < 22 || top < next * 1.3) return;
  const largest = content.filter((r) => r.style.fontSizePx === top);
  const first = largest[0]!;
  if (largest.some((r) => r.el !== first.el) || first.text.length > 100) return;
  if (content.indexOf(first) > content.length / 2) return;
  if (first.el.name === "a" || $(first.el).closest("a").length) return;
  const el = first.el;
  const before = `<${el.name}> "${short(first.text, 40)}"`;
  if (/^(?:td|th|li)$/i.test(el.name)) {
    $(el).wrapInner('<span role="heading" aria-level="1"></span>');
  } else {
    el.attribs.role = "heading";
    el.attribs["aria-level"] = "1";
  }
  out.push({
    id: "a11y.headings",
    reason: T.headingPromoted(top),
    before,
    after: `role="heading" aria-level="1"`,
    applied: true,
  });
}

const VAGUE =
  /^(?:click here|click|here|read more|learn more|more|see more|find out more|more info|this link|details)[.!:…»›→\s]*$/i;

/** Vague link text ("click here", "read more") is reported with a suggestion; the email is not changed for it. */
export const a11yLinks: FixPass = {
  name: "a11y-links",
  run({ $ }) {
    const out: TEmailFixChange[] = [];
    $("body a[href]").each((_, node) => {
      const el = node as Element;
      const text = visibleText($(el).text());
      if (!VAGUE.test(text) || el.attribs["aria-label"]) return;
      out.push({
        id: "links.text",
        reason: T.vagueLink,
        before: `"${text}"`,
        after: `"${suggestLinkText($, el, text)}"`,
        applied: false,
      });
    });
    return out;
  },
};

/** "Read more about <the nearest heading before the link>", else the words of the link's path. */
function suggestLinkText($: import("cheerio").CheerioAPI, el: Element, text: string): string {
  const all = $("body h1, body h2, body h3, body h4, body [role='heading'], body a[href]").toArray();
  const at = all.indexOf(el);
  const heading = all
    .slice(0, at)
    .reverse()
    .find((n) => (n as Element).name !== "a");
  const topic = heading ? visibleText($(heading).text()) : pathWords(el.attribs.href ?? "");
  const verb = /^click|^here|^this/i.test(text) ? "See" : text.replace(/[.!:…»›→\s]+$/, "");
  return topic ? `${verb} ${short(topic, 50)}` : `${verb}: say where the link goes`;
}

function pathWords(href: string): string {
  try {
    const words = new URL(href, "https://x.invalid").pathname
      .split("/")
      .filter(Boolean)
      .pop()
      ?.replace(/\.[a-z0-9]+$/i, "")
      .replace(/[-_+]+/g, " ")
      .trim();
    return words && /[a-z]{3}/i.test(words) ? words : "";
  } catch {
    return "";
  }
}
