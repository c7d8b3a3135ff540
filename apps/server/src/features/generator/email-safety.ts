import { doIUseEmail } from "@jsx-email/doiuse-email";
import { GENERATOR_LIMITS, REPORT_CLIENTS, type ReportClient, type TLegacyQualityReport } from "@mailsmith/shared";
import * as cheerio from "cheerio";
import { convert } from "html-to-text";
import juice from "juice";
import sanitizeHtml from "sanitize-html";

/**
 * Turns whatever the model wrote into an email that survives real clients, and reports on it.
 * The prompt asks for the same rules; this step guarantees them (docs/decisions/021-email-post-processing.md):
 * - CSS inlined with juice, then every <style> block dropped (no class selectors reach the client);
 * - sanitised with sanitize-html against an email allowlist: no script, event handler, form, iframe, <link>,
 *   var(), flex/grid, positioning; only http(s)/mailto/tel links;
 * - wrapped in a fixed skeleton: doctype, lang, charset, viewport, color-scheme, hidden preheader, a 600 px
 *   centred column with an Outlook (MSO) fixed-width table; role="presentation" on every layout table;
 * - alt text on every image; a plain-text version beside it.
 */

export interface PostProcessInput {
  html: string;
  subject?: string;
  preheader?: string;
}

export interface PostProcessResult {
  html: string;
  text: string;
  subject: string;
  preheader: string;
  report: TLegacyQualityReport;
}

const MAX_WIDTH = GENERATOR_LIMITS.emailMaxWidthPx;

// ---------- sanitiser allowlist ----------

/** Any CSS value without markup, variables, expressions or script URLs. */
const SAFE_VALUE = /^(?![\s\S]*(?:var\(|expression\(|javascript:|vbscript:|behavior|-moz-binding|@import))[^<>]*$/i;
const DISPLAY = /^\s*(block|inline|inline-block|none|table|table-row|table-cell|list-item)\s*(!important)?\s*$/i;

const CSS_PROPERTIES = [
  "color",
  "background",
  "background-color",
  "background-image",
  "background-position",
  "background-repeat",
  "background-size",
  "border",
  "border-top",
  "border-right",
  "border-bottom",
  "border-left",
  "border-color",
  "border-style",
  "border-width",
  "border-top-color",
  "border-top-style",
  "border-top-width",
  "border-bottom-color",
  "border-bottom-style",
  "border-bottom-width",
  "border-left-color",
  "border-left-style",
  "border-left-width",
  "border-right-color",
  "border-right-style",
  "border-right-width",
  "border-collapse",
  "border-spacing",
  "border-radius",
  "border-top-left-radius",
  "border-top-right-radius",
  "border-bottom-left-radius",
  "border-bottom-right-radius",
  "font",
  "font-family",
  "font-size",
  "font-style",
  "font-weight",
  "font-variant",
  "line-height",
  "letter-spacing",
  "text-align",
  "text-decoration",
  "text-transform",
  "text-indent",
  "vertical-align",
  "white-space",
  "word-break",
  "word-wrap",
  "overflow-wrap",
  "width",
  "min-width",
  "max-width",
  "height",
  "min-height",
  "max-height",
  "margin",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "table-layout",
  "list-style",
  "list-style-type",
  "opacity",
  "overflow",
  "direction",
  "box-sizing",
  "-webkit-text-size-adjust",
  "-ms-text-size-adjust",
  "mso-line-height-rule",
  "mso-hide",
  "mso-table-lspace",
  "mso-table-rspace",
  "mso-padding-alt",
  "mso-height-rule",
  "mso-text-raise",
  "mso-border-alt",
];

const allowedStyles: Record<string, RegExp[]> = Object.fromEntries(CSS_PROPERTIES.map((p) => [p, [SAFE_VALUE]]));
allowedStyles.display = [DISPLAY];

const LAYOUT_ATTRS = ["align", "valign", "bgcolor", "width", "height", "style", "dir", "lang", "title"];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "td",
    "th",
    "caption",
    "colgroup",
    "col",
    "div",
    "span",
    "p",
    "a",
    "img",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sup",
    "sub",
    "ul",
    "ol",
    "li",
    "blockquote",
    "center",
    "font",
    "pre",
    "code",
  ],
  allowedAttributes: {
    "*": LAYOUT_ATTRS,
    a: [...LAYOUT_ATTRS, "href", "target", "rel", "name"],
    img: [...LAYOUT_ATTRS, "src", "alt", "border"],
    table: [...LAYOUT_ATTRS, "role", "cellpadding", "cellspacing", "border", "background"],
    td: [...LAYOUT_ATTRS, "colspan", "rowspan", "background"],
    th: [...LAYOUT_ATTRS, "colspan", "rowspan", "scope"],
    font: [...LAYOUT_ATTRS, "color", "face", "size"],
    ol: [...LAYOUT_ATTRS, "start", "type"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "http", "cid"] },
  allowProtocolRelative: false,
  allowedStyles: { "*": allowedStyles },
  disallowedTagsMode: "discard",
};

