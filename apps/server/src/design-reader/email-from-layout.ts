import {
  type DesignReaderLanguage,
  GENERATOR_LIMITS,
  type TDesignLayout,
  type TLayoutBlock,
  type TLayoutBox,
  type TLayoutButton,
  type TLayoutColumn,
  type TLayoutDivider,
  type TLayoutPicture,
  type TLayoutRow,
  type TLayoutSection,
  type TLayoutText,
} from "@mailsmith/shared";
import { escapeHtml } from "../lib/escape-html.js";

/**
 * The email the local reader writes (issue 43, decision 122): the design reader's layout turned into an HTML email
 * with live text — never the design pasted as one picture. Table-based, at most 600 px wide, each section a
 * full-width band with its background, rows whose columns sit side by side on a desktop and stack on a phone
 * (inline-block columns that wrap by themselves, a media query, and ghost tables for Outlook), text with the read
 * size, weight, colour and alignment (headings as h1/h2), buttons as bulletproof buttons, dividers, and pictures
 * cropped from the design. A pure function: the generator's pipeline hands the answer on exactly as it hands on a
 * model's (the pictures are boxes on the 0–1000 scale that `materialiseImages` crops and hosts).
 */

/** The link every button gets: the picture cannot show where a button goes, so the member fills it in. */
export const LINK_PLACEHOLDER = "https://example.com/";

/** A picture to crop, in the model's box format (design-images.ts ModelImageBox): [ymin, xmin, ymax, xmax] on 0–1000. */
export interface LayoutImageBox {
  id: string;
  kind: "photo" | "logo" | "icon";
  alt: string;
  /** 1-based index of the design image the box is on. */
  design: number;
  box: [number, number, number, number];
}

export interface LayoutEmail {
  html: string;
  subject: string;
  preheader: string;
  images: LayoutImageBox[];
  /** Every word the reader read, for the fidelity score's text part. */
  designText: string;
  lang: string;
  /** The label of every button whose link is LINK_PLACEHOLDER, in order: the report asks the member to fill them. */
  linksToFill: string[];
  /** Pictures with no text read on them: their alt text is empty until the member describes them. */
  picturesWithoutAlt: number;
  /** Words the reader was unsure of (the member checks them). */
  uncertainWords: string[];
  /** Areas whose text could not be read (another script, too small), with why. */
  unreadable: string[];
}

export interface EmailFromLayoutOptions {
  /** The language when the reader could not tell (the member's setting), else English. */
  fallbackLanguage?: string;
}

/** The most pictures one email gets (design-images.ts cleanBoxes keeps 30 boxes). */
const MAX_PICTURES = 30;
/**
 * At this viewport width and below the columns stack and big text shrinks (phones; a 600 px desktop render never
 * matches). Between it and the email's width, inline-block columns that no longer fit wrap by themselves.
 */
const PHONE_MAX_PX = 480;
/** Text this size or larger gets PHONE_BIG_FONT_PX on a phone, so one long word never runs past the screen. */
const BIG_FONT_PX = 34;
const PHONE_BIG_FONT_PX = 30;
const FONT_STACK = "Arial, Helvetica, sans-serif";
const MAX_SUBJECT = 120;
const MAX_PREHEADER = 110;

/** One design and what this email does with it: how image pixels become the email's CSS pixels. */
interface Frame {
  layout: TDesignLayout;
  /** 1-based design index. */
  design: number;
  /** Email CSS pixels per image pixel. */
  k: number;
  /** Email CSS pixels per design CSS pixel (1 unless the design is wider than the email). */
  fontK: number;
}

/** What the builder gathers while it writes (pictures, buttons, the first heading). */
interface Gathered {
  images: LayoutImageBox[];
  linksToFill: string[];
  picturesWithoutAlt: number;
  headings: number;
}

const px = (n: number) => Math.max(0, Math.round(n));
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const shorten = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const attr = (s: string) => escapeHtml(s);

/** The email's width: the design's content column in CSS pixels, at most 600 (and at least 320). */
export function emailWidthOf(layout: TDesignLayout): number {
  const css = layout.content.width / (layout.scale || 1);
  return clamp(Math.round(css), 320, GENERATOR_LIMITS.emailMaxWidthPx);
}

