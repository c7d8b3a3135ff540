import { EMAIL_CHECK_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
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

/** An address with a scheme (https:, mailto:, a custom app scheme …). */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** "facebook.com", "www.shop.example/page", "//cdn.example.com/x": a web address without its https:. */
const DOMAIN_LIKE = /^(?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;

/** "about.html", "logo.png": a file next to a web page, not a domain. */
const FILE_EXTENSION = /\.(?:html?|php|aspx?|jsp|cgi|png|jpe?g|gif|svg|webp|pdf|txt|xml|json|css|js)$/i;

/**
 * What a link without a scheme is, read from an inbox: "domain" (it looks like a web address
 * missing https://), "relative" (a path of a web page; an email has no page) or null (it has a scheme, or is an
 * in-page anchor, empty, or a merge tag).
 */
export function schemelessKind(href: string): "domain" | "relative" | null {
  const h = href.trim();
  if (h === "" || h.startsWith("#") || HAS_SCHEME.test(h) || isSpecialHref(h)) return null;
  const host = h.replace(/^\/\//, "").split(/[/?#:]/)[0] ?? "";
  return DOMAIN_LIKE.test(h) && !FILE_EXTENSION.test(host) ? "domain" : "relative";
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
    const noScheme: string[] = [];
    const relative: string[] = [];
    $("a").each((_, node) => {
      const el = node as Element;
      const href = (el.attribs.href ?? "").trim();
      if (el.attribs.href === undefined && el.attribs.name !== undefined) return; // an anchor target
      if (styles.of(el).hidden) return;
      if (isSpecialHref(href)) return;
      const name = linkName($, el);
      if (href === "" || href === "#") placeholder.push(name ? `"${short(name, 40)}"` : "(link without text)");
      else if (/^http:/i.test(href) && !isOwnUrl(href, ownOrigins)) insecure.push(href);
      const kind = schemelessKind(href);
      if (kind === "domain") noScheme.push(short(href, 70));
      else if (kind === "relative") relative.push(short(href, 70));
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
            title: T.linkText.title,
            status: "warn",
            reason: unnamed.length ? T.linkText.unnamed : T.linkText.vague,
            fix: T.linkText.fix,
            items: limitItems(textItems),
          }
        : { id: "links.text", title: T.linkText.title, status: "pass", reason: T.linkText.pass },
    );
    if (noScheme.length)
      out.push({
        id: "links.no-scheme",
        title: T.linkNoScheme.title,
        status: "fail",
        reason: T.linkNoScheme.reason(noScheme.length),
        fix: T.linkNoScheme.fix,
        items: limitItems(noScheme),
        autofix: "use-https",
      });
    if (relative.length)
      out.push({
        id: "links.relative",
        title: T.linkRelative.title,
        status: "fail",
        reason: T.linkRelative.reason(relative.length),
        fix: T.linkRelative.fix,
        items: limitItems(relative),
      });
    if (placeholder.length)
      out.push({
        id: "links.placeholder",
        title: T.linkPlaceholder.title,
        status: "warn",
        reason: T.linkPlaceholder.reason(placeholder.length),
        fix: T.linkPlaceholder.fix,
        items: limitItems(placeholder),
      });
    out.push(
      insecure.length
        ? {
            id: "links.https",
            title: T.https.title,
            status: "warn",
            reason: T.https.insecure,
            fix: T.https.fix,
            items: limitItems(insecure),
            autofix: "use-https",
          }
        : {
            id: "links.https",
            title: T.https.title,
            status: "pass",
            reason: T.https.pass,
          },
    );
    return out;
  },
};