// ---------- report helpers ----------

const CLIENT_QUERY = ["gmail.*", "apple-mail.*", "outlook.*", "yahoo.*"];
const FAMILY: Record<string, ReportClient> = {
  gmail: "Gmail",
  "apple-mail": "Apple Mail",
  outlook: "Outlook",
  yahoo: "Yahoo",
};

/**
 * caniemail features every email of ours uses on purpose, with a known fallback that keeps the layout intact
 * (the skeleton's MSO table covers max-width in Outlook; corners turn square; role is ignored …).
 */
const GRACEFUL = new Set([
  "<body> element",
  "role attribute",
  "lang attribute",
  "border-radius",
  "overflow",
  "display:none",
  "max-width",
  "min-width",
  "margin",
  "padding",
  "opacity",
  "width",
  "height",
  "line-height",
  "letter-spacing",
  "text-decoration",
  "background-size",
  "background-position",
  "box-sizing",
  "word-break",
  "overflow-wrap",
  "white-space",
  "text-transform",
  "font-weight",
  "direction",
  "mso-hide",
]);

interface Finding {
  client: ReportClient;
  feature: string;
  platform: string;
}

function caniemail(html: string): Finding[] {
  let errors: string[] = [];
  try {
    const result = doIUseEmail(html, { emailClients: CLIENT_QUERY });
    errors = result.success ? [] : result.errors;
  } catch {
    return [];
  }
  const out = new Map<string, Finding>();
  for (const e of errors) {
    const m = e.match(/^`(.+)` is not supported by `([^`.]+)\.([^`]+)`$/);
    if (!m) continue;
    const client = FAMILY[m[2]!];
    if (!client) continue;
    const f = { client, feature: m[1]!, platform: m[3]! };
    out.set(`${f.client}|${f.feature}|${f.platform}`, f);
  }
  return [...out.values()];
}

