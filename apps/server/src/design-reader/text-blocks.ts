import type { TLayoutBlock, TLayoutLeafBlock, TLayoutLine, TLayoutText, TLayoutWord } from "@mailsmith/shared";
import type { OcrWord } from "../adapters/ocr/ocr-engine.js";
import { colourDistance, hex, INK_DISTANCE } from "./colour.js";
import { type FaceNotes, ownFace, roleOf } from "./faces.js";
import { baseCharacters, type FontFamily, fitFontSize, spacedFit } from "./font-metrics.js";
import { type Box, pixelAt, type Raster, type Rgb, unionBox } from "./raster.js";
import { pooled, type SerifReading, stemsOf } from "./serif.js";
import { BOLD_STEM_EM, inkStyle, slantOf } from "./text-style.js";
import { paragraphInk, type WordLook, type WordMarks, wordLook, wordMarks } from "./word-style.js";

/**
 * Text blocks (decision 121): each text leaf is a line; lines that follow each other closely with the same size,
 * weight and colour are one paragraph. Alignment comes from where the lines sit in their column, the role from the
 * size and weight.
 */

/** Words read with less confidence than this are listed for the member to check. */
export const UNCERTAIN_CONFIDENCE = 70;

/** A word read, with how it looks (its ink, stroke and underline) when measured. */
export type LineWord = OcrWord & { look?: WordLook };

export interface TextLine {
  box: Box;
  /**
   * The line's ink edge to edge when it runs past its words (emoji before or after them, left out of the words): what
   * its margins show, for its alignment only; the text is set where its words are.
   */
  margins?: Box;
  words: LineWord[];
  background: Rgb;
  colour: Rgb;
  /** Image pixels, fitted with Arial's widths. */
  fontSize: number;
  /** Image pixels, fitted with the serif face's widths (the size if the paragraph turns out serif). */
  serifFontSize: number;
  /** Image pixels added between letters (letter-spaced type; 0 for most lines), in each face. */
  letterSpacing: number;
  serifLetterSpacing: number;
  bold: boolean;
  /** Leaning (text-style's slantOf). */
  italic: boolean;
  /** The letters' stems, and how many end in feet on both sides. */
  serif: SerifReading;
}

/** What OCR makes of a list's bullet dot: a lone mark, never a word of its own at the start of a line. */
const BULLET_READINGS = new Set(["=", "«", "»", "°", "·", "*", "•", "+", "e", "o", "©", "®", "¢", "-", "—", "–", "»»"]);

/**
 * A line that starts with a small mark set apart from the next word (more than a word space: a list item) starts
 * with a bullet, whatever OCR read it as ("=", "«", "e").
 */
export function withBullet(
  words: OcrWord[],
  ink: { solid(box: Box): boolean; tight(box: Box): Box } = { solid: () => false, tight: (b) => b },
): OcrWord[] {
  const [first, next] = words;
  if (!first || !next) return words;
  // OCR's box for a lone mark can be twice its ink: the mark's own ink box is measured.
  const mark = ink.tight(first.box);
  // A filled square or dot (a coloured bullet) is read as a letter ("M", "e"): its ink fills its box as no letter's.
  const drawn = ink.solid(mark);
  if (!BULLET_READINGS.has(first.text) && !drawn) return words;
  const height = Math.max(next.box.height, 1);
  // (A drawn mark may be as big as the letters beside it.)
  const most = drawn ? 1.1 : 0.7;
  const small = mark.width <= height * most && mark.height <= height * Math.max(most, 0.8);
  // A bullet stands further from its text than a word space (about 0.3 em; the next word's ink is about 0.7 em tall).
  const apart = next.box.x - (mark.x + mark.width) >= height * (drawn ? 0.45 : 0.6);
  return small && apart
    ? [{ ...first, text: "•", confidence: Math.max(first.confidence, 90) }, ...words.slice(1)]
    : words;
}

