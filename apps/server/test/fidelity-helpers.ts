/**
 * Helpers for validating the fidelity score on real templates (apps/server/test/fidelity-validation.test.ts and
 * scripts/experiment-mjml-vs-html.ts): offline pictures for remote images, and the degradations a generated email
 * typically suffers (images missing, colours wrong, a column dropped).
 */
import { createHash } from "node:crypto";
import * as cheerio from "cheerio";
import { formatHex, oklch, parse } from "culori";
import sharp from "sharp";

const URL_RE = /https?:\/\/[^\s"'()<>]+/g;

function hashBytes(s: string): Buffer {
  return createHash("sha256").update(s).digest();
}

const pictureCache = new Map<string, string>();

/**
 * A deterministic stand-in picture for an image URL (the machine is offline): a gradient with a few shapes in
 * colours drawn from the URL's hash, as a JPEG data URL. Same URL → same picture.
 */
export async function pictureFor(url: string, width = 480, height = 300): Promise<string> {
  const key = `${url}|${width}x${height}`;
  const hit = pictureCache.get(key);
  if (hit) return hit;
  const h = hashBytes(url);
  const col = (i: number) => `rgb(${h[i]},${h[i + 1]},${h[i + 2]})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${col(0)}"/><stop offset="1" stop-color="${col(3)}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${(h[6]! / 255) * width}" cy="${(h[7]! / 255) * height}" r="${height / 4 + (h[8]! % 40)}" fill="${col(9)}"/>
    <rect x="${(h[12]! / 255) * width * 0.6}" y="${(h[13]! / 255) * height * 0.6}" width="${width / 3}" height="${height / 4}" fill="${col(14)}"/>
    <polygon points="0,${height} ${width / 2},${height * 0.55} ${width},${height}" fill="${col(17)}" opacity="0.8"/>
  </svg>`;
  const jpg = await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
  const dataUrl = `data:image/jpeg;base64,${jpg.toString("base64")}`;
  pictureCache.set(key, dataUrl);
  return dataUrl;
}

const IMAGE_EXT = /\.(png|jpe?g|gif|webp)(\?|$)/i;

/**
 * Replaces remote pictures (img src, background attributes, CSS url() pointing at images) with stand-in data URLs
 * so a template renders offline the same way every time. Links (href) are left alone.
 */
export async function inlineImages(html: string): Promise<string> {
  const $ = cheerio.load(html);
  const urls = new Set<string>();
  $("img[src]").each((_, el) => {
    const src = $(el).attr("src") ?? "";
    if (/^https?:/i.test(src)) urls.add(src);
  });
  $("[background]").each((_, el) => {
    const src = $(el).attr("background") ?? "";
    if (/^https?:/i.test(src)) urls.add(src);
  });
  for (const m of html.matchAll(/url\(\s*['"]?(https?:\/\/[^'")\s]+)['"]?\s*\)/gi)) urls.add(m[1]!);
  for (const m of html.matchAll(URL_RE)) if (IMAGE_EXT.test(m[0])) urls.add(m[0]);
  let out = html;
  // Longest first so a URL that prefixes another is not replaced inside it.
  for (const url of [...urls].sort((a, b) => b.length - a.length)) {
    out = out.split(url).join(await pictureFor(url));
    const encoded = url.replace(/&/g, "&amp;");
    if (encoded !== url) out = out.split(encoded).join(await pictureFor(url));
  }
  return out;
}

// ---------- degradations ----------

/** Removes every picture: <img> elements, background attributes and CSS background images. */
export function removeImages(html: string): string {
  const $ = cheerio.load(html);
  $("img").remove();
  $("[background]").removeAttr("background");
  $("[style]").each((_, el) => {
    const style = $(el).attr("style") ?? "";
    $(el).attr("style", style.replace(/background(-image)?\s*:[^;]*url\([^)]*\)[^;]*;?/gi, ""));
  });
  $("style").each((_, el) => {
    $(el).text(
      $(el)
        .text()
        .replace(/url\([^)]*\)/gi, "none"),
    );
  });
  // VML backgrounds (Outlook) carry the picture too; Chromium ignores them, nothing to do.
  return $.html();
}

/** Turns a colour's hue by `degrees` in OKLCH (greys stay grey): a brand colour read wrongly. */
function turnColour(text: string, degrees: number): string {
  const c = parse(text);
  if (!c) return text;
  const l = oklch(c);
  if (!l || (l.c ?? 0) < 0.03) return text;
  return formatHex({ ...l, h: ((l.h ?? 0) + degrees) % 360 });
}

/** Turns every colour written in the HTML and its CSS (hex, rgb()) by `degrees` of hue. */
export function changeColours(html: string, degrees = 150): string {
  return html
    .replace(/#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi, (m) => turnColour(m, degrees))
    .replace(/rgba?\([^)]*\)/gi, (m) => turnColour(m, degrees));
}

/**
 * Drops one column of the first multi-column row: MJML-style columns (class "mj-column-…"), then any element
 * whose class names a column, then the last <td> of a row with several content cells. Returns null when the
 * template has no multi-column row.
 */
export function dropColumn(html: string): string | null {
  const $ = cheerio.load(html);
  const groups = new Map<unknown, cheerio.Cheerio<never>>();
  const candidates = $('[class*="mj-column"], [class*="column"], [class*="col-"]').toArray();
  for (const el of candidates) {
    const parent = el.parent;
    const siblings = $(parent as never)
      .children()
      .filter((_, s) => candidates.includes(s));
    if (siblings.length >= 2 && !groups.has(parent)) groups.set(parent, siblings as never);
  }
  for (const siblings of groups.values()) {
    const last = siblings.last();
    // MJML wraps each column in an MSO-only <td> comment; removing the div is what other clients see.
    last.remove();
    return $.html();
  }
  for (const tr of $("tr").toArray()) {
    const cells = $(tr)
      .children("td, th")
      .filter((_, td) => $(td).text().trim().length > 20 || $(td).find("img").length > 0);
    if (cells.length >= 2) {
      cells.last().remove();
      return $.html();
    }
  }
  return null;
}

// ---------- near misses (what a good, not pixel-exact reproduction looks like) ----------

/** Another font family everywhere (a model picking a web-safe stack for a brand font). */
export function changeFont(html: string, family = "Georgia, 'Times New Roman', serif"): string {
  const $ = cheerio.load(html);
  $("head").append(`<style>*{font-family:${family} !important}</style>`);
  return $.html();
}

/** All paddings scaled (a model estimating spacing by eye). */
export function changeSpacing(html: string, factor = 1.3): string {
  return html.replace(/padding(-(top|bottom|left|right))?\s*:\s*([^;"']+)/gi, (m, _side, _s, value: string) => {
    const scaled = value.replace(/(\d+(?:\.\d+)?)px/g, (_: string, n: string) => `${Math.round(Number(n) * factor)}px`);
    return m.replace(value, scaled);
  });
}