/** The 0–1000 box of an image-pixel box (rounded inwards so no neighbouring pixels enter the crop; at least 5). */
export function boxOnThousand(box: TLayoutBox, width: number, height: number): LayoutImageBox["box"] {
  const axis = (from: number, size: number, total: number): [number, number] => {
    let a = Math.ceil((from / total) * 1000);
    let b = Math.floor(((from + size) / total) * 1000);
    if (b - a < 5) {
      const mid = ((from + size / 2) / total) * 1000;
      a = Math.round(mid - 2.5);
      b = a + 5;
    }
    const lo = clamp(a, 0, 995);
    return [lo, clamp(Math.max(b, lo + 5), 5, 1000)];
  };
  const [x0, x1] = axis(box.x, box.width, width);
  const [y0, y1] = axis(box.y, box.height, height);
  return [y0, x0, y1, x1];
}

function textStyle(b: { fontSizePx: number; fontWeight: string; colour: string; align: string }, f: Frame) {
  const size = clamp(Math.round(b.fontSizePx * f.fontK), 10, 72);
  const big = size >= BIG_FONT_PX ? ' class="ms-big"' : "";
  return {
    size,
    big,
    css: `font-family:${FONT_STACK};font-size:${size}px;font-weight:${b.fontWeight};color:${b.colour}`,
  };
}

/** A long word or address wraps instead of widening the email. */
const WRAP = "word-break:break-word;overflow-wrap:break-word";

function textBlock(b: TLayoutText, f: Frame, g: Gathered): string {
  const { css, big } = textStyle(b, f);
  const text = escapeHtml(oneLine(b.text));
  const align = `text-align:${b.align};${WRAP}`;
  if (b.role === "heading") {
    const tag = g.headings === 0 ? "h1" : "h2";
    g.headings += 1;
    return `<${tag}${big} style="margin:0;${css};line-height:1.25;${align}">${text}</${tag}>`;
  }
  const lineHeight = b.role === "small" ? 1.4 : 1.5;
  return `<p${big} style="margin:0;${css};line-height:${lineHeight};${align}">${text}</p>`;
}

/** A bulletproof button: a table cell with the fill and a padded link, so the whole shape is clickable. */
function buttonBlock(b: TLayoutButton, f: Frame, columnWidth: number, g: Gathered): string {
  const { size, css } = textStyle(b, f);
  const label = oneLine(b.text);
  g.linksToFill.push(label);
  const width = Math.min(b.box.width * f.k, columnWidth);
  const height = b.box.height * f.k;
  // The label's width is unknown: about 0.55 em per character in Arial.
  const labelWidth = Math.min(width, label.length * size * 0.55);
  const padY = clamp(px((height - size * 1.2) / 2), 6, 32);
  const padX = clamp(px((width - labelWidth) / 2), 12, 64);
  const radius = px(b.radiusPx * f.fontK);
  const fill = b.background;
  const border = b.border ? `border:1px solid ${b.border};` : "";
  const rounded = radius ? `border-radius:${radius}px;` : "";
  // A button (nearly) as wide as its column stays full width, on a phone too.
  const full = width >= columnWidth * 0.8;
  const margin = b.align === "center" ? "margin:0 auto;" : b.align === "right" ? "margin:0 0 0 auto;" : "";
  const table = full
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate">`
    : `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="${b.align}" style="${margin}border-collapse:separate">`;
  const display = full ? "display:block" : "display:inline-block";
  return (
    table +
    `<tr><td align="center" bgcolor="${fill}" style="background-color:${fill};${border}${rounded}">` +
    `<a href="${LINK_PLACEHOLDER}" target="_blank" style="${display};padding:${padY}px ${padX}px;${css};line-height:1.2;text-decoration:none;${rounded}${WRAP}">${escapeHtml(label)}</a>` +
    `</td></tr></table>`
  );
}