/**
 * Small text's strokes are never thinner than about 1.4 image pixels, whatever the weight (anti-aliasing spreads a
 * 1 px stem over two): at 10–11 px regular text measures 1.36–1.49 px, 0.14–0.15 em, and bold 1.85 px. Below this a
 * stroke says nothing of the weight.
 */
const BOLD_STROKE_MIN_PX = 1.6;

export function lineOf(r: Raster, box: Box, words: OcrWord[], background: Rgb): TextLine {
  const sorted = withBullet(
    [...words].sort((a, b) => a.box.x - b.box.x),
    {
      solid: (b) => solidMark(r, b, background),
      tight: (b) => inkBox(r, b, background) ?? b,
    },
  );
  const style = inkStyle(r, box, background);
  const looked: LineWord[] = sorted.map((w) => ({ ...w, look: wordLook(r, w.box, box, background) }));
  const sansSize = fitFontSize(looked, box.height);
  const bold = style.stemStroke / sansSize >= BOLD_STEM_EM && style.stroke >= BOLD_STROKE_MIN_PX;
  // Bold letters are wider than regular ones (8–10 %): a bold line, and bold words in a regular line (a lead-in, a
  // link), are measured with the bold letters' widths, or they would make the line's size, and its wraps, too big.
  const marks = bold ? [] : wordMarks(looked, { colour: style.colour, bold, fontSize: sansSize });
  const weighed = looked.map((w, i) => ({ ...w, bold: bold || Boolean(marks[i]?.bold) }));
  // Letter-spaced type is sized by its height, and its spacing kept; other lines by their words' widths.
  const letters = letterInk(r, weighed, box, background, style.colour);
  // An italic word's ink runs past its letters' advances by its slant over its height: that is taken off, and its
  // letters measured with the italic's widths.
  const slant = slantOf(r, box, background, style.colour);
  const overhang = slant.shear * letters.height;
  const leaning = slant.italic
    ? weighed.map((w) => ({ ...w, italic: true, box: { ...w.box, width: Math.max(1, w.box.width - overhang) } }))
    : weighed;
  // A word whose box runs on into the next word's (the engine boxed "Started" over "Now": 18 px for 13) measures
  // nothing true; it is left out while a word of two letters or more remains.
  const overlap = Math.max(2, box.height * 0.15);
  const apart = leaning.filter((w, i) => {
    const next = leaning[i + 1];
    return !next || w.box.x + w.box.width <= next.box.x + overlap;
  });
  const measured = apart.some((w) => w.text.length >= 2) ? apart : leaning;
  const fitIn = (family: FontFamily) => {
    const spaced = letters.separated ? spacedFit(measured, letters.height, family) : null;
    return spaced ?? { size: fitFontSize(measured, box.height, family), spacing: 0 };
  };
  const sans = fitIn("sans-serif");
  const serif = fitIn("serif");
  return {
    box,
    words: looked,
    background,
    // The ink most of its letters are in: a dark link's even strokes outvoted a grey line's anti-aliased ones, and
    // the line was cut from the next line of its paragraph.
    colour: paragraphInk(looked, style.colour),
    fontSize: sans.size,
    serifFontSize: serif.size,
    letterSpacing: sans.spacing,
    serifLetterSpacing: serif.spacing,
    bold,
    italic: slant.italic,
    serif: wordsSerif(r, looked, box, background),
  };
}

/**
 * A line's letters at half its ink's contrast (whole strokes, not their anti-aliased edges): how tall its ink is, and
 * whether its words' letters stand apart (a gap of background between nearly every two letters, as letter-spaced
 * type has; plain letters touch here and there, script and bold type often).
 */
