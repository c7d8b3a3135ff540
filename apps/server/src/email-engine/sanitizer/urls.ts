import { withoutMergeTags } from "../dom.js";
import { DATA_IMAGE, KEPT_SCHEMES } from "./allow-list.js";

const TAB_NEWLINE = /[\t\n\r]/g;

/**
 * What a URL parser strips before reading the scheme: leading and trailing C0 controls and spaces, then tabs and
 * newlines anywhere (a loop, not a regex: `\s+$` backtracks quadratically on long runs of spaces).
 */
function urlCore(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end -= 1;
  return value.slice(start, end).replace(TAB_NEWLINE, "");
}
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The scheme a browser reads from an (entity-decoded) attribute value, or null for a relative URL. */
export function schemeOf(url: string): string | null {
  const m = SCHEME.exec(urlCore(url));
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * A URL the email may keep: relative (with `#anchors` and ESP merge tags such as `*|UNSUB|*`, `{{url}}`,
 * `%%view_url%%`, left untouched), or with a kept scheme; data: only for raster pictures where pictures load.
 * The value is the parsed attribute (entities already decoded, as the browser sees it); the scheme is read both as
 * written and with the merge tags taken out, so `java{{x}}script:` (javascript: once the ESP fills in an empty
 * value) is refused too.
 */
export function safeUrl(value: string, picture = false): boolean {
  const url = urlCore(value);
  for (const candidate of [url, withoutMergeTags(url)]) {
    const scheme = schemeOf(candidate);
    if (scheme === null || KEPT_SCHEMES.has(scheme)) continue;
    if (picture && scheme === "data" && DATA_IMAGE.test(candidate)) continue;
    return false;
  }
  return true;
}

/**
 * srcset: every URL in it must be safe. Read conservatively (a browser's candidate parser is subtler): each
 * whitespace-separated token is a raster data: picture, or every comma-separated piece of it is a width or density
 * descriptor or a safe URL.
 */
export function safeSrcset(value: string): boolean {
  return value
    .split(/[\t\n\f\r ]+/)
    .every(
      (token) =>
        DATA_IMAGE.test(token.replace(/^,+|,+$/g, "")) ||
        token.split(",").every((piece) => piece === "" || DESCRIPTOR.test(piece) || safeUrl(piece)),
    );
}

const DESCRIPTOR = /^[0-9.]+[wxh]$/i;

/** CSS as a browser reads it: comments out, escapes (`\6a`, `\:`) decoded, lower-cased. */
export function decodeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, "")
    .replace(
      /\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\([^\n0-9a-f])/gi,
      (_, hex: string | undefined, ch: string | undefined) => {
        if (ch !== undefined) return ch;
        const code = Number.parseInt(hex!, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
          ? "\ufffd"
          : String.fromCodePoint(code);
      },
    )
    .toLowerCase();
}

/** Script in CSS: old IE expressions and behaviours, Firefox's XBL bindings, script URLs anywhere. */
const CSS_SCRIPT = /expression\s*\(|behaviou?r\s*:|-moz-binding|javascript\s*:|vbscript\s*:|livescript\s*:/;
/** url(…) with or without quotes, the strings of image-set(…)/src(…) and of @import (to the closing quote or the end: linear). */
const CSS_URL = /url\(\s*(?:"([^"]*)|'([^']*)|([^)"'\s]*))|(?:image-set\(|src\(|@import)\s*(?:"([^"]*)|'([^']*))/g;

/**
 * A style attribute or sheet keeps only pictures and fonts from kept schemes (http, https, cid, relative, data:
 * raster pictures) and no script (expression(), behavior, -moz-binding, script URLs), read after decoding CSS
 * escapes and comments.
 */
export function safeCss(css: string): boolean {
  if (!/[:(\\]/.test(css)) return true;
  const decoded = decodeCss(css);
  if (CSS_SCRIPT.test(decoded)) return false;
  for (const m of decoded.matchAll(CSS_URL)) {
    const url = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? "";
    if (!safeUrl(url, true)) return false;
  }
  return true;
}
