import type { TEmailCheck } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { hasMergeTag, visibleText } from "../dom.js";
import type { EmailChecker } from "./check.js";
import { limitItems, short } from "./check.js";

const VAGUE =
  /^(?:click|click here|here|tap here|this|this link|link|more|read more|learn more|see more|find out more|more info|more information|details|go|continue|view|view more)[.!:…]*$/i;
const BARE_URL = /^(?:https?:\/\/|www\.)\S+$/i;

/** Links left alone by every link check: merge tags, mailto:, tel:, sms:, in-page anchors with a name. */
export function isSpecialHref(href: string): boolean {
  return hasMergeTag(href) || /^\s*(?:mailto|tel|sms|cid):/i.test(href);
}

/** An http: URL on one of the site's own origins (its uploads and generated images): https would break it. */
export function isOwnUrl(url: string, ownOrigins: readonly string[]): boolean {
  if (ownOrigins.length === 0) return false;
  try {
    return ownOrigins.includes(new URL(url.trim()).origin);
  } catch {
    return false;
  }
}

/** The accessible name of a link: its text, or the alt of its images. */
function linkName($: import("cheerio").CheerioAPI, el: Element): string {
  const text = visibleText($(el).text());
  if (text) return text;
  return $(el)
    .find("img[alt]")
    .toArray()
    .map((img) => visibleText((img as Element).attribs.alt ?? ""))
    .join(" ")
    .trim();
}

/**
 * Link text that says where it goes ("click here", "read more" and bare URLs say nothing out of context), links
 * that go nowhere (#, empty), and links that are not https (with a one-click "use https" fix; the site's own
 * origins are left out).
 */
export const links: EmailChecker = {
  name: "links",
  run({ $, styles, ownOrigins }) {
    const vague: string[] = [];
    const bare: string[] = [];
    const unnamed: string[] = [];
    const placeholder: string[] = [];
    const insecure: string[] = [];
    $("a").each((_, node) => {
      const el = node as Element;
      const href = (el.attribs.href ?? "").trim();
      if (el.attribs.href === undefined && el.attribs.name !== undefined) return; // an anchor target
      if (styles.of(el).hidden) return;
      if (isSpecialHref(href)) return;
      const name = linkName($, el);
      if (href === "" || href === "#") placeholder.push(name ? `"${short(name, 40)}"` : "(link without text)");
      else if (/^http:/i.test(href) && !isOwnUrl(href, ownOrigins)) insecure.push(href);
      if (!name) unnamed.push(href || "(empty link)");
      else if (VAGUE.test(name)) vague.push(`"${name}" → ${short(href, 60)}`);
      else if (BARE_URL.test(name)) bare.push(short(name, 70));
    });
    $("img[src]").each((_, node) => {
      const src = (node as Element).attribs.src ?? "";
      if (/^http:/i.test(src) && !hasMergeTag(src) && !isOwnUrl(src, ownOrigins)) insecure.push(src);
    });
    const out: TEmailCheck[] = [];
    const textItems = [
      ...vague,
      ...bare.map((u) => `${u} (a bare URL)`),
      ...unnamed.map((h) => `${short(h, 60)} (no text)`),
    ];
    out.push(
      textItems.length
        ? {
            id: "links.text",
            title: "Link text",
            status: "warn",
            reason: unnamed.length
              ? "Some links have no text or alt: screen readers read out the URL."
              : 'Some links say nothing out of context ("click here", bare URLs).',
            fix: 'Say where the link goes: "See the spring collection" instead of "click here".',
            items: limitItems(textItems),
          }
        : { id: "links.text", title: "Link text", status: "pass", reason: "Every link says where it goes." },
    );
    if (placeholder.length)
      out.push({
        id: "links.placeholder",
        title: "Links that go nowhere",
        status: "warn",
        reason: `${placeholder.length} link${placeholder.length === 1 ? " goes" : "s go"} nowhere (href="#" or empty).`,
        fix: "Point each link at its page, or remove the link.",
        items: limitItems(placeholder),
      });
    out.push(
      insecure.length
        ? {
            id: "links.https",
            title: "Secure links (https)",
            status: "warn",
            reason: "Some links or images use http:, which clients and browsers mark as unsafe.",
            fix: "Use https: for every link and image.",
            items: limitItems(insecure),
            autofix: "use-https",
          }
        : {
            id: "links.https",
            title: "Secure links (https)",
            status: "pass",
            reason: "Every link and image uses https.",
          },
    );
    return out;
  },
};