function letterInk(
  r: Raster,
  words: OcrWord[],
  line: Box,
  background: Rgb,
  ink: Rgb,
): { height: number; separated: boolean } {
  const threshold = Math.max(INK_DISTANCE / 2, colourDistance(ink, background) / 2);
  const on = (x: number, y: number) => colourDistance(pixelAt(r, x, y), background) >= threshold;
  const y0 = Math.max(0, Math.floor(line.y));
  const y1 = Math.min(r.height, Math.ceil(line.y + line.height));
  let top = -1;
  let bottom = -1;
  let gaps = 0;
  let pairs = 0;
  for (const w of words) {
    const letters = baseCharacters(w.text).length;
    if (letters < 2) continue;
    pairs += letters - 1;
    const x0 = Math.max(0, Math.floor(w.box.x));
    const x1 = Math.min(r.width, Math.ceil(w.box.x + w.box.width));
    let seenInk = false;
    let inGap = false;
    for (let x = x0; x < x1; x++) {
      let inked = false;
      for (let y = y0; y < y1; y++) {
        if (!on(x, y)) continue;
        inked = true;
        if (top < 0 || y < top) top = y;
        if (y + 1 > bottom) bottom = y + 1;
      }
      if (inked) {
        if (inGap) gaps++;
        seenInk = true;
        inGap = false;
      } else if (seenInk) inGap = true;
    }
  }
  return { height: top < 0 ? line.height : bottom - top, separated: pairs > 0 && gaps >= pairs * SEPARATED_SHARE };
}
/** Letter-spaced words show a gap between at least this share of their letters' pairs. */
const SEPARATED_SHARE = 0.8;

