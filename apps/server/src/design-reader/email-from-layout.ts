import {
  type DesignReaderLanguage,
  GENERATOR_LIMITS,
  leafBlocksOf,
  type TDesignLayout,
  type TLayoutBlock,
  type TLayoutBox,
  type TLayoutButton,
  type TLayoutColumn,
  type TLayoutDivider,
  type TLayoutGrid,
  type TLayoutLeafBlock,
  type TLayoutLine,
  type TLayoutPicture,
  type TLayoutRow,
  type TLayoutSection,
  type TLayoutText,
  type TLayoutWord,
} from "@mailsmith/shared";
import { BODY_TEXT_MIN_PX, TINY_TEXT_PX } from "../email-engine/checks/text-size.js";
import { escapeHtml } from "../lib/escape-html.js";
import { RULE_MAX_CSS } from "./dividers.js";
import { FACES, type FontFamily, inkEms } from "./font-metrics.js";

/**
 * The email the local reader writes (decision 122): the design reader's layout turned into an HTML email
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
  /** Areas of the crop to erase (text set live over the picture), on the same 0–1000 scale of the design. */
  erase?: [number, number, number, number][];
}

export interface LayoutEmail {
  html: string;
  subject: string;
  preheader: string;
  images: LayoutImageBox[];
  /** Every word the reader read, for the fidelity score's text part. */
  designText: string;
  lang: string;
  /**
   * The label of every button and text link whose address is LINK_PLACEHOLDER, in order: the report asks the member
   * to fill them.
   */
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
/**
 * The largest text set (CSS px): a poster's headline can be 100–120 px (Easy Email's 22 "BLACK" is 117 px; capped at
 * 72 it was 60 % of its width). Above this a size is more likely a picture's shape read as letters than a word.
 */
const MAX_FONT_PX = 120;
/** Text this size or larger gets PHONE_BIG_FONT_PX on a phone, so one long word never runs past the screen. */
const BIG_FONT_PX = 34;
const PHONE_BIG_FONT_PX = 30;
/**
 * The faces the email sets (decision 150): Arial, whose widths sans-serif sizes are fitted with, and for a serif text
 * Times New Roman, whose widths serif sizes are fitted with and are the same on every system (Liberation Serif,
 * Tinos): a design's Georgia or Playfair is set in the one serif whose lines wrap where the design's did.
 */
const FONT_STACKS: Record<FontFamily, string> = {
  "sans-serif": "Arial, Helvetica, sans-serif",
  serif: "'Times New Roman', Times, serif",
};
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
  /** The email is wider than a phone: its big text shrinks there. A phone-sized design is the phone's layout already. */
  phoneRules: boolean;
  /** For a one-line text, how far below its top the next text under it starts in the design (image pixels). */
  nextLineBelow: WeakMap<TLayoutText, number>;
  /** A paragraph's size where its widest line, set at its fitted size, is wider than its column (fitParagraphs). */
  sizeCaps: WeakMap<object, number>;
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
/**
 * The tallest space kept between blocks (CSS px). A band's empty stretch can be a flat picture as tall as the email is
 * wide (a 600 px square of one colour): a bound of 400 cut such a stretch short and moved all below it up.
 */
const MAX_GAP_PX = 2000;
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const shorten = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const attr = (s: string) => escapeHtml(s);

/**
 * The narrowest email the builder writes (CSS px): the reader refuses narrower designs. A design's own narrow
 * column (a 260 px card centred on a white page) is kept as narrow: widened to 320 px, its text was set 23 % larger
 * and every line moved.
 */
const EMAIL_MIN_WIDTH_PX = 200;

/** The email's width: the design's content column in CSS pixels, at most 600 (and at least EMAIL_MIN_WIDTH_PX). */
export function emailWidthOf(layout: TDesignLayout): number {
  const css = layout.content.width / (layout.scale || 1);
  return clamp(Math.round(css), EMAIL_MIN_WIDTH_PX, GENERATOR_LIMITS.emailMaxWidthPx);
}

/**
 * The 0–1000 box of an image-pixel box, to a thousandth (a whole step of 1000 is 6.6 px of a 6,600 px design:
 * rounded inwards to whole steps, a tall design's pictures came out up to 13 px short), a hundredth of a pixel
 * inwards so no neighbouring pixel enters the crop; at least 5 on each axis.
 */
export function boxOnThousand(box: TLayoutBox, width: number, height: number): LayoutImageBox["box"] {
  const axis = (from: number, size: number, total: number): [number, number] => {
    let a = Math.ceil(((from + 0.01) / total) * 1e6) / 1000;
    let b = Math.floor(((from + size - 0.01) / total) * 1e6) / 1000;
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

interface Styled {
  fontSizePx: number;
  fontWeight: string;
  fontFamily?: FontFamily | undefined;
  letterSpacingPx?: number | undefined;
  fontStyle?: "normal" | "italic" | undefined;
  colour: string;
  align: string;
}

const faceOf = (b: Styled) => FACES[b.fontFamily ?? "sans-serif"];

function textStyle(b: Styled, f: Frame) {
  // (The size was fitted with the weight's own letter widths: font-metrics.ts.)
  const size = Math.min(clamp(Math.round(b.fontSizePx * f.fontK), 10, MAX_FONT_PX), f.sizeCaps.get(b) ?? MAX_FONT_PX);
  const big = f.phoneRules && size >= BIG_FONT_PX ? ' class="ms-big"' : "";
  // Letter-spaced type keeps its spacing, in proportion to its size.
  const spacing = b.letterSpacingPx ? Math.round(b.letterSpacingPx * (size / b.fontSizePx) * 2) / 2 : 0;
  return {
    size,
    big,
    spacing,
    css: `font-family:${FONT_STACKS[b.fontFamily ?? "sans-serif"]};font-size:${size}px;font-weight:${b.fontWeight}${b.fontStyle === "italic" ? ";font-style:italic" : ""};color:${b.colour}${spacing ? `;letter-spacing:${spacing}px` : ""}`,
  };
}

/** A long word or address wraps instead of widening the email. */
const WRAP = "word-break:break-word;overflow-wrap:break-word";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};

/**
 * A text block's line height in email pixels: the pitch of its read lines, else 1.25 em (one line), or less when the
 * next text starts closer under it in the design (a word a line, stacked: "F / RI / D / A / Y" at 1 em): each line
 * 0.25 em taller pushed every line under it down.
 */
function lineHeightOf(b: TLayoutText, size: number, f: Frame): number {
  const tops = [...b.lines].map((l) => l.box.y).sort((a, b) => a - b);
  const pitches = tops.slice(1).map((y, i) => (y - tops[i]!) * f.k);
  if (pitches.length) return clamp(Math.round(median(pitches)), Math.ceil(size * 1.05), Math.round(size * 2.4));
  const below = f.nextLineBelow.get(b);
  const pitch = below === undefined ? size * 1.25 : Math.min(size * 1.25, below * f.k);
  return clamp(Math.round(pitch), Math.ceil(size), Math.round(size * 2.4));
}

/** Each one-line text's distance to the next text under it in its column (image pixels). */
function nextLinesBelow(layout: TDesignLayout): WeakMap<TLayoutText, number> {
  const out = new WeakMap<TLayoutText, number>();
  const visit = (blocks: TLayoutBlock[]) => {
    const texts = blocks.filter((b): b is TLayoutText => b.kind === "text").sort((a, b) => a.box.y - b.box.y);
    texts.forEach((t, i) => {
      if (t.lines.length !== 1) return;
      const overlaps = (o: TLayoutText) => o.box.x < t.box.x + t.box.width && t.box.x < o.box.x + o.box.width;
      const next = texts.slice(i + 1).find((o) => o.box.y > t.box.y + t.box.height / 2 && overlaps(o));
      if (next) out.set(t, next.box.y - t.box.y);
    });
    for (const b of blocks) {
      if (b.kind === "grid") for (const cell of b.cells) visit(cell.blocks);
      if (b.kind === "picture" && b.overlay) visit(b.overlay.blocks);
    }
  };
  for (const s of layout.sections) for (const r of s.rows) for (const c of r.columns) visit(c.blocks);
  return out;
}

/**
 * Where a block sits in the email, in email pixels from the design's top: its layout box (a text's line boxes, not
 * its ink; a button's or picture's own box), so the gaps between blocks are the design's gaps.
 */
interface Slot {
  top: number;
  bottom: number;
}

function slotOf(b: TLayoutBlock, f: Frame): Slot {
  if (b.kind === "grid") {
    const spans = gridColumns(b, b.box.x, b.box.x + b.box.width).map((c) => columnSpan(c, f));
    return { top: Math.min(...spans.map((x) => x.top)), bottom: Math.max(...spans.map((x) => x.bottom)) };
  }
  if (b.kind === "text") {
    const { size } = textStyle(b, f);
    const lh = lineHeightOf(b, size, f);
    const lines = Math.max(1, b.lines.length);
    // The face's line box against its ink: a line's ink starts below its content area's top (font-metrics.ts).
    const face = faceOf(b);
    const top = b.box.y * f.k - ((lh - face.contentEm * size) / 2 + face.inkTopEm * size);
    return { top, bottom: top + lines * lh };
  }
  if (b.kind === "divider") {
    const top = b.box.y * f.k;
    return { top, bottom: top + dividerThickness(b, f) };
  }
  return { top: b.box.y * f.k, bottom: (b.box.y + b.box.height) * f.k };
}

/**
 * A text's alignment, from its lines when it has several: lines of different widths that share their centre are
 * centred whatever the block's own guess (a two-line signature read as left-aligned).
 */
function alignOf(b: TLayoutText): TLayoutText["align"] {
  if (b.lines.length < 2) return b.align;
  const lefts = b.lines.map((l) => l.box.x);
  const rights = b.lines.map((l) => l.box.x + l.box.width);
  const centres = b.lines.map((l) => l.box.x + l.box.width / 2);
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  // Half a line's ink height, in the image's pixels.
  const tol = Math.max(4, median(b.lines.map((l) => l.box.height)) * 0.5);
  if (spread(lefts) <= tol) return "left";
  if (spread(centres) <= tol) return "center";
  if (spread(rights) <= tol) return "right";
  return b.align;
}

/**
 * A text's words with the design's deliberate line breaks (an address, a signature, a list of short lines): a line
 * that ends although the next line's first word would have fitted on it ends with <br>; lines that wrapped because
 * the column was full flow again, so a phone wraps them at its own width. `available` is the column's width in the
 * design's pixels.
 */
function textWithBreaks(b: TLayoutText, available: number, g: Gathered): string {
  const lines = [...b.lines].sort((p, q) => p.box.y - q.box.y);
  if (lines.length === 0) return escapeHtml(oneLine(b.text));
  if (lines.length < 2) return styledRuns(lines, b, () => "", g);
  const widest = Math.max(...lines.map((l) => l.box.width));
  // A block of short lines far narrower than its column (an address, a signature) keeps every break.
  const shortLines = widest <= available * 0.6;
  const space = median(lines.map((l) => l.box.height)) * 0.35;
  return styledRuns(
    lines,
    b,
    (line, i) => {
      const next = lines[i + 1];
      if (!next) return "";
      const firstWord = [...next.words].sort((p, q) => p.box.x - q.box.x)[0];
      const wordWidth = firstWord ? firstWord.box.width : next.box.width;
      const deliberate = shortLines || line.box.width + space + wordWidth <= widest * 0.97;
      // A line with a hole between its read words lost some there ("[type_of_action] for" read "[type_of for"):
      // flowing, the next line's first word would move up into the room they left.
      return deliberate || wordsLost(line) ? "<br>" : " ";
    },
    g,
  );
}

/**
 * A line's words leave a hole where the reading lost some: a gap between two words over three times the line's usual
 * word space and wider than the line is tall.
 */
function wordsLost(line: TLayoutLine): boolean {
  const words = [...line.words].sort((p, q) => p.box.x - q.box.x);
  const gaps = words.slice(1).map((w, i) => w.box.x - (words[i]!.box.x + words[i]!.box.width));
  if (gaps.length < 2) return false;
  const hole = Math.max(median(gaps) * 3, line.box.height * 1.2);
  return gaps.some((gap) => gap > hole);
}

/** Consecutive items with the same key, in order (a text's words of one look). */
export function runsBy<T>(items: T[], key: (item: T) => string): { key: string; items: T[] }[] {
  const runs: { key: string; items: T[] }[] = [];
  for (const item of items) {
    const k = key(item);
    const last = runs.at(-1);
    if (last && last.key === k) last.items.push(item);
    else runs.push({ key: k, items: [item] });
  }
  return runs;
}

/** The CSS of a word's marks (decision 148), "" for a word like its block. */
function marksCss(w: TLayoutWord): string {
  return [
    w.colour ? `color:${w.colour}` : "",
    w.bold ? "font-weight:bold" : "",
    w.underline ? "text-decoration:underline" : "",
  ]
    .filter(Boolean)
    .join(";");
}

/**
 * The lines' words, each line followed by what `after` gives (a space, a <br> or nothing), with words that stand
 * apart from the block (decision 148) set in runs of one look: an underlined run is a link (to fill, as a button's
 * is), another ink or bold a span. A block whose words are all alike is its lines' text, as before.
 */
function styledRuns(
  lines: TLayoutText["lines"],
  b: TLayoutText,
  after: (line: TLayoutText["lines"][number], i: number) => string,
  g: Gathered,
): string {
  const words = lines.flatMap((line, i) => {
    const sorted = [...line.words].sort((p, q) => p.box.x - q.box.x);
    const text = oneLine(line.text);
    // Lines whose words do not spell their text (a drop cap joined) are set as their text.
    if (sorted.length === 0 || oneLine(sorted.map((w) => w.text).join(" ")) !== text)
      return [{ word: { text, box: line.box, confidence: 100 }, after: after(line, i) }];
    return sorted.map((word, j) => ({ word, after: j === sorted.length - 1 ? after(line, i) : " " }));
  });
  let out = "";
  for (const run of runsBy(words, (w) => marksCss(w.word))) {
    const text = run.items.map((w, k) => escapeHtml(w.word.text) + (k < run.items.length - 1 ? w.after : "")).join("");
    const first = run.items[0]!.word;
    if (!run.key) out += text;
    else if (first.underline) {
      g.linksToFill.push(oneLine(run.items.map((w) => w.word.text).join(" ")));
      const rest = marksCss({ ...first, colour: undefined, underline: undefined });
      out += `<a href="${LINK_PLACEHOLDER}" target="_blank" style="color:${first.colour ?? b.colour};text-decoration:underline${rest ? `;${rest}` : ""}">${text}</a>`;
    } else out += `<span style="${run.key}">${text}</span>`;
    out += run.items.at(-1)!.after;
  }
  return out;
}

function textBlock(b: TLayoutText, f: Frame, width: number, g: Gathered): string {
  const { css, big, size } = textStyle(b, f);
  const text = textWithBreaks(b, width / f.k, g);
  const align = `text-align:${alignOf(b)};${WRAP}`;
  const lh = `line-height:${lineHeightOf(b, size, f)}px`;
  if (b.role === "heading") {
    const tag = g.headings === 0 ? "h1" : "h2";
    g.headings += 1;
    return `<${tag}${big} style="margin:0;${css};${lh};${align}">${text}</${tag}>`;
  }
  return `<p${big} style="margin:0;${css};${lh};${align}">${text}</p>`;
}

/** A button link's side padding (its cell gives the width). */
const BUTTON_SIDE_PX = 8;

/**
 * A bulletproof button: a table cell with the fill and a padded link, so the whole shape is clickable. The cell has
 * the design's box: the link's padding gives its height, the cell's width its width. The link is a block with a
 * small side padding, centred text filling the cell: side paddings that made up the width would keep the button
 * that wide on a phone, past the screen's edge inside a padded card.
 */
function buttonBlock(b: TLayoutButton, f: Frame, columnWidth: number, g: Gathered): string {
  const { size, css } = textStyle(b, f);
  const label = oneLine(b.text);
  g.linksToFill.push(label);
  const width = px(Math.min(b.box.width * f.k, columnWidth));
  const height = b.box.height * f.k;
  const lineHeight = Math.round(size * 1.2);
  const padY = clamp(Math.floor((height - lineHeight) / 2), 2, 40);
  const radius = px(b.radiusPx * f.fontK);
  const fill = b.background;
  const border = b.border ? `border:1px solid ${b.border};` : "";
  const rounded = radius ? `border-radius:${radius}px;` : "";
  // A button (nearly) as wide as its column stays full width, on a phone too.
  const full = width >= columnWidth * 0.8;
  const table = full
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate">`
    : // (A fixed width would count as the cell's least width and push a phone's padded card past the screen.)
      `<table role="presentation" width="${width}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${width}px;border-collapse:separate">`;
  return (
    table +
    `<tr><td align="center" bgcolor="${fill}" style="background-color:${fill};${border}${rounded}">` +
    `<a href="${LINK_PLACEHOLDER}" target="_blank" style="display:block;padding:${padY}px ${BUTTON_SIDE_PX}px;${css};line-height:${lineHeight}px;text-align:center;text-decoration:none;${rounded}${WRAP}">${escapeHtml(label)}</a>` +
    `</td></tr></table>`
  );
}

const dividerThickness = (b: TLayoutDivider, f: Frame) => clamp(px(b.box.height * f.k), 1, RULE_MAX_CSS);

function dividerBlock(b: TLayoutDivider, f: Frame): string {
  const thickness = dividerThickness(b, f);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="border-top:${thickness}px solid ${b.colour};font-size:0;line-height:0;height:0">&nbsp;</td></tr></table>`;
}

/**
 * A text's area on a picture, grown by a third of its lines' height so no edge of a letter stays in the crop; a
 * button's shape, grown by 2 px past its anti-aliased edge (the live button is drawn in its place).
 */
function eraseBox(t: TLayoutText | TLayoutButton): TLayoutBox {
  const grow = t.kind === "button" ? 2 : Math.max(2, median(t.lines.map((l) => l.box.height)) / 3);
  return { x: t.box.x - grow, y: t.box.y - grow, width: t.box.width + 2 * grow, height: t.box.height + 2 * grow };
}

/**
 * A picture with text set over it: a cell as big as the picture with the crop (its text erased) as the cell's
 * background — the `background` attribute and CSS for most clients, a VML frame for Outlook, the picture's mean colour
 * where pictures are off — and the text live on top, at its design place.
 */
function overlayBlock(
  b: TLayoutPicture & { overlay: NonNullable<TLayoutPicture["overlay"]> },
  f: Frame,
  columnWidth: number,
  phoneRules: boolean,
  g: Gathered,
): string {
  const id = `pic-${g.images.length + 1}`;
  g.images.push({
    id,
    kind: b.role,
    alt: "",
    design: f.design,
    box: boxOnThousand(b.box, f.layout.width, f.layout.height),
    erase: b.overlay.blocks.map((t) => boxOnThousand(eraseBox(t), f.layout.width, f.layout.height)),
  });
  const width = Math.max(1, Math.min(px(b.box.width * f.k), columnWidth));
  const height = Math.max(1, px(b.box.height * f.k));
  const fill = b.overlay.background;
  const column: TLayoutColumn = { box: b.box, background: null, blocks: b.overlay.blocks };
  const inner = columnHtml(column, f, width, b.box.y * f.k, phoneRules, g);
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:${width}px"><tr>` +
    `<td background="image:${id}" bgcolor="${fill}" valign="top" height="${height}" style="background-image:url('image:${id}');background-size:cover;background-position:center top;background-color:${fill};height:${height}px">` +
    `<!--[if gte mso 9]><v:rect xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false" style="width:${width}px;height:${height}px"><v:fill type="frame" src="image:${id}" color="${fill}" /><v:textbox inset="0,0,0,0"><![endif]-->` +
    `<div>${inner}</div>` +
    "<!--[if gte mso 9]></v:textbox></v:rect><![endif]-->" +
    "</td></tr></table>"
  );
}

function pictureBlock(b: TLayoutPicture, f: Frame, columnWidth: number, phoneRules: boolean, g: Gathered): string {
  if (g.images.length >= MAX_PICTURES) return "";
  if (b.overlay?.blocks.length) return overlayBlock({ ...b, overlay: b.overlay }, f, columnWidth, phoneRules, g);
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

/** A one-line text's width in email pixels as its face sets it, and two pixels. */
function oneLineWidth(b: TLayoutText, f: Frame): number {
  return lineWidth(b.text, b, f) + 2;
}

/** A line's width in email pixels as the block's face, size and letter spacing set it (spacing follows every letter). */
function lineWidth(line: string, b: TLayoutText, f: Frame): number {
  const { size, spacing } = textStyle(b, f);
  const italic = b.fontStyle === "italic";
  return (
    lineEms(line, b.fontFamily ?? "sans-serif", b.fontWeight === "bold", italic) * size + spacing * [...line].length
  );
}

/** A line's advance width in ems of its face: its words' ink, their side bearings and a space between them. */
function lineEms(line: string, family: FontFamily = "sans-serif", bold = false, italic = false): number {
  const face = FACES[family];
  const words = line.split(/\s+/).filter(Boolean);
  const space = ((bold ? face.bold : face.regular).advances[" "] ?? 278) / 1000;
  return (
    words.reduce((sum, word) => sum + inkEms(word, family, bold, italic) + face.sideBearings / 1000, 0) +
    Math.max(0, words.length - 1) * space
  );
}

/**
 * Where a block sits across its column: its left offset and its box's width in email pixels. A text's box gets a
 * little room beyond its widest read line (ink is narrower than the words' advance), spread around it as its
 * alignment says, so the same words fall on each line.
 */
function placeOf(
  block: TLayoutBlock,
  left: number,
  width: number,
  f: Frame,
): { offset: number; width: number; centred?: boolean } {
  const x = (block.box.x - left) * f.k;
  const w = block.box.width * f.k;
  // A grid's cells place their own blocks across the column's whole width.
  if (block.kind === "grid") {
    // One boxed cell (a framed panel) keeps its own box; cells side by side take the column's width, but for a mark
    // and its name (a logo's square before the brand's name), which keep their own box and place, with room for the
    // name's one line: across the column, a phone set the name a third of the screen away from its mark.
    if (block.cells.length > 1) {
      const name = markAndName(block);
      if (!name) return { offset: 0, width };
      const bw = Math.min(Math.ceil(w + Math.max(0, oneLineWidth(name, f) - name.box.width * f.k)), width);
      return { offset: clamp(px(x), 0, width - bw), width: bw };
    }
    // It grows, evenly on both sides, by what a one-line text in it needs beyond the room it has from its left edge to
    // the cell's right (a code box or a footer line boxed as tight as its letters wrapped its last word), and then by
    // its frame's two pixels.
    const cell = block.cells[0]!;
    const cellRight = cell.box.x + cell.box.width;
    const grow = Math.max(
      0,
      ...cell.blocks.map((b) =>
        b.kind === "text" && b.lines.length < 2 ? oneLineWidth(b, f) - (cellRight - b.box.x) * f.k : 0,
      ),
    );
    const bw = Math.min(grow > 0 ? Math.ceil(w + grow + (cell.border ? 2 : 0)) : px(w), width);
    return { offset: clamp(px(x - (bw - w) / 2), 0, width - bw), width: bw };
  }
  if (block.kind !== "text") {
    const bw = Math.min(px(w), width);
    const offset = clamp(px(x), 0, width - bw);
    // A centred button or picture stays centred on a phone too (auto margins instead of an offset).
    const centred = bw < width && Math.abs(offset - (width - bw - offset)) <= Math.max(4, (width - bw) * 0.1);
    return { offset, width: bw, centred };
  }
  const align = alignOf(block);
  if (block.lines.length < 2) {
    // One line never wraps where the design did not: its box reaches the column's edge on its open side(s), and is
    // at least as wide as the line set in its face, moved in from the far edge where it must be.
    const need = Math.max(w, oneLineWidth(block, f));
    const centre = x + w / 2;
    if (align === "center") {
      const half = Math.max(need / 2, Math.min(centre, width - centre));
      const bw = Math.min(Math.ceil(half * 2), width);
      return { offset: clamp(px(centre - half), 0, width - bw), width: bw };
    }
    if (align === "right") return { offset: 0, width: clamp(Math.max(px(x + w), Math.ceil(need)), 0, width) };
    const offset = clamp(px(x), 0, Math.max(0, Math.floor(width - need)));
    return { offset, width: width - offset };
  }
  // Several lines: the box is as wide as the widest read line set in Arial (so each line's words fit on it and the
  // next line's first word does not), at least the read ink width and a little room.
  const { size } = textStyle(block, f);
  const widest = Math.max(...block.lines.map((l) => lineWidth(l.text, block, f)));
  // Narrower than any line with the next line's first word on it, where the lines allow: the design wrapped there
  // (room beyond the widest line let "account." up onto the line before it).
  const narrowest = Math.min(
    Number.POSITIVE_INFINITY,
    ...block.lines.slice(0, -1).map((l, i) => {
      const next = block.lines[i + 1]!.text.split(/\s+/).find(Boolean) ?? "";
      return lineWidth(`${l.text} ${next}`, block, f);
    }),
  );
  const room = Math.max(w + size * 0.4 + 2, widest + 2);
  // Never narrower than the design's own widest line (its ink, and two pixels): Arial's estimate of a line may fall
  // short of what a browser sets, and a box cut to the estimate wrapped the widest line itself.
  const capped = Math.min(room, Math.max(narrowest - 1, w + 2));
  const bw = Math.min(px(narrowest - 1 > widest + 2 ? capped : room), width);
  const spare = bw - w;
  const shift = align === "center" ? spare / 2 : align === "right" ? spare : 0;
  return { offset: clamp(px(x - shift), 0, width - bw), width: bw };
}

/** A grid that is a drawn mark and one line beside it (the reader's logo and name): the line, else null. */
function markAndName(grid: TLayoutGrid): TLayoutText | null {
  const [mark, name] = grid.cells.map((c) => (c.blocks.length === 1 ? c.blocks[0] : undefined));
  if (grid.cells.length !== 2 || mark?.kind !== "picture" || mark.role === "photo") return null;
  return name?.kind === "text" && name.lines.length === 1 ? name : null;
}

function blockHtml(block: TLayoutLeafBlock, f: Frame, width: number, phoneRules: boolean, g: Gathered): string {
  switch (block.kind) {
    case "text":
      return textBlock(block, f, width, g);
    case "button":
      return buttonBlock(block, f, width, g);
    case "divider":
      return dividerBlock(block, f);
    case "picture":
      return pictureBlock(block, f, width, phoneRules, g);
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

/**
 * A grid's cells as columns that tile the span from `start` to `end` (image pixels): each cell runs from its own
 * left edge (the first from `start`) to the next cell's.
 */
function gridColumns(grid: TLayoutGrid, start: number, end: number): TLayoutColumn[] {
  const cells = [...grid.cells].sort((a, b) => a.box.x - b.box.x);
  return cells.map((cell, i) => {
    const x0 = i === 0 ? Math.min(start, cell.box.x) : cell.box.x;
    const x1 = i === cells.length - 1 ? Math.max(end, cell.box.x + cell.box.width) : cells[i + 1]!.box.x;
    return {
      box: { x: x0, y: grid.box.y, width: x1 - x0, height: grid.box.height },
      background: cell.background ?? null,
      ...(cell.border ? { border: cell.border } : {}),
      blocks: cell.blocks,
    };
  });
}

/**
 * Cells side by side inside a column, across its content width: inline-block cells that stack on a phone unless
 * each holds single lines (a table row), with a ghost table for Outlook. `left` is the content's left edge in image
 * pixels; `top` where the grid starts, in email pixels.
 */
function gridHtml(
  grid: TLayoutGrid,
  f: Frame,
  width: number,
  left: number,
  top: number,
  phoneRules: boolean,
  g: Gathered,
): string {
  const columns = gridColumns(grid, left, left + width / f.k);
  const span = columns.reduce((n, c) => n + c.box.width, 0) || 1;
  const widths = columns.map((c) => Math.floor((c.box.width / span) * width));
  widths[widths.length - 1]! += width - widths.reduce((a, b) => a + b, 0);
  const sideBySide = !phoneRules || isLineRow(columns);
  const cells = columns.map((column, i) => {
    const cellWidth = widths[i]!;
    const body = columnHtml(column, f, cellWidth, top, phoneRules, g);
    // Shares, not pixels: a card's frame or padding may leave the grid a pixel or two less than its width.
    const share = `${Math.floor((cellWidth / width) * 100_000) / 1000}%`;
    const open = sideBySide
      ? `<div style="display:inline-block;vertical-align:top;width:${share}">`
      : `<div class="ms-col" style="display:inline-block;vertical-align:top;width:100%;max-width:${share}">`;
    return (
      `<!--[if mso]><td width="${cellWidth}" valign="top" style="width:${cellWidth}px"><![endif]-->` +
      `${open}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="font-size:16px;text-align:left">${body}</td></tr></table></div>` +
      "<!--[if mso]></td><![endif]-->"
    );
  });
  return (
    `<div style="font-size:0;text-align:left">` +
    `<!--[if mso]><table role="presentation" width="${width}" cellpadding="0" cellspacing="0" border="0"><tr><![endif]-->` +
    cells.join("") +
    "<!--[if mso]></tr></table><![endif]-->" +
    "</div>"
  );
}

/** A card: a column with its own fill or a frame around it, drawn as its box with its blocks inside. */
const boxed = (column: TLayoutColumn) => column.background !== null || Boolean(column.border);

/** A column's vertical extent in email pixels: a card's own box, else its blocks' slots. */
function columnSpan(column: TLayoutColumn, f: Frame): Slot {
  if (boxed(column) || column.blocks.length === 0)
    return { top: column.box.y * f.k, bottom: (column.box.y + column.box.height) * f.k };
  const slots = column.blocks.map((b) => slotOf(b, f));
  return { top: Math.min(...slots.map((s) => s.top)), bottom: Math.max(...slots.map((s) => s.bottom)) };
}

/** A row's vertical extent in email pixels: from its highest column's top to its lowest column's bottom. */
function rowSpan(row: TLayoutRow, f: Frame): Slot {
  if (row.columns.length === 0) return { top: row.box.y * f.k, bottom: (row.box.y + row.box.height) * f.k };
  const spans = row.columns.map((c) => columnSpan(c, f));
  return { top: Math.min(...spans.map((s) => s.top)), bottom: Math.max(...spans.map((s) => s.bottom)) };
}

/**
 * A card's padding: its left as measured; its right no wider than its left, as the measure runs to the widest line's
 * ink, not to where the text wrapped (each block's own width comes from placeOf). None for a column that is no card.
 */
function cardPadding(column: TLayoutColumn, inner: TLayoutBox, f: Frame): { left: number; right: number } {
  if (!boxed(column)) return { left: 0, right: 0 };
  const left = clamp(px((inner.x - column.box.x) * f.k), 0, 48);
  const right = Math.min(left, clamp(px((column.box.x + column.box.width - (inner.x + inner.width)) * f.k), 0, 48));
  return { left, right };
}

/** A phone's side margins in the media query (`.ms-pad`). */
const PHONE_MARGIN_PX = 16;
/** The narrowest common phone (CSS px), less its side margins. */
const PHONE_ROOM_PX = 375 - 2 * PHONE_MARGIN_PX;

/**
 * A row of single lines stays side by side on a phone only if each card in it (its padding fixed in pixels) leaves
 * its longest word room at its phone size, in the card's share of a 375 px phone. Easy Email's 22 "AUDIO" in a black
 * card padded 48 px each side, in a third of the phone, was set a letter a line. (Columns that are no card wrap
 * their words as before: a table's header row keeps its cells side by side.)
 */
function rowFitsPhone(columns: { column: TLayoutColumn; share: number }[], f: Frame): boolean {
  return columns.every(({ column, share }) => {
    if (!boxed(column)) return true;
    const pad = cardPadding(column, extent(column.blocks, column.box), f);
    const frame = column.border ? 2 : 0;
    return longestWordPx(column.blocks, f) <= share * PHONE_ROOM_PX - pad.left - pad.right - frame;
  });
}

/** The widest word of a column's texts and buttons, in CSS px at its size on a phone (big text is set smaller there). */
function longestWordPx(blocks: readonly (TLayoutBlock | TLayoutLeafBlock)[], f: Frame): number {
  let most = 0;
  for (const b of blocks) {
    if (b.kind === "grid") {
      for (const cell of b.cells) most = Math.max(most, longestWordPx(cell.blocks, f));
      continue;
    }
    if (b.kind !== "text" && b.kind !== "button") continue;
    const size = textStyle(b, f).size;
    const phoneSize = size >= BIG_FONT_PX ? PHONE_BIG_FONT_PX : size;
    for (const word of b.text.split(/\s+/).filter(Boolean))
      most = Math.max(most, inkEms(word, b.fontFamily ?? "sans-serif", b.fontWeight === "bold") * phoneSize);
  }
  return most;
}

/** A paragraph is set this much smaller at most to keep its lines (a share of its size)… */
const FIT_SHRINK = 0.9;
/** …in steps of this many pixels… */
const FIT_STEP_PX = 0.5;
/**
 * …when its widest line, as the face's widths estimate it, is wider than its column by more than this: the estimate
 * runs about a pixel over what the browser sets (Colorlib's "A small river named Duden flows by their place",
 * estimated 312.6 px, wrapped at 311 and not at 312; a serif line estimated 540.8 fitted 540).
 */
const FIT_OVER_PX = 1;

/**
 * Paragraphs whose widest line, set in their face at their fitted size, is wider than the column's content are set
 * a little smaller, so each line keeps its words: at the size rounded from the ink a line 312.6 px wide met a 311 px
 * column, wrapped, and each of four cards grew a line. (Their column's width is known only here; the size is then
 * the block's everywhere.)
 */
function fitParagraphs(blocks: TLayoutBlock[], width: number, f: Frame): void {
  for (const b of blocks) {
    if (b.kind !== "text" || b.lines.length < 2) continue;
    const widest = Math.max(...b.lines.map((l) => lineWidth(l.text, b, f)));
    if (widest <= width + FIT_OVER_PX) continue;
    const { size } = textStyle(b, f);
    const fitted = Math.floor((size * (width - FIT_OVER_PX)) / widest / FIT_STEP_PX) * FIT_STEP_PX;
    // (Never under the sizes the engine's text-size check asks of body text and of any text, when it was over them.)
    const readable = size >= BODY_TEXT_MIN_PX ? BODY_TEXT_MIN_PX : size >= TINY_TEXT_PX ? TINY_TEXT_PX : size;
    f.sizeCaps.set(b, Math.max(readable, size * FIT_SHRINK, fitted));
  }
}

/**
 * One column's content: its blocks top to bottom, each at its design place — the gap above it is the distance from
 * the previous block's slot, its left offset and width are the design's (`ms-off` puts them back to the column's
 * edge on a phone when the email is wider than a phone). `rowTop` is where the row starts, in email pixels.
 */
function columnHtml(column: TLayoutColumn, f: Frame, width: number, rowTop: number, phoneRules: boolean, g: Gathered) {
  const blocks = [...column.blocks].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const inner = extent(blocks, column.box);
  const card = boxed(column);
  const span = columnSpan(column, f);
  const pad = cardPadding(column, inner, f);
  // A line that spans the card's width needs its whole advance, a little more than its ink (measured with its face's
  // widths): the padding, measured from the widest line's ink, gives way so that the line does not wrap — a
  // paragraph's widest line as much as a one-line text ("Free shipping on all orders over" in a phone's card).
  const widestLine = Math.max(
    0,
    ...blocks.map((b) =>
      b.kind !== "text"
        ? 0
        : b.lines.length < 2
          ? oneLineWidth(b, f)
          : Math.max(...b.lines.map((l) => lineWidth(l.text, b, f) + 2)),
    ),
  );
  // (A frame takes a pixel from each side.)
  const frame = column.border ? 2 : 0;
  const over = widestLine - (width - frame - pad.left - pad.right);
  if (card && over > 0) {
    pad.left = Math.max(0, pad.left - Math.ceil(over / 2));
    pad.right = Math.max(0, pad.right - Math.ceil(over / 2));
  }
  const contentWidth = Math.max(40, width - frame - pad.left - pad.right);
  fitParagraphs(blocks, contentWidth, f);
  // (Where the padding is, not where the leftmost ink is: a card's padding is capped, and blocks measured from the
  // ink would be placed off centre, a centred line squeezed until it wraps.)
  const contentLeft = card ? column.box.x + pad.left / f.k : column.box.x;
  let previousBottom = span.top;
  const rows = blocks
    .map((b) => {
      const slot = slotOf(b, f);
      const gap = clamp(px(slot.top - previousBottom), 0, MAX_GAP_PX);
      previousBottom = Math.max(previousBottom, slot.bottom);
      const place = placeOf(b, contentLeft, contentWidth, f);
      const html =
        b.kind === "grid"
          ? gridHtml(b, f, place.width, contentLeft + place.offset / f.k, slot.top, phoneRules, g)
          : blockHtml(b, f, contentWidth, phoneRules, g);
      if (!html) return "";
      const textBox = b.kind === "text";
      const classes = phoneRules ? ` class="ms-off${textBox ? " ms-txt" : ""}"` : "";
      const margin = place.centred ? "margin:0 auto" : `margin-left:${place.offset}px`;
      const cls = place.centred ? "" : classes;
      const box = `<div${cls} style="${margin};max-width:${place.width}px">${html}</div>`;
      return `<tr><td style="padding-top:${gap}px">${box}</td></tr>`;
    })
    .join("");
  const bottom = clamp(px(span.bottom - previousBottom), 0, MAX_GAP_PX);
  const before = clamp(px(span.top - rowTop), 0, MAX_GAP_PX);
  const fill = column.background ? ` bgcolor="${column.background}"` : "";
  const fillCss =
    (column.background ? `background-color:${column.background};` : "") +
    (column.border ? `border:1px solid ${column.border};` : "");
  const card0 = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"${fill} style="${fillCss}">`;
  const body =
    card0 +
    `<tr><td style="padding:0 ${pad.right}px ${bottom}px ${pad.left}px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rows}</table>` +
    `</td></tr></table>`;
  return before > 0
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding-top:${before}px">${body}</td></tr></table>`
    : body;
}

/**
 * A row of single lines side by side (a table's header or row of short cells, links in a footer, a label and its
 * value, an icon and its title) reads as one line: it stays side by side on a phone, in shares of the width.
 */
function isLineRow(columns: { blocks: TLayoutBlock[] }[]): boolean {
  return columns.every((c) =>
    c.blocks.every((b) =>
      b.kind === "grid"
        ? isLineRow(b.cells)
        : b.kind === "text"
          ? b.lines.length <= 1
          : b.kind === "picture"
            ? b.role !== "photo"
            : true,
    ),
  );
}

/**
 * A row: its columns tile the row's width (each column's slot runs to the next column's left edge, the gap is the
 * slot's right padding). On a desktop the inline-block columns sit side by side; below STACK_BELOW_PX they wrap to
 * one column (fluid max-widths, and the media query for clients that read it). Outlook gets a ghost table.
 */
function rowHtml(row: TLayoutRow, f: Frame, emailWidth: number, g: Gathered): string {
  const phoneRules = f.phoneRules;
  // A phone-sized design is the phone's layout already: its columns never stack.
  const lineRow = isLineRow(row.columns);
  const rowTop = rowSpan(row, f).top;
  const padClass = phoneRules ? ' class="ms-pad"' : "";
  const columns = [...row.columns].sort((a, b) => a.box.x - b.box.x);
  const content = f.layout.content;
  const first = columns[0]?.box ?? row.box;
  const last = columns[columns.length - 1]?.box ?? row.box;
  // The row's side margins, as in the design (a phone keeps at most 24 px of them, in the media query).
  const left = px((first.x - content.x) * f.k);
  const right = px((content.x + content.width - (last.x + last.width)) * f.k);
  // At most a quarter of the width each, unless the row is one card (a code box centred, a panel of text beside a
  // flat picture of the band's colour): it keeps its width and place, at least 80 px wide.
  const only = columns.length === 1 ? columns[0] : undefined;
  const card = Boolean(only && boxed(only));
  const padLeft = clamp(left, 0, card ? emailWidth - 80 : emailWidth / 4);
  const padRight = clamp(right, 0, card ? emailWidth - 80 - padLeft : emailWidth / 4);
  const inner = Math.max(40, emailWidth - padLeft - padRight);
  if (columns.length <= 1) {
    const only = columns[0] ?? { box: row.box, background: null, blocks: [] };
    return `<tr><td${padClass} style="padding:0 ${padRight}px 0 ${padLeft}px">${columnHtml(only, f, inner, rowTop, phoneRules, g)}</td></tr>`;
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
  const sideBySide =
    !phoneRules ||
    (lineRow &&
      rowFitsPhone(
        slots.map((s, i) => ({ column: s.column, share: widths[i]! / inner })),
        f,
      ));
  // `item`: a menu's link on its own phone-wide line, as wide as its words (`.ms-item`), centred with the others.
  const cellOf = (s: (typeof slots)[number], slotWidth: number, share: string, item = false) => {
    const gutter = clamp(px((s.gutter / span) * inner), 0, slotWidth / 2);
    const body = columnHtml(s.column, f, slotWidth - gutter, rowTop, phoneRules, g);
    const ghostOpen = `<!--[if mso]><td width="${slotWidth}" valign="top" style="width:${slotWidth}px"><![endif]-->`;
    const ghostClose = "<!--[if mso]></td><![endif]-->";
    const cell = sideBySide
      ? `<div${item ? ' class="ms-item"' : ""} style="display:inline-block;vertical-align:top;width:${share}">`
      : `<div class="ms-col" style="display:inline-block;vertical-align:top;width:100%;max-width:${slotWidth}px">`;
    return (
      ghostOpen +
      cell +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
      // (The phone's gap below a stacked column: only for columns that stack. A phone design's row stays side by
      // side, and 16 px under each of its columns would make the row that much taller than the design's.)
      `<td${sideBySide ? "" : ' class="ms-gutter"'} style="padding:0 ${gutter}px 0 0;font-size:16px;text-align:left">${body}</td>` +
      `</tr></table></div>` +
      ghostClose
    );
  };
  const shareOf = (part: number, whole: number) => `${Math.floor((part / whole) * 100_000) / 1000}%`;
  const breakAt = phoneRules && sideBySide ? phoneBreak(slots, widths, f) : null;
  const cells = breakAt
    ? [slots.slice(0, breakAt), slots.slice(breakAt)].map((part, p) => {
        const from = p === 0 ? 0 : breakAt;
        const partWidths = widths.slice(from, from + part.length);
        const partWidth = partWidths.reduce((a, b) => a + b, 0);
        // Each part a line of its own on a phone (not for Outlook, which lays the row out in its ghost table): the
        // first with the phone's gap under it, the second's items centred at their own widths.
        return (
          `<!--[if !mso]><!--><div class="ms-col" style="display:inline-block;vertical-align:top;width:100%;max-width:${partWidth}px">` +
          `<div class="${p === 0 ? "ms-gutter" : "ms-items"}"><!--<![endif]-->` +
          part.map((s, i) => cellOf(s, partWidths[i]!, shareOf(partWidths[i]!, partWidth), p === 1)).join("") +
          "<!--[if !mso]><!--></div></div><!--<![endif]-->"
        );
      })
    : slots.map((s, i) => cellOf(s, widths[i]!, shareOf(widths[i]!, inner)));
  return (
    `<tr><td${padClass} style="padding:0 ${padRight}px 0 ${padLeft}px;font-size:0;text-align:left">` +
    `<!--[if mso]><table role="presentation" width="${inner}" cellpadding="0" cellspacing="0" border="0"><tr><![endif]-->` +
    cells.join("") +
    "<!--[if mso]></tr></table><![endif]-->" +
    `</td></tr>`
  );
}

/** How much wider the gap that parts a row of single lines on a phone is than every other gap in it. */
const WIDE_GAP_RATIO = 2;

/**
 * Where a row of single lines that leaves some word no room in its share of a phone is set as two lines there: at
 * its one gap far wider than the others (a logo, then its menu), when what comes before it fits a phone-wide line.
 * The part after it is set as a menu: its items at their own widths, centred, wrapping between items if they must.
 * Easy Email 2's "ABOUT" and "CONTACT" had 64 px beside the logo and were set "ABOU / T", "CONTA / CT"; its own
 * phone layout sets the logo above the menu. Only for a row that is one line across (one block a column): a table's
 * columns of lines break nowhere.
 */
function phoneBreak(
  slots: { column: TLayoutColumn; slot: number; gutter: number }[],
  widths: number[],
  f: Frame,
): number | null {
  if (slots.length < 2 || slots.some((s) => s.column.blocks.length !== 1)) return null;
  const span = slots.reduce((n, s) => n + s.slot, 0) || 1;
  const inner = widths.reduce((a, b) => a + b, 0);
  const fits = (to: number, whole: number) =>
    slots
      .slice(0, to)
      .every(
        (s, i) => longestWordPx(s.column.blocks, f) <= (widths[i]! / whole) * PHONE_ROOM_PX - (s.gutter / span) * inner,
      );
  if (fits(slots.length, inner)) return null;
  const inks = slots.map((s) => extent(s.column.blocks, s.column.box));
  const gaps = inks.slice(1).map((b, i) => b.x - (inks[i]!.x + inks[i]!.width));
  const widest = gaps.indexOf(Math.max(...gaps));
  if (gaps.some((g, i) => i !== widest && g * WIDE_GAP_RATIO > gaps[widest]!)) return null;
  const at = widest + 1;
  return fits(
    at,
    widths.slice(0, at).reduce((a, b) => a + b, 0),
  )
    ? at
    : null;
}

/**
 * A section: one full-width band with its background, as tall as in the design: each row starts where the design's
 * does (the gap from the previous row's slot), and the band's bottom padding makes up the rest of its height.
 */
function sectionHtml(section: TLayoutSection, f: Frame, emailWidth: number, g: Gathered): string {
  const rows = [...section.rows].sort((a, b) => a.box.y - b.box.y);
  const sectionTop = section.box.y * f.k;
  const sectionBottom = (section.box.y + section.box.height) * f.k;
  const spans = rows.map((r) => rowSpan(r, f));
  const top = spans[0] ? clamp(px(spans[0].top - sectionTop), 0, MAX_GAP_PX) : 0;
  let previousBottom = spans[0]?.top ?? sectionTop;
  const body = rows
    .map((row, i) => {
      const span = spans[i]!;
      const gap = clamp(px(span.top - previousBottom), 0, MAX_GAP_PX);
      previousBottom = Math.max(previousBottom, span.bottom);
      const spacer = gap > 0 ? `<tr><td style="height:${gap}px;font-size:0;line-height:0">&nbsp;</td></tr>` : "";
      return spacer + rowHtml(row, f, emailWidth, g);
    })
    .join("");
  const bottom = rows.length ? clamp(px(sectionBottom - previousBottom), 0, MAX_GAP_PX) : px(section.box.height * f.k);
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
      for (const r of s.rows)
        for (const c of r.columns) for (const b of leafBlocksOf(c.blocks)) if (b.kind === "text") out.push(b);
  return out;
}

const STYLE = [
  `@media only screen and (max-width:${PHONE_MAX_PX}px){`,
  ".ms-wrap{width:100%!important;max-width:100%!important}",
  ".ms-col{display:block!important;width:100%!important;max-width:100%!important}",
  ".ms-gutter{padding:0 0 16px 0!important}",
  `.ms-pad{padding-left:${PHONE_MARGIN_PX}px!important;padding-right:${PHONE_MARGIN_PX}px!important}`,
  ".ms-img{width:100%!important;height:auto!important}",
  ".ms-off{margin-left:0!important}",
  ".ms-items{text-align:center!important}",
  ".ms-item{width:auto!important;padding:0 10px!important}",
  ".ms-txt{max-width:none!important}",
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
        phoneRules: emailWidth > PHONE_MAX_PX,
        nextLineBelow: nextLinesBelow(layout),
        sizeCaps: new WeakMap(),
      };
      // The page colour the design shows above and between its bands (a header strip of page, a gap between cards)
      // is kept as a spacer, so every band starts as far down as in the design.
      let previousBottom = 0;
      return [...layout.sections]
        .sort((a, b) => a.box.y - b.box.y)
        .map((s) => {
          const gap = clamp(px((s.box.y - previousBottom) * f.k), 0, MAX_GAP_PX);
          previousBottom = Math.max(previousBottom, s.box.y + s.box.height);
          const spacer = gap > 0 ? `<tr><td style="height:${gap}px;font-size:0;line-height:0">&nbsp;</td></tr>` : "";
          return spacer + sectionHtml(s, f, emailWidth, g);
        });
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
    `<table role="presentation"${emailWidth > PHONE_MAX_PX ? ' class="ms-wrap"' : ""} width="${emailWidth}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${emailWidth}px;margin:0 auto">`,
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