function dividerBlock(b: TLayoutDivider, f: Frame): string {
  const thickness = clamp(px(b.box.height * f.k), 1, 4);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="border-top:${thickness}px solid ${b.colour};font-size:0;line-height:0;height:0">&nbsp;</td></tr></table>`;
}

function pictureBlock(b: TLayoutPicture, f: Frame, columnWidth: number, g: Gathered): string {
  if (g.images.length >= MAX_PICTURES) return "";
  const id = `pic-${g.images.length + 1}`;
  const alt = oneLine(b.text);
  if (!alt) g.picturesWithoutAlt += 1;
  g.images.push({
    id,
    kind: b.role,
    alt,
    design: f.design,
    box: boxOnThousand(b.box, f.layout.width, f.layout.height),
  });
  const width = Math.max(1, Math.min(px(b.box.width * f.k), columnWidth));
  const height = Math.max(1, px((b.box.height * f.k * width) / Math.max(1, b.box.width * f.k)));
  const img = `<img src="image:${id}" width="${width}" height="${height}" alt="${attr(alt)}" class="ms-img" style="display:block;width:100%;max-width:${width}px;height:auto;border:0">`;
  return img;
}

/** Where a block sits across its column: its centre against the column's thirds. */
function horizontalAlign(block: TLayoutBox, column: TLayoutBox): "left" | "center" | "right" {
  const free = column.width - block.width;
  if (free < column.width * 0.08) return "left";
  const leftGap = block.x - column.x;
  const rightGap = column.x + column.width - (block.x + block.width);
  if (Math.abs(leftGap - rightGap) <= free * 0.2) return "center";
  return leftGap < rightGap ? "left" : "right";
}

function blockHtml(block: TLayoutBlock, column: TLayoutColumn, f: Frame, width: number, g: Gathered): string {
  switch (block.kind) {
    case "text":
      return textBlock(block, f, g);
    case "button":
      return buttonBlock(block, f, width, g);
    case "divider":
      return dividerBlock(block, f);
    case "picture": {
      // A centred or right-aligned picture keeps its place in the column.
      const img = pictureBlock(block, f, width, g);
      const align = horizontalAlign(block.box, column.box);
      return align === "left" || !img
        ? img
        : `<div style="text-align:${align}">${img.replace("display:block;", "display:inline-block;")}</div>`;
    }
  }
}

/** The blocks' extent inside their column (the column's own padding when it is a card). */
function extent(blocks: TLayoutBlock[], fallback: TLayoutBox): TLayoutBox {
  if (blocks.length === 0) return fallback;
  const x0 = Math.min(...blocks.map((b) => b.box.x));
  const y0 = Math.min(...blocks.map((b) => b.box.y));
  const x1 = Math.max(...blocks.map((b) => b.box.x + b.box.width));
  const y1 = Math.max(...blocks.map((b) => b.box.y + b.box.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** One column's content: its blocks top to bottom, each spaced as in the design. */
function columnHtml(column: TLayoutColumn, f: Frame, width: number, g: Gathered): string {
  const blocks = [...column.blocks].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const inner = extent(blocks, column.box);
  const card = column.background !== null;
  const pad = card
    ? {
        top: clamp(px((inner.y - column.box.y) * f.k), 0, 60),
        right: clamp(px((column.box.x + column.box.width - (inner.x + inner.width)) * f.k), 0, 48),
        bottom: clamp(px((column.box.y + column.box.height - (inner.y + inner.height)) * f.k), 0, 60),
        left: clamp(px((inner.x - column.box.x) * f.k), 0, 48),
      }
    : { top: 0, right: 0, bottom: 0, left: 0 };
  const contentWidth = Math.max(40, width - pad.left - pad.right);
  let previousBottom = card ? inner.y : (blocks[0]?.box.y ?? column.box.y);
  const rows = blocks
    .map((b) => {
      const gap = clamp(px((b.box.y - previousBottom) * f.k), 0, 80);
      previousBottom = Math.max(previousBottom, b.box.y + b.box.height);
      const html = blockHtml(b, column, f, contentWidth, g);
      return html ? `<tr><td style="padding-top:${gap}px">${html}</td></tr>` : "";
    })
    .join("");
  const fill = card ? ` bgcolor="${column.background}"` : "";
  const fillCss = card ? `background-color:${column.background};` : "";
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"${fill} style="${fillCss}">` +
    `<tr><td style="padding:${pad.top}px ${pad.right}px ${pad.bottom}px ${pad.left}px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rows}</table>` +
    `</td></tr></table>`
  );
}