/** Words of letters only: a digit's or symbol's strokes ("1", "#") end in bars on both sides in either face. */
const LETTERS_ONLY = /^[\p{L}'’.,:;!?-]+$/u;

/** The letters' stems, word by word across the line's height. */
function wordsSerif(r: Raster, words: OcrWord[], line: Box, background: Rgb): SerifReading {
  const total = { stems: 0, footed: 0, headed: 0 };
  for (const w of words) {
    if (!LETTERS_ONLY.test(w.text)) continue;
    // (A little room either side: a first or last letter's foot may run past the engine's box.)
    const pad = Math.max(2, line.height * 0.1);
    const box = { x: w.box.x - pad, y: line.y, width: w.box.width + 2 * pad, height: line.height };
    const reading = stemsOf(r, box, background);
    total.stems += reading.stems;
    total.footed += reading.footed;
    total.headed += reading.headed;
  }
  return total;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const roundBox = (b: Box): Box => ({
  x: round1(b.x),
  y: round1(b.y),
  width: round1(b.width),
  height: round1(b.height),
});

/**
 * A list's bullet drawn as its own mark (a coloured dot set apart in its own cell, read as "." or "•") is a line of
 * one mark before the item's first line: it joins that line as "•", rather than standing as a text block of its own
 * that pushes the item down by a line.
 */
export function joinBullets(lines: TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const mark = lines[i]!;
    const next = lines[i + 1];
    const only = mark.words.length === 1 ? mark.words[0]! : null;
    if (next && only && (BULLET_READINGS.has(only.text) || LONE_BULLETS.has(only.text))) {
      const lineHeight = Math.max(1, next.box.height);
      const small = mark.box.width <= lineHeight * 0.8 && mark.box.height <= lineHeight * 0.8;
      // Beside the first line: overlapping it, its top no more than half a line above (a dot drawn at cap height).
      const beside =
        mark.box.y + mark.box.height > next.box.y &&
        mark.box.y < next.box.y + next.box.height &&
        mark.box.y >= next.box.y - lineHeight / 2;
      const before = next.box.x >= mark.box.x + mark.box.width;
      if (small && beside && before) {
        const bullet: OcrWord = { ...only, text: "•", confidence: Math.max(only.confidence, 90) };
        out.push({ ...next, box: unionBox([mark.box, next.box]), words: [bullet, ...next.words] });
        i++;
        continue;
      }
    }
    out.push(mark);
  }
  return out;
}

/** The ink of a box (pixels off its background, inside the raster): how many of its pixels, and their box. */
function inkIn(r: Raster, box: Box, background: Rgb): { inked: number; all: number; box: Box | null } {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = -1;
  let y1 = -1;
  let inked = 0;
  let all = 0;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(r.height, Math.ceil(box.y + box.height)); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(r.width, Math.ceil(box.x + box.width)); x++) {
      all++;
      if (colourDistance(pixelAt(r, x, y), background) <= INK_DISTANCE / 2) continue;
      inked++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { inked, all, box: x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
}

/**
 * A small squarish box its ink fills (three quarters of its pixels off the background): a drawn mark — a square
 * bullet, a tiny picture — not a letter (a letter's strokes fill under half of its box; an "l" is not squarish).
 */
export function solidMark(r: Raster, box: Box, background: Rgb): boolean {
  const aspect = box.width / Math.max(1, box.height);
  if (aspect < 0.6 || aspect > 1.6 || box.width < 3) return false;
  const { inked, all } = inkIn(r, box, background);
  return all > 0 && inked / all >= 0.75;
}

/** The box around a box's ink (pixels off the background), or null when it has none. */
export function inkBox(r: Raster, box: Box, background: Rgb): Box | null {
  return inkIn(r, box, background).box;
}

/** What OCR reads a bullet drawn on its own as, besides BULLET_READINGS. */
const LONE_BULLETS = new Set([".", "●", "■", "▪", "o"]);

/** A paragraph's largest line is at most this many times its smallest. */
const PARAGRAPH_SIZE_SPREAD = 1.15;

/** A list item's first word: a number with a full stop or bracket ("2.", "12)") or a bullet. */
const LIST_ITEM = /^(\p{N}{1,3}[.)]|•)$/u;

/** A line of fewer letters and digits than this is short: its fitted size is rough. */
const SHORT_LINE_CHARACTERS = 12;
const shortLine = (l: TextLine) =>
  l.words.reduce((n, w) => n + (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0) < SHORT_LINE_CHARACTERS;

/** Two lines' colours this close are one ink, read apart (#808080 and #505050 are two: a subtitle and its text). */
const SAME_INK = 40;

/** Does the next line continue this paragraph? Close below it, same size (±20 %), same weight, same colour. */
function continues(prev: TextLine, next: TextLine): boolean {
  const gap = next.box.y - (prev.box.y + prev.box.height);
  const size = Math.min(prev.fontSize, next.fontSize);
  return (
    gap <= size * 0.9 &&
    Math.max(prev.fontSize, next.fontSize) / size <= 1.2 &&
    prev.bold === next.bold &&
    colourDistance(prev.colour, next.colour) <= SAME_INK
  );
}

export function groupParagraphs(lines: TextLine[]): TextLine[][] {
  const out: TextLine[][] = [];
  const gapOf = (a: TextLine, b: TextLine) => b.box.y - (a.box.y + a.box.height);
  lines.forEach((line, i) => {
    const current = out[out.length - 1];
    const prev = current?.[current.length - 1];
    if (!current || !prev || !continues(prev, line)) {
      out.push([line]);
      return;
    }
    // One size through the paragraph, not only line to line: headings of falling sizes (26, 22, 20, 18 px), each
    // within a fifth of the next, are headings, not one block set at one size. (Fitting sizes from ink widths varies
    // a paragraph's lines by under 10 %.)
    // (A short line after a long one, fitted to a word or two, is too rough for that test: a paragraph's last
    // line "success:" came out 13 % under its lines'. It joins on continues()'s looser test.)
    const tail = shortLine(line) && !shortLine(prev);
    const sizes = [...current.map((l) => l.fontSize), ...(tail ? [] : [line.fontSize])];
    if (Math.max(...sizes) / Math.min(...sizes) > PARAGRAPH_SIZE_SPREAD) {
      out.push([line]);
      return;
    }
    // Lines of one paragraph are evenly spaced: a gap much wider than the paragraph's own (the one before, or the
    // next one when this is its second line) is a paragraph break, though each line alone would continue (a
    // subtitle above a paragraph in a shade near its own).
    const gap = gapOf(prev, line);
    const before = current.length >= 2 ? gapOf(current[current.length - 2]!, prev) : null;
    const next = lines[i + 1];
    const after = before === null && next && continues(line, next) ? gapOf(line, next) : null;
    const usual = before ?? after;
    if (usual !== null && gap > Math.max(usual, 0) * 1.6 + 3) out.push([line]);
    else current.push(line);
  });
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
    // (Lines as wide as each other, far in from both edges alike, are centred: a left-set paragraph starts at its
    // column's edge. Easy Email's two-line offer, 258 px in a 600 px column, 171 px in from each side, was set left.)
    if (sameLeft && !(centred && lefts[0]! > column.width * 0.1)) return "left";
    // All lines after the first share a left edge and end raggedly: a list item's hanging indent (its number out
    // in the margin) or a first-line indent, set left; lines nearly as wide as the column pass the centred test.
    const restLefts = lefts.slice(1);
    const restRights = rights.slice(1);
    const hanging =
      restLefts.length >= 2 &&
      Math.max(...restLefts) - Math.min(...restLefts) <= tolerance &&
      Math.max(...restRights) - Math.min(...restRights) > tolerance;
    if (hanging) return "left";
    if (centred) return "center";
    if (sameRight) return "right";
    return "left";
  }
  const left = lefts[0]!;
  const right = rights[0]!;
  // One line: centred when its margins match and it does not start at the column's edge; set right when it ends at
  // the column's edge and does not start there too (a line as wide as its column is set left).
  if (centred && left > column.width * 0.08) return "center";
  if (left > tolerance && right < left * 0.25 && right <= column.width * 0.08) return "right";
  return "left";
}

export function layoutWord(w: OcrWord, marks: WordMarks = {}): TLayoutWord {
  const word: TLayoutWord = { text: w.text, box: roundBox(w.box), confidence: Math.round(w.confidence) };
  if (marks.colour) word.colour = hex(marks.colour);
  if (marks.bold) word.bold = true;
  if (marks.underline) word.underline = true;
  return word;
}

export function textBlockOf(paragraph: TextLine[], column: Box, scale: number, faces?: FaceNotes): TLayoutText {
  const words = paragraph.flatMap((l) => l.words);
  // The size of the paragraph: its lines' sizes weighted by their words, in each face (and its letter spacing so).
  const weight = paragraph.reduce((n, l) => n + Math.max(1, l.words.length), 0);
  const weighted = (pick: (l: TextLine) => number) =>
    paragraph.reduce((n, l) => n + pick(l) * Math.max(1, l.words.length), 0) / weight;
  const size = weighted((l) => l.fontSize);
  const face = {
    reading: pooled(paragraph.map((l) => l.serif)),
    sizes: { "sans-serif": size / scale, serif: weighted((l) => l.serifFontSize) / scale },
    spacings: {
      "sans-serif": weighted((l) => l.letterSpacing) / scale,
      serif: weighted((l) => l.serifLetterSpacing) / scale,
    },
  };
  // Its own letters for now; the design's settle it when the whole design is read (faces.ts).
  const { fontFamily, fontSizePx, letterSpacingPx } = ownFace(face);
  const bold = paragraph.filter((l) => l.bold).length * 2 > paragraph.length;
  const italic = paragraph.filter((l) => l.italic).length * 2 > paragraph.length;
  // Each word's marks against the paragraph's ink and weight, over the whole paragraph (a link runs across lines).
  const colour = paragraphInk(words, paragraph[0]!.colour);
  const marks = wordMarks(words, { colour, bold, fontSize: size });
  let at = 0;
  const lines: TLayoutLine[] = paragraph.map((l) => ({
    text: l.words.map((w) => w.text).join(" "),
    box: roundBox(l.box),
    words: l.words.map((w) => layoutWord(w, marks[at++])),
  }));
  const block: TLayoutText = {
    kind: "text",
    box: roundBox(unionBox(paragraph.map((l) => l.box))),
    text: lines.map((l) => l.text).join(" "),
    lines,
    role: roleOf(fontSizePx, bold),
    uncertain: words.filter((w) => w.confidence < UNCERTAIN_CONFIDENCE).map((w) => w.text),
    fontSizePx,
    fontWeight: bold ? "bold" : "normal",
    ...(italic ? { fontStyle: "italic" as const } : {}),
    fontFamily,
    ...(letterSpacingPx ? { letterSpacingPx } : {}),
    colour: hex(colour),
    // A list item (its first word a number or a bullet) is set left: wide lines leave margins too small to tell
    // centred from ragged, and its number out in the margin makes them look centred.
    align: LIST_ITEM.test(paragraph[0]?.words[0]?.text ?? "")
      ? "left"
      : alignmentOf(
          paragraph.map((l) => l.margins ?? l.box),
          column,
        ),
  };
  faces?.note(block, face);
  return block;
}

/**
 * Blocks set one under another in a column, each a line of its own (a list whose items stand apart, a column of
 * features): when three or more in a row start at one left edge and end raggedly, they are set left, whatever each
 * line's own margins said (Mailbakery's "2-bedroom apartment" list, its lines 34 px apart, came out centre, centre,
 * left, right, centre, right); ending at one right edge and starting raggedly, set right. A line beside a left-set
 * paragraph from its left edge is set left with it.
 */
export function alignAlike(blocks: readonly (TLayoutBlock | TLayoutLeafBlock)[], scale: number): void {
  const tolerance = Math.max(2, 3 * scale);
  const texts: TLayoutText[][] = [[]];
  for (const b of blocks) {
    if (b.kind === "text") texts[texts.length - 1]!.push(b);
    else {
      if (b.kind === "grid") for (const cell of b.cells) alignAlike(cell.blocks, scale);
      texts.push([]);
    }
  }
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  const leftEdge = (t: TLayoutText) => t.box.x;
  const rightEdge = (t: TLayoutText) => t.box.x + t.box.width;
  // (The edge they share, and the edge that must be ragged.)
  const sides = [
    ["left", leftEdge, rightEdge],
    ["right", rightEdge, leftEdge],
  ] as const;
  for (const run of texts)
    for (let i = 0; i < run.length; ) {
      const start = run[i]!;
      const alike = sides
        .map(([align, edge, other]) => {
          let j = i + 1;
          while (j < run.length && Math.abs(edge(run[j]!) - edge(start)) <= tolerance) j++;
          const blocks = run.slice(i, j);
          return { align, blocks, set: blocks.length >= 3 && spread(blocks.map(other)) > tolerance };
        })
        .find((a) => a.set);
      if (!alike) {
        i++;
        continue;
      }
      for (const t of alike.blocks) t.align = alike.align;
      i += alike.blocks.length;
    }
  // A one-line text judged centred next to a paragraph of lines set left from the same left edge is set left with it
  // (Easy Email 2's "Products made to last" above its left-set paragraph in a 300 px column: its margins alone, 45
  // and 62 px, passed for centred).
  for (const run of texts)
    for (let i = 0; i + 1 < run.length; i++)
      for (const [one, para] of [
        [run[i]!, run[i + 1]!],
        [run[i + 1]!, run[i]!],
      ] as const)
        if (
          one.align === "center" &&
          one.lines.length <= 1 &&
          para.align === "left" &&
          para.lines.length >= 2 &&
          Math.abs(one.box.x - para.box.x) <= tolerance
        )
          one.align = "left";
}
