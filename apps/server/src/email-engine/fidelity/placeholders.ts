import type { Element } from "domhandler";
import { loadEmail, serializeEmail } from "../dom.js";

/**
 * Pictures the renderer cannot load, as placeholders of their own size (decision 111). The rendering
 * browser has no network (decision 101): a remote picture fails, and without a height attribute it collapses to
 * nothing, so an image-heavy email lost its layout against its own design (≈ 32). Before the fidelity render each
 * picture the renderer would not load becomes a neutral grey box of the size the email gives it (width and height
 * attributes or inline style; without a height, half its width) — what a reader with pictures off sees in most
 * clients, and comparable to the design's picture region in place and size.
 */
export const PLACEHOLDER_GREY = "#c8c8c8";
/** Widest placeholder, px (an email's content width). */
const MAX_WIDTH = 600;

const px = (v: string | undefined): number | undefined => {
  const m = /^\s*(\d+(?:\.\d+)?)(?:px)?\s*$/i.exec(v ?? "");
  return m ? Number(m[1]) : undefined;
};

function styleValue(style: string | undefined, prop: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([^;]+)`, "i").exec(style ?? "");
  return m?.[1];
}

/** A picture the renderer loads: inline data, or a file of the site's own origins. */
function loads(src: string, ownOrigins: readonly string[]): boolean {
  if (/^\s*data:/i.test(src)) return true;
  try {
    return ownOrigins.includes(new URL(src.trim()).origin);
  } catch {
    return false;
  }
}

function placeholder(width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${PLACEHOLDER_GREY}"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The email with every picture the renderer would not load replaced by a grey box of its size. */
export function withImagePlaceholders(html: string, ownOrigins: readonly string[] = []): string {
  const $ = loadEmail(html);
  let changed = 0;
  $("img").each((_, node) => {
    const img = node as Element;
    const src = img.attribs.src ?? "";
    if (src && loads(src, ownOrigins)) return;
    const style = img.attribs.style;
    const width = Math.min(MAX_WIDTH, px(img.attribs.width) ?? px(styleValue(style, "width")) ?? MAX_WIDTH);
    const height = px(img.attribs.height) ?? px(styleValue(style, "height")) ?? width / 2;
    img.attribs.src = placeholder(width, height);
    if (!img.attribs.width && !styleValue(style, "width")) img.attribs.width = String(Math.round(width));
    delete img.attribs.srcset;
    changed += 1;
  });
  return changed ? serializeEmail($) : html;
}
