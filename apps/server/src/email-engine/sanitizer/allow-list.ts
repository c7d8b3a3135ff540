/**
 * What the sanitiser keeps (docs/decisions/100-browser-parse-sanitiser.md): allow-lists, not deny-lists. An element or
 * attribute not named here does not reach the output, whatever a future browser makes of it. The lists are the HTML
 * email vocabulary (tables, text, images, links, the document's head) plus what real templates carry (Outlook's VML
 * namespaces on <html>, Campaign Monitor's template tags, MJML's leftovers), measured on the corpus.
 */

/** A set from space-separated words (one line per group keeps the lists readable). */
const words = (...groups: string[]): ReadonlySet<string> => new Set(groups.join(" ").split(" "));

/** HTML elements kept (in the HTML namespace only: SVG and MathML are removed whole). */
export const KEPT_ELEMENTS: ReadonlySet<string> = words(
  // document
  "html head body title meta link style",
  // sections and blocks (semantic-containers turns the sectioning ones into divs with their role)
  "div p center blockquote pre hr br wbr address article aside footer header",
  "main nav section hgroup h1 h2 h3 h4 h5 h6 figure figcaption details",
  "summary label",
  // lists and tables
  "ul ol li dl dt dd menu table caption colgroup col thead tbody tfoot",
  "tr td th",
  // text
  "a abbr acronym b bdi bdo big cite code del dfn em font i ins kbd",
  "mark q rp rt ruby s samp small span strike strong sub sup time tt",
  "u var",
  // pictures and media (their URLs are checked)
  "img picture source map area video audio",
  // CSS-only menus and carousels (MJML's navbar hamburger, mj-carousel): checkbox and radio inputs only
  "input",
  // Campaign Monitor's template language
  "unsubscribe webversion forwardtoafriend preferences currentyear singleline multiline",
  "repeater layout",
);

/**
 * Removed with everything inside: elements that run code, embed other documents or submit data, and the ones whose
 * content a browser parses differently depending on context (raw text, scripting flag, template contents).
 */
export const DROPPED_ELEMENTS: ReadonlySet<string> = words(
  "script noscript template iframe frame frameset object embed applet param base",
  "portal fencedframe noembed noframes xmp plaintext textarea select option optgroup",
  "datalist canvas dialog search slot track keygen output progress meter math svg",
  "listing",
);

/** Form elements whose text stays (the element goes): counted as "form behaviour removed". */
export const FORM_WRAPPERS: ReadonlySet<string> = new Set(["form", "fieldset", "legend", "button"]);

/** Attributes kept on any kept element (plus aria-* and data-*). Event handlers (on*) are never among them. */
export const KEPT_ATTRIBUTES: ReadonlySet<string> = words(
  // global
  "id class style title lang dir role hidden translate xml:lang name",
  // presentational attributes email clients honour
  "align valign width height bgcolor background border bordercolor cellpadding",
  "cellspacing color face size nowrap hspace vspace clear frame rules char charoff",
  "leftmargin topmargin marginwidth marginheight text link vlink alink",
  // tables
  "colspan rowspan headers scope abbr axis span summary",
  // lists, text
  "start type value reversed cite datetime open for",
  // links, pictures, media
  "href target rel hreflang alt src srcset sizes usemap ismap shape coords",
  "media poster controls autoplay muted loop playsinline preload loading decoding",
  "x-apple-data-detectors",
  // inputs (checkbox and radio only)
  "checked",
  // head
  "charset content http-equiv property",
  // Outlook's VML and Office namespaces on <html>
  "xmlns xmlns:v xmlns:o xmlns:w xmlns:m",
  // MJML leftovers
  "mj-class",
);

/** data-* and aria-* attributes: inert text (names limited to the characters a browser's setAttribute accepts). */
export const KEPT_ATTRIBUTE_PATTERN = /^(?:data|aria)-[a-z0-9_.-]+$/;

/** Attributes whose value is a URL a client loads or follows. */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src", "background", "poster", "cite"]);

/** URL schemes kept; everything without a scheme (relative, #anchor, merge tags) is kept too. */
export const KEPT_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "mailto", "tel", "sms", "cid"]);

/** data: URLs kept: raster pictures only (base64 images inlined by some tools), never HTML, SVG or scripts. */
export const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp);base64,[a-z0-9+/=\s]*$/i;

/** <meta http-equiv> values kept (refresh, set-cookie and the rest go). */
export const KEPT_HTTP_EQUIV: ReadonlySet<string> = words(
  "content-type",
  "x-ua-compatible",
  "content-language",
  "imagetoolbar",
);

/** <input> types kept: they hold the state of CSS-only menus and carousels, and submit nothing without a form. */
export const KEPT_INPUT_TYPES: ReadonlySet<string> = new Set(["checkbox", "radio"]);

export function keptAttribute(name: string): boolean {
  return KEPT_ATTRIBUTES.has(name) || KEPT_ATTRIBUTE_PATTERN.test(name);
}

/** Stylesheet hosts that serve web fonts only: their <link>s and @imports stay (with a fallback font stack). */
export const FONT_HOSTS = [
  "fonts.googleapis.com",
  "fonts.bunny.net",
  "use.typekit.net",
  "p.typekit.net",
  "fast.fonts.net",
  "cloud.typography.com",
  "fonts.cdnfonts.com",
  "api.fontshare.com",
];

export function isFontUrl(url: string): boolean {
  try {
    const u = new URL(url.trim().replace(/^\/\//, "https://"));
    return (u.protocol === "https:" || u.protocol === "http:") && FONT_HOSTS.includes(u.hostname.toLowerCase());
  } catch {
    return false;
  }
}
