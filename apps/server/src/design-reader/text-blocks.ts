import type { TLayoutLine, TLayoutText, TLayoutWord } from "@mailsmith/shared";
import type { OcrWord } from "../adapters/ocr/ocr-engine.js";
import { colourDistance, hex } from "./colour.js";
import { fitFontSize } from "./font-metrics.js";
import { type Box, type Raster, type Rgb, unionBox } from "./raster.js";
import { BOLD_STROKE_EM, inkStyle } from "./text-style.js";

/**
 * Text blocks (decision 121): each text leaf is a line; lines that follow each other closely with the same size,
 * weight and colour are one paragraph. Alignment comes from where the lines sit in their column, the role from the
 * size and weight.
 */

/** Words read with less confidence than this are listed for the member to check. */
export const UNCERTAIN_CONFIDENCE = 70;

export interface TextLine {
  box: Box;
  words: OcrWord[];
  background: Rgb;
  colour: Rgb;
  /** Image pixels. */
  fontSize: number;
  bold: boolean;
}

/** What OCR makes of a list's bullet dot: a lone mark, never a word of its own at the start of a line. */
const BULLET_READINGS = new Set(["=", "«", "»", "°", "·", "*", "•", "+", "e", "o", "©", "®", "¢", "-", "—", "–", "»»"]);

/**
 * A line that starts with a small mark set apart from the next word (more than a word space: a list item) starts
 * with a bullet, whatever OCR read it as ("=", "«", "e").
 */
export function withBullet(words: OcrWord[]): OcrWord[] {
  const [first, next] = words;
  if (!first || !next || !BULLET_READINGS.has(first.text)) return words;
  const height = Math.max(next.box.height, 1);
  const small = first.box.width <= height * 0.7 && first.box.height <= height * 0.8;
  // A bullet stands further from its text than a word space (about 0.3 em; the next word's ink is about 0.7 em tall).
  const apart = next.box.x - (first.box.x + first.box.width) >= height * 0.6;
  return small && apart
    ? [{ ...first, text: "•", confidence: Math.max(first.confidence, 90) }, ...words.slice(1)]
    : words;
}

export function lineOf(r: Raster, box: Box, words: OcrWord[], background: Rgb): TextLine {
  const sorted = withBullet([...words].sort((a, b) => a.box.x - b.box.x));
  const style = inkStyle(r, box, background);
  const fontSize = fitFontSize(sorted, box.height);
  return {
    box,
    words: sorted,
    background,
    colour: style.colour,
    fontSize,
    bold: style.stroke / fontSize >= BOLD_STROKE_EM,
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const roundBox = (b: Box): Box => ({
  x: round1(b.x),
  y: round1(b.y),
  width: round1(b.width),
  height: round1(b.height),
});

/** Does the next line continue this paragraph? Close below it, same size (±20 %), same weight, same colour. */
function continues(prev: TextLine, next: TextLine): boolean {
  const gap = next.box.y - (prev.box.y + prev.box.height);
  const size = Math.min(prev.fontSize, next.fontSize);
  return (
    gap <= size * 0.9 &&
    Math.max(prev.fontSize, next.fontSize) / size <= 1.2 &&
    prev.bold === next.bold &&
    colourDistance(prev.colour, next.colour) <= 48
  );
}

export function groupParagraphs(lines: TextLine[]): TextLine[][] {
  const out: TextLine[][] = [];
  for (const line of lines) {
    const current = out[out.length - 1];
    const prev = current?.[current.length - 1];
    if (current && prev && continues(prev, line)) current.push(line);
    else out.push([line]);
  }
  return out;
}

/** left / center / right from the lines' margins in the column. */
export function alignmentOf(lines: Box[], column: Box): TLayoutText["align"] {
  const tolerance = Math.max(4, column.width * 0.03);
  const lefts = lines.map((l) => l.x - column.x);
  const rights = lines.map((l) => column.x + column.width - (l.x + l.width));
  const centred = lines.every((l, i) => Math.abs(lefts[i]! - rights[i]!) <= tolerance * 1.5 + l.height * 0.5);
  const sameLeft = Math.max(...lefts) - Math.min(...lefts) <= tolerance;
  const sameRight = Math.max(...rights) - Math.min(...rights) <= tolerance;
  if (lines.length > 1) {
    if (sameLeft && !(centred && !sameRight && lefts[0]! > column.width * 0.1)) return "left";
    if (centred) return "center";
    if (sameRight) return "right";
    return "left";
  }
  const left = lefts[0]!;
  const right = rights[0]!;
  // One line: centred when its margins match and it does not start at the column's edge.
  if (centred && left > column.width * 0.08) return "center";
  if (right < left * 0.25 && right <= column.width * 0.08) return "right";
  return "left";
}

export function roleOf(fontSizePx: number, bold: boolean): TLayoutText["role"] {
  if (fontSizePx >= 22 || (bold && fontSizePx >= 18)) return "heading";
  if (fontSizePx <= 12.5) return "small";
  return "body";
}

export function layoutWord(w: OcrWord): TLayoutWord {
  return { text: w.text, box: roundBox(w.box), confidence: Math.round(w.confidence) };
}

export function textBlockOf(paragraph: TextLine[], column: Box, scale: number): TLayoutText {
  const lines: TLayoutLine[] = paragraph.map((l) => ({
    text: l.words.map((w) => w.text).join(" "),
    box: roundBox(l.box),
    words: l.words.map(layoutWord),
  }));
  const words = paragraph.flatMap((l) => l.words);
  // The size of the paragraph: its lines' sizes weighted by their words.
  const weight = paragraph.reduce((n, l) => n + Math.max(1, l.words.length), 0);
  const size = paragraph.reduce((n, l) => n + l.fontSize * Math.max(1, l.words.length), 0) / weight;
  const fontSizePx = Math.round(size / scale);
  const bold = paragraph.filter((l) => l.bold).length * 2 > paragraph.length;
  return {
    kind: "text",
    box: roundBox(unionBox(paragraph.map((l) => l.box))),
    text: lines.map((l) => l.text).join(" "),
    lines,
    role: roleOf(fontSizePx, bold),
    uncertain: words.filter((w) => w.confidence < UNCERTAIN_CONFIDENCE).map((w) => w.text),
    fontSizePx,
    fontWeight: bold ? "bold" : "normal",
    colour: hex(paragraph[0]!.colour),
    align: alignmentOf(
      paragraph.map((l) => l.box),
      column,
    ),
  };
}
