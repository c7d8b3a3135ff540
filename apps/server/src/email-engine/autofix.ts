import type { Element } from "domhandler";
import { isOwnUrl, isSpecialHref, schemelessKind } from "./checks/links.js";
import { hasMergeTag, loadEmail, serializeEmail } from "./dom.js";

/**
 * "use https": every http: link and image becomes https:, and a link written without a scheme ("facebook.com")
 * gets https:// in front (links with merge tags, mailto: and tel: are left
 * alone, and so are the site's own origins, which may only serve http). Pure; the caller runs processEmail again on the result for a fresh report.
 */
export function applyUseHttps(html: string, ownOrigins: readonly string[] = []): { html: string; changed: number } {
  const $ = loadEmail(html);
  let changed = 0;
  $("a[href], img[src]").each((_, node) => {
    const el = node as Element;
    const attr = el.name === "img" ? "src" : "href";
    const value = el.attribs[attr] ?? "";
    if (attr === "href" && schemelessKind(value) === "domain") {
      // "facebook.com" or "//cdn.example.com": the address the member meant, with https: in front.
      el.attribs.href = `https://${value.trim().replace(/^\/\//, "")}`;
      changed += 1;
      return;
    }
    if (!/^\s*http:/i.test(value) || isSpecialHref(value) || hasMergeTag(value) || isOwnUrl(value, ownOrigins)) return;
    el.attribs[attr] = value.replace(/^\s*http:/i, "https:");
    changed += 1;
  });
  return { html: changed ? serializeEmail($) : html, changed };
}