function group(findings: Finding[], client: ReportClient) {
  const byFeature = new Map<string, Set<string>>();
  for (const f of findings) {
    if (f.client !== client) continue;
    const set = byFeature.get(f.feature) ?? new Set<string>();
    set.add(f.platform);
    byFeature.set(f.feature, set);
  }
  return [...byFeature.entries()].map(([feature, platforms]) => ({ feature, platforms: [...platforms].sort() }));
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function altFromSrc(src: string | undefined): string {
  if (!src) return "Image";
  try {
    const name = decodeURIComponent(new URL(src, "https://x.invalid").pathname.split("/").pop() ?? "");
    const words = name
      .replace(/\.[a-z0-9]+$/i, "")
      .replace(/[-_.]+/g, " ")
      .replace(/\b\d+x\d+\b/g, "")
      .trim();
    if (words && /[a-z]/i.test(words)) return words.charAt(0).toUpperCase() + words.slice(1);
  } catch {
    // not a URL
  }
  return "Image";
}

function firstColor(style: string | undefined): string | undefined {
  const m = style?.match(/background(?:-color)?\s*:\s*(#[0-9a-f]{3,8}|rgba?\([^)]*\)|[a-z]+)\s*(?:;|$)/i);
  const value = m?.[1];
  if (!value || /^(none|transparent|inherit|initial)$/i.test(value)) return undefined;
  return value;
}

// ---------- the pipeline ----------

export function postProcessEmail(input: PostProcessInput): PostProcessResult {
  const raw = input.html;
  const fixes: string[] = [];

  // 1. What the model wrote that we are about to remove (sanitize-html does not report it).
  const $raw = cheerio.load(raw);
  const styleBlocks = $raw("style").length;
  const scripts = $raw("script").length;
  let handlers = 0;
  $raw("*").each((_, el) => {
    if (el.type !== "tag") return;
    for (const name of Object.keys(el.attribs)) if (/^on/i.test(name)) handlers += 1;
  });
  const forms = $raw("form, input, button, select, textarea").length;
  const frames = $raw("iframe, frame, frameset, object, embed, video, audio, svg, canvas").length;
  const links = $raw("link").length;
  const lang = ($raw("html").attr("lang") ?? "en").match(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i)?.[0] ?? "en";
  const title = $raw("title").first().text().trim();

  // 2. Inline every CSS rule, then let the sanitiser drop the <style> blocks.
  let juiced = raw;
  try {
    juiced = juice(raw, {
      removeStyleTags: true,
      preserveMediaQueries: false,
      preserveFontFaces: false,
      preserveKeyFrames: false,
      preservePseudos: false,
      preserveImportant: true,
      applyWidthAttributes: true,
      applyAttributesTableElements: true,
      insertPreservedExtraCss: false,
      resolveCSSVariables: true,
    });
  } catch {
    // Unparseable CSS: the sanitiser still removes it.
  }
  const $ = cheerio.load(juiced);
  let flexGrid = 0;
  let vars = 0;
  let positioned = 0;
  $("[style]").each((_, el) => {
    const style = $(el).attr("style") ?? "";
    if (/display\s*:\s*(?:inline-)?(?:flex|grid)|(?:^|;)\s*(?:flex|grid|gap)[\w-]*\s*:/i.test(style)) flexGrid += 1;
    if (/var\(/i.test(style)) vars += 1;
    if (/(?:^|;)\s*(?:position|float|transform)\s*:/i.test(style)) positioned += 1;
  });

  // 3. The preheader: the model's hidden first element, else the JSON field, else the opening text.
  let preheader = "";
  const marked = $("body [class*='preheader']").first();
  const hidden = marked.length
    ? marked
    : $("body *")
        .filter((_, el) => /display\s*:\s*none/i.test($(el).attr("style") ?? ""))
        .first();
  if (hidden.length) {
    preheader = hidden.text().replace(/\s+/g, " ").trim();
    hidden.remove();
  }
  const bodyStyle = $("body").attr("style");
  const background = firstColor(bodyStyle) ?? "#f4f4f5";
  const bodyHtml = $("body").length ? ($("body").html() ?? "") : juiced;

  // 4. Sanitise the body against the email allowlist.
  const clean = sanitizeHtml(bodyHtml, SANITIZE);

  // 5. Structural rules on what is left.
  const $c = cheerio.load(clean, null, false);
  const missingAlt: string[] = [];
  $c("img").each((_, el) => {
    const img = $c(el);
    const alt = img.attr("alt");
    if (alt === undefined || alt.trim() === "") {
      const w = Number(img.attr("width"));
      const h = Number(img.attr("height"));
      const spacer = (w > 0 && w <= 2) || (h > 0 && h <= 2);
      if (spacer) {
        img.attr("alt", "");
        return;
      }
      missingAlt.push(img.attr("src") ?? "(no src)");
      img.attr("alt", img.attr("title") || altFromSrc(img.attr("src")));
    }
    if (!img.attr("border")) img.attr("border", "0");
  });
  $c("table").each((_, el) => {
    const t = $c(el);
    if (!t.attr("role")) t.attr("role", "presentation");
    if (t.attr("cellpadding") === undefined) t.attr("cellpadding", "0");
    if (t.attr("cellspacing") === undefined) t.attr("cellspacing", "0");
    if (t.attr("border") === undefined) t.attr("border", "0");
  });
  let clamped = 0;
  $c("[width], [style]").each((_, el) => {
    const node = $c(el);
    const w = node.attr("width");
    if (w && /^\d+$/.test(w) && Number(w) > MAX_WIDTH) {
      node.attr("width", String(MAX_WIDTH));
      clamped += 1;
    }
    const style = node.attr("style");
    if (style) {
      const next = style.replace(/(^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)px/gi, (all, sep: string, px: string) => {
        if (Number(px) <= MAX_WIDTH) return all;
        clamped += 1;
        return `${sep}width:100%;max-width:${MAX_WIDTH}px`;
      });
      if (next !== style) node.attr("style", next);
    }
  });
  const insecureLinks: string[] = [];
  $c("a").each((_, el) => {
    const href = ($c(el).attr("href") ?? "").trim();
    if (/^(https:|mailto:|tel:)/i.test(href)) return;
    insecureLinks.push(href || "(empty link)");
  });
  const content = $c.html();

  // 6. The skeleton: doctype, lang, metas, preheader, 600 px centred column with the Outlook fixed-width table.
  const subject = (input.subject?.trim() || title || "Your email").slice(0, 200);
  const plainBody = convert(content, {
    wordwrap: 78,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "table", format: "block" },
      { selector: "tr", format: "block" },
      { selector: "td", format: "block" },
    ],
  }).trim();
  if (!preheader) preheader = input.preheader?.trim() ?? "";
  if (!preheader) preheader = $c.root().text().replace(/\s+/g, " ").trim().slice(0, 90).trim();
  preheader = preheader.slice(0, 150);
  const spacer = "&#847;&zwnj;&nbsp;".repeat(30);
  const html = `<!DOCTYPE html>
<html lang="${lang}" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${background};">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}${spacer}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${background};">
<tr>
<td align="center" style="padding:0;">
<!--[if mso]><table role="presentation" width="${MAX_WIDTH}" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td width="${MAX_WIDTH}"><![endif]-->
<div style="max-width:${MAX_WIDTH}px;margin:0 auto;">
${content}
</div>
<!--[if mso]></td></tr></table><![endif]-->
</td>
</tr>
</table>
</body>
</html>
`;
  const text = `${subject}\n\n${plainBody}\n`;

  // 7. The report.
  if (scripts) fixes.push(`Removed ${plural(scripts, "<script> element")}`);
  if (handlers) fixes.push(`Removed ${plural(handlers, "event handler attribute")} (onclick …)`);
  if (forms) fixes.push(`Removed ${plural(forms, "form element")}`);
  if (frames) fixes.push(`Removed ${plural(frames, "embedded element")} (iframe, video, svg …)`);
  if (links) fixes.push(`Removed ${plural(links, "external stylesheet link")}`);
  if (styleBlocks) fixes.push(`Inlined and removed ${plural(styleBlocks, "<style> block")}`);
  if (flexGrid) fixes.push(`Removed flex/grid layout from ${plural(flexGrid, "element")}`);
  if (vars) fixes.push(`Removed CSS variables (var()) from ${plural(vars, "element")}`);
  if (positioned) fixes.push(`Removed positioning/float from ${plural(positioned, "element")}`);
  if (missingAlt.length) fixes.push(`Added placeholder alt text to ${plural(missingAlt.length, "image")}: review it`);
  if (clamped) fixes.push(`Limited ${plural(clamped, "width")} to ${MAX_WIDTH} px`);

  const sizeBytes = Buffer.byteLength(html, "utf8");
  const sizeStatus =
    sizeBytes > GENERATOR_LIMITS.gmailClipBytes
      ? "clipped"
      : sizeBytes >= GENERATOR_LIMITS.gmailWarnBytes
        ? "warn"
        : "ok";
  const before = caniemail(raw);
  const after = caniemail(html);
  const afterKeys = new Set(after.map((f) => `${f.client}|${f.feature}|${f.platform}`));
  const removed = before.filter((f) => !afterKeys.has(`${f.client}|${f.feature}|${f.platform}`));
  const clients = REPORT_CLIENTS.map((client) => ({
    client,
    issues: group(
      after.filter((f) => !GRACEFUL.has(f.feature)),
      client,
    ),
    degrades: group(
      after.filter((f) => GRACEFUL.has(f.feature)),
      client,
    ),
    fixed: group(removed, client),
  }));
  const passed =
    clients.every((c) => c.issues.length === 0) &&
    missingAlt.length === 0 &&
    insecureLinks.length === 0 &&
    sizeStatus === "ok";
  return {
    html,
    text,
    subject,
    preheader,
    report: { sizeBytes, sizeStatus, clients, fixes, missingAlt, insecureLinks, passed },
  };
}