/**
 * A row: its columns tile the row's width (each column's slot runs to the next column's left edge, the gap is the
 * slot's right padding). On a desktop the inline-block columns sit side by side; below STACK_BELOW_PX they wrap to
 * one column (fluid max-widths, and the media query for clients that read it). Outlook gets a ghost table.
 */
function rowHtml(row: TLayoutRow, f: Frame, emailWidth: number, g: Gathered): string {
  const columns = [...row.columns].sort((a, b) => a.box.x - b.box.x);
  const content = f.layout.content;
  const first = columns[0]?.box ?? row.box;
  const last = columns[columns.length - 1]?.box ?? row.box;
  // The row's side margins, as in the design (a phone keeps at most 24 px of them, in the media query).
  const padLeft = clamp(px((first.x - content.x) * f.k), 0, emailWidth / 4);
  const padRight = clamp(px((content.x + content.width - (last.x + last.width)) * f.k), 0, emailWidth / 4);
  const inner = Math.max(40, emailWidth - padLeft - padRight);
  if (columns.length <= 1) {
    const only = columns[0] ?? { box: row.box, background: null, blocks: [] };
    return `<tr><td class="ms-pad" style="padding:0 ${padRight}px 0 ${padLeft}px">${columnHtml(only, f, inner, g)}</td></tr>`;
  }
  // Slots in image pixels, then whole CSS pixels that add up to the inner width exactly.
  const span = last.x + last.width - first.x || 1;
  const slots = columns.map((c, i) => {
    const next = columns[i + 1];
    const end = next ? next.box.x : c.box.x + c.box.width;
    return { column: c, slot: end - c.box.x, gutter: next ? Math.max(0, next.box.x - (c.box.x + c.box.width)) : 0 };
  });
  const widths = slots.map((s) => Math.floor((s.slot / span) * inner));
  widths[widths.length - 1]! += inner - widths.reduce((a, b) => a + b, 0);
  const cells = slots.map((s, i) => {
    const slotWidth = widths[i]!;
    const gutter = clamp(px((s.gutter / span) * inner), 0, slotWidth / 2);
    const columnWidth = slotWidth - gutter;
    const body = columnHtml(s.column, f, columnWidth, g);
    const ghostOpen = `<!--[if mso]><td width="${slotWidth}" valign="top" style="width:${slotWidth}px"><![endif]-->`;
    const ghostClose = "<!--[if mso]></td><![endif]-->";
    return (
      ghostOpen +
      `<div class="ms-col" style="display:inline-block;vertical-align:top;width:100%;max-width:${slotWidth}px">` +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
      `<td class="ms-gutter" style="padding:0 ${gutter}px 0 0;font-size:16px;text-align:left">${body}</td>` +
      `</tr></table></div>` +
      ghostClose
    );
  });
  return (
    `<tr><td class="ms-pad" style="padding:0 ${padRight}px 0 ${padLeft}px;font-size:0;text-align:left">` +
    `<!--[if mso]><table role="presentation" width="${inner}" cellpadding="0" cellspacing="0" border="0"><tr><![endif]-->` +
    cells.join("") +
    "<!--[if mso]></tr></table><![endif]-->" +
    `</td></tr>`
  );
}

/** A section: one full-width band with its background, its rows spaced as in the design. */
function sectionHtml(section: TLayoutSection, f: Frame, emailWidth: number, g: Gathered): string {
  const rows = [...section.rows].sort((a, b) => a.box.y - b.box.y);
  const top = rows[0] ? clamp(px((rows[0].box.y - section.box.y) * f.k), 0, 96) : 0;
  const lastRow = rows[rows.length - 1];
  const bottom = lastRow
    ? clamp(px((section.box.y + section.box.height - (lastRow.box.y + lastRow.box.height)) * f.k), 0, 96)
    : px(section.box.height * f.k);
  let previousBottom = rows[0]?.box.y ?? section.box.y;
  const body = rows
    .map((row) => {
      const gap = clamp(px((row.box.y - previousBottom) * f.k), 0, 96);
      previousBottom = Math.max(previousBottom, row.box.y + row.box.height);
      const spacer = gap > 0 ? `<tr><td style="height:${gap}px;font-size:0;line-height:0">&nbsp;</td></tr>` : "";
      return spacer + rowHtml(row, f, emailWidth, g);
    })
    .join("");
  return (
    `<tr><td bgcolor="${section.background}" style="background-color:${section.background};padding:${top}px 0 ${bottom}px 0">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${body}</table>` +
    `</td></tr>`
  );
}

function textBlocksOf(layouts: TDesignLayout[]): TLayoutText[] {
  const out: TLayoutText[] = [];
  for (const l of layouts)
    for (const s of l.sections)
      for (const r of s.rows) for (const c of r.columns) for (const b of c.blocks) if (b.kind === "text") out.push(b);
  return out;
}

const STYLE = [
  `@media only screen and (max-width:${PHONE_MAX_PX}px){`,
  ".ms-wrap{width:100%!important;max-width:100%!important}",
  ".ms-col{display:block!important;width:100%!important;max-width:100%!important}",
  ".ms-gutter{padding:0 0 16px 0!important}",
  ".ms-pad{padding-left:16px!important;padding-right:16px!important}",
  ".ms-img{width:100%!important;height:auto!important}",
  `.ms-big{font-size:${PHONE_BIG_FONT_PX}px!important;line-height:1.2!important}`,
  "}",
].join("");

/**
 * The email for the designs' layouts (one after the other, the first one's width). The subject is the first heading
 * (else the first text), the preheader the first body text after it; `lang` the language read, else the fallback.
 */
export function emailFromLayout(layouts: TDesignLayout[], opts: EmailFromLayoutOptions = {}): LayoutEmail {
  const firstLayout = layouts[0];
  const emailWidth = firstLayout ? emailWidthOf(firstLayout) : GENERATOR_LIMITS.emailMaxWidthPx;
  const g: Gathered = { images: [], linksToFill: [], picturesWithoutAlt: 0, headings: 0 };
  const sections = layouts
    .flatMap((layout, i) => {
      const contentCss = layout.content.width / (layout.scale || 1);
      const f: Frame = {
        layout,
        design: i + 1,
        k: emailWidth / Math.max(1, layout.content.width),
        fontK: Math.min(1, emailWidth / Math.max(1, contentCss)),
      };
      return [...layout.sections].sort((a, b) => a.box.y - b.box.y).map((s) => sectionHtml(s, f, emailWidth, g));
    })
    .join("");
  const texts = textBlocksOf(layouts);
  const headingIndex = texts.findIndex((t) => t.role === "heading");
  const heading = texts[headingIndex];
  const subject = shorten(oneLine(heading?.text ?? texts[0]?.text ?? ""), MAX_SUBJECT) || "Your email";
  const after = texts.slice(headingIndex + 1).find((t) => t.role === "body" && oneLine(t.text).length > 0);
  const preheader = shorten(oneLine(after?.text ?? ""), MAX_PREHEADER);
  const language: DesignReaderLanguage | null = firstLayout?.language ?? null;
  const lang = language ?? opts.fallbackLanguage ?? "en";
  const outer = firstLayout?.outerBackground ?? "#ffffff";
  const html = [
    "<!DOCTYPE html>",
    `<html lang="${attr(lang)}" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(subject)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    `<body style="margin:0;padding:0;background-color:${outer}">`,
    `<div class="preheader" style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${outer}" style="background-color:${outer}">`,
    '<tr><td align="center" style="padding:0">',
    `<!--[if mso]><table role="presentation" width="${emailWidth}" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->`,
    `<table role="presentation" class="ms-wrap" width="${emailWidth}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${emailWidth}px;margin:0 auto">`,
    sections,
    "</table>",
    "<!--[if mso]></td></tr></table><![endif]-->",
    "</td></tr></table>",
    "</body>",
    "</html>",
  ].join("\n");
  return {
    html,
    subject,
    preheader,
    images: g.images,
    designText: layouts.map((l) => l.text).join("\n"),
    lang,
    linksToFill: g.linksToFill,
    picturesWithoutAlt: g.picturesWithoutAlt,
    uncertainWords: [...new Set(texts.flatMap((t) => t.uncertain))],
    unreadable: layouts.flatMap((l) => l.unreadable.map((u) => u.reason)),
  };
}
