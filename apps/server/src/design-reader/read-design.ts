import {
  type DesignReaderLanguage,
  leafBlocksOf,
  type TDesignLayout,
  type TLayoutBlock,
  type TLayoutButton,
  type TLayoutColumn,
  type TLayoutLeafBlock,
  type TLayoutSection,
} from "@mailsmith/shared";
import type { OcrEngine, OcrLanguage, OcrWord } from "../adapters/ocr/ocr-engine.js";
import { createTesseractEngine } from "../adapters/ocr/tesseract-engine.js";
import { type Band, findBands } from "./bands.js";
import { buttonOf } from "./buttons.js";
import { joinCaptionRows, joinCaptionsAcrossSections } from "./caption-rows.js";
import {
  colourDistance,
  dominantColour,
  hex,
  INK_DISTANCE,
  PAGE_SHADE,
  SAME_COLOUR,
  sidesShare,
  twoColourShare,
} from "./colour.js";
import { dividerOf } from "./dividers.js";
import { FaceNotes } from "./faces.js";
import { detectLanguage } from "./language.js";
import { loadDesign } from "./load-image.js";
import {
  type BackgroundArea,
  normalisedGrey,
  type PieceBox,
  pictureGrey,
  readGlyphs,
  readPieces,
  readWords,
  SHAPE_EDGE_PX,
} from "./ocr-pass.js";
import {
  extremeInk,
  fallbackColour,
  MAX_OVERLAY_READS,
  meanColour,
  overlayCandidate,
  overlayInk,
  overlayStroke,
  type ReadPatch,
  readOverlay,
  ringColour,
} from "./overlay.js";
import {
  EMOJI_IN_LINE_HUES,
  EMOJI_OFF_INK,
  flatRing,
  inSeveralColours,
  isMark,
  looksLikePicture,
  offInkShare,
  ownInk,
  pictureOf,
  withoutGluedEmoji,
} from "./pictures.js";
import { type Box, centreInside, overlapArea, pixelAt, type Raster, type Rgb, roundBox, unionBox } from "./raster.js";
import { loadRefusalOf, refusalError } from "./refusal.js";
import { detectScale } from "./scale.js";
import { type ColumnNode, type GridNode, isGrid, type Leaf, type SectionNode, segmentBand } from "./segment.js";
import { splitAtSeams } from "./split-band.js";
import {
  alignAlike,
  groupParagraphs,
  inkBox,
  joinBullets,
  lineOf,
  solidMark,
  type TextLine,
  textBlockOf,
  UNCERTAIN_CONFIDENCE,
} from "./text-blocks.js";
import { BOLD_STROKE_EM } from "./text-style.js";
import type { InkMask } from "./xy-cut.js";

/**
 * The local design reader (decisions 120 and 121): pixels → bands → XY-cut leaves → one OCR pass on the
 * picture redrawn against each area's own background → text, buttons, dividers and pictures in sections, rows and
 * columns. No network, no key; the OCR engine is passed in (the worker keeps one for its life).
 */

export interface ReadDesignOptions {
  signal?: AbortSignal;
  /** Languages to read; default all four (English first). */
  languages?: DesignReaderLanguage[];
  /** The OCR engine; default one Tesseract worker shared by the thread's readings. */
  engine?: OcrEngine;
}

let shared: OcrEngine | undefined;

/** The thread's one OCR engine (its models load once, ~1 s). */
function sharedEngine(): OcrEngine {
  shared ??= createTesseractEngine();
  return shared;
}

/** Ends the thread's shared OCR engine (tests, the worker's shutdown). */
export async function closeSharedOcrEngine(): Promise<void> {
  const engine = shared;
  shared = undefined;
  await engine?.close();
}

const TESSERACT: Record<DesignReaderLanguage, OcrLanguage> = { en: "eng", fr: "fra", de: "deu", es: "spa" };
const ALL_LANGUAGES: DesignReaderLanguage[] = ["en", "fr", "de", "es"];

/** Words under this confidence in a leaf of text-sized ink mean the script is not one the models read. */
const UNREADABLE_CONFIDENCE = 50;
/**
 * Big type (half the words' boxes or more this tall, CSS px) reads at 86 or more when it is type (renders and real
 * mock-ups alike); the shapes of a photograph cut as if they were text (gold ribbons on a dark photo read "Kus oF N ak
 * 4," at 51, a laptop's corner "Tel" at 65) read under BIG_TEXT_CONFIDENCE. Such a leaf of letters is shown as the
 * picture it is (a heading in a face the models misread, Oswald's "BLACK" read "SH", with it: its pixels, not wrong
 * words; decision 160).
 */
const BIG_TEXT_CSS = 24;
const BIG_TEXT_CONFIDENCE = 75;
/** A leaf whose one word has this many characters or fewer, read under this confidence, is drawn (its pixels). */
const LONE_GUESS_LETTERS = 3;
const LONE_GUESS_CONFIDENCE = 60;
/** A "word" this tall (CSS px) or less is grain, not a letter anyone reads. */
const GRAIN_CSS = 3;
/**
 * A web or email address as the engine reads it ("hitps://same-link-as-button.url/X-XxXx", "name@site.com"): a scheme,
 * "www.", or a name with a domain, Latin letters, digits and the address's marks only.
 */
const ADDRESS =
  /^(?=[\p{Script=Latin}\d.:/@_~%?=&#+-]{8,}$)(?:\p{L}{3,6}:\/\/|www\.|[^@\s]+@[^@\s]+\.\p{L}{2,}|[^/\s]+\.\p{L}{2,}\/)/u;
/** A line that is addresses only (a link to copy): kept whatever its confidence. */
const addressLine = (words: OcrWord[]) => words.length > 0 && words.every((w) => ADDRESS.test(w.text));
/** Doubtful lines read again on their own at most, per design (one reading for all of them). */
const MAX_LINES_AGAIN = 12;
/** Text smaller than this (CSS px of ink height) is reported as too small. */
const TINY_TEXT_CSS = 7;

export const UNREADABLE_REASONS = {
  script: "Text in a script the reader does not read (it reads English, French, German and Spanish).",
  tiny: "Text too small to read.",
} as const;

function abortIfAsked(signal?: AbortSignal) {
  if (signal?.aborted) {
    const err = new Error("The reading was cancelled.");
    err.name = "AbortError";
    throw err;
  }
}

const seconds = (from: number) => Math.round(performance.now() - from) / 1000;

/** Words' mean confidence (0 for none). */
const meanConfidence = (ws: readonly OcrWord[]) => ws.reduce((n, w) => n + w.confidence, 0) / Math.max(1, ws.length);

/** A mark the OCR engine took for a letter: no letter or digit, or one character it was unsure of. */
function isJunk(w: OcrWord): boolean {
  if (w.confidence < 20) return !ADDRESS.test(w.text);
  if (!/[\p{L}\p{N}]/u.test(w.text)) return w.confidence < 60;
  return w.text.length === 1 && w.confidence < 50;
}

/** A doubtful word covering this share of its own box with a surer word's box is that word's ink read again. */
const SAME_INK_OVERLAP = 0.4;

/**
 * The page reading sometimes reads one piece of ink twice: a link's underline comes back as a second line of words
 * over the link ("update subscription preferences" and, on its underline, "EPIAS SUUSUT RON PETETENTES", at 7–54),
 * which then run through the line. A word read with doubt whose box lies mostly over a surer word's is left out.
 */
export function withoutDoubleReadings(words: OcrWord[]): OcrWord[] {
  const area = (b: Box) => Math.max(0, b.width) * Math.max(0, b.height);
  return words.filter(
    (w) =>
      w.confidence >= UNCERTAIN_CONFIDENCE ||
      !words.some(
        (k) =>
          k !== w &&
          k.confidence > w.confidence &&
          overlapArea(w.box, k.box) >= SAME_INK_OVERLAP * Math.max(1, area(w.box)),
      ),
  );
}

/** A bar read where a capital I stands: alone, or before an apostrophe ("|'ve"). */
const BAR_FOR_I = /^\|(?=$|['’]\p{L})/u;

/**
 * Tesseract reads a sans-serif capital I as a bar ("| set up an Awesome Inc profile where | can"). A bar word with a
 * lower-case word just after it on its line is the letter I; a bar between menu links ("CATEGORIES | E-BOOKS",
 * "Home | About") stays. And as a lower-case l after a capital A (below).
 */
export function withCapitalI(words: OcrWord[]): OcrWord[] {
  // The word just after w on its line, when it matches.
  const nextOn = (w: OcrWord, starts: RegExp) =>
    words.find(
      (k) =>
        k !== w &&
        starts.test(k.text) &&
        k.box.x > w.box.x + w.box.width &&
        k.box.x - (w.box.x + w.box.width) <= 1.5 * w.box.height &&
        Math.min(k.box.y + k.box.height, w.box.y + w.box.height) - Math.max(k.box.y, w.box.y) >= 0.5 * w.box.height,
    );
  return words.map((w) => {
    if (BAR_FOR_I.test(w.text)) return nextOn(w, /^\p{Ll}/u) ? { ...w, text: w.text.replace(BAR_FOR_I, "I") } : w;
    // "AI" and "Al" are the same letters in a sans-serif face; the engine's dictionary picks the name. Before a
    // capitalised word ("Al Integration", "Al Powered") it is "AI", listed for the member to check.
    if (w.text === "Al" && nextOn(w, /^\p{Lu}/u))
      return { ...w, text: "AI", confidence: Math.min(w.confidence, UNCERTAIN_CONFIDENCE - 1) };
    return w;
  });
}

/** A word's box this many times its leaf's usual word height spans two lines (the engine's box, not its ink). */
const TALL_BOX = 1.8;

/**
 * A leaf's usual word height (the median) and its words whose boxes run over two lines of its other words: far taller
 * than the usual word (TALL_BOX) with whole words above and below inside them. Only with four words or more; a
 * headline's big word beside small text is over no line and is not one.
 */
export function boxesOverLines(read: OcrWord[]): { usual: number; overLines: Set<OcrWord> } {
  const heights = read.map((w) => w.box.height).sort((a, b) => a - b);
  const usual = heights[heights.length >> 1] ?? 0;
  const overLines = new Set<OcrWord>();
  if (read.length < 4) return { usual, overLines };
  const normal = read.filter((w) => w.box.height <= usual * 1.3);
  for (const w of read) {
    if (w.box.height <= usual * TALL_BOX) continue;
    const within = normal.filter((n) => n.box.y >= w.box.y - 1 && n.box.y + n.box.height <= w.box.y + w.box.height + 1);
    if (within.some((a) => within.some((b) => a.box.y + a.box.height <= b.box.y + 1))) overLines.add(w);
  }
  return { usual, overLines };
}

/**
 * Words in rows: a word joins the row its vertical centre falls in (two lines may share one leaf). Small lines set
 * close together (a preheader's 10 px lines 10 px apart) come back with a few boxes over both lines ("your" 18–40
 * between lines at 20–29 and 30–39): such a box, far taller than its leaf's usual word and over words of two lines,
 * would join the lines into one row whose words mix. It is cut to the usual height from its top (where its word
 * usually is), unless the words of the line there lie over half its width: a word's neighbours on its own line are
 * beside it, not over it ("EVERYTHING", over both lines and ending the second, lay under the first line's "your next
 * family"). Then it goes to the line it spans whose words lie least over it.
 */
export function splitLines(read: OcrWord[]): OcrWord[][] {
  const { usual, overLines } = boxesOverLines(read);
  const rows: { y0: number; y1: number; words: OcrWord[] }[] = [];
  const join = (w: OcrWord) => {
    const cy = w.box.y + w.box.height / 2;
    const row = rows.find((r) => cy >= r.y0 && cy <= r.y1);
    if (row) {
      row.words.push(w);
      row.y0 = Math.min(row.y0, w.box.y);
      row.y1 = Math.max(row.y1, w.box.y + w.box.height);
    } else rows.push({ y0: w.box.y, y1: w.box.y + w.box.height, words: [w] });
  };
  const byCentre = (a: OcrWord, b: OcrWord) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2);
  for (const w of read.filter((w) => !overLines.has(w)).sort(byCentre)) join(w);
  const overOf = (w: OcrWord, words: OcrWord[]) =>
    words.reduce(
      (n, o) => n + Math.max(0, Math.min(w.box.x + w.box.width, o.box.x + o.box.width) - Math.max(w.box.x, o.box.x)),
      0,
    );
  for (const w of [...overLines].sort(byCentre)) {
    const spanned = rows
      .filter((r) => r.y1 > w.box.y && r.y0 < w.box.y + w.box.height)
      .sort((a, b) => a.y0 - b.y0)
      .map((r) => ({ r, over: overOf(w, r.words) }));
    const top = spanned[0];
    const least = [...spanned].sort((a, b) => a.over - b.over)[0];
    if (top && least && top.over * 2 > w.box.width && least.over < top.over) {
      const { r } = least;
      r.words.push({ ...w, box: { ...w.box, y: r.y0, height: Math.min(usual, r.y1 - r.y0) } });
    } else join({ ...w, box: { ...w.box, height: usual } });
  }
  return rows.map((r) => r.words);
}

/**
 * A drop cap (a paragraph's first letter set two or three lines tall at its left) joins the word it starts on the
 * first line ("F" + "or" → "For"), with that word's box: as a line of its own it made a line as tall as itself, in a
 * size of its own, and split the paragraph. The letter is drawn at the text's size in the email.
 */
function withoutDropCap(words: OcrWord[]): OcrWord[] {
  if (words.length < 4) return words;
  const heights = words.map((w) => w.box.height).sort((a, b) => a - b);
  const typical = heights[heights.length >> 1]!;
  const left = Math.min(...words.map((w) => w.box.x));
  const cap = words.find(
    (w) => /^\p{Lu}$/u.test(w.text) && w.box.height >= typical * 1.8 && w.box.x <= left + typical * 0.5,
  );
  if (!cap) return words;
  // The first line's first word: beside the letter, its centre in the letter's upper half.
  const beside = words
    .filter((w) => w !== cap && w.box.x >= cap.box.x + cap.box.width - 2)
    .filter((w) => {
      const centre = w.box.y + w.box.height / 2;
      return centre >= cap.box.y && centre <= cap.box.y + cap.box.height / 2;
    })
    .sort((a, b) => a.box.x - b.box.x)[0];
  if (!beside || beside.box.x - (cap.box.x + cap.box.width) > typical * 1.5) return words;
  const joined = {
    ...beside,
    text: `${cap.text}${beside.text}`,
    confidence: Math.min(cap.confidence, beside.confidence),
  };
  return words.filter((w) => w !== cap).map((w) => (w === beside ? joined : w));
}

/**
 * Words the engine gave no confidence (under 20) that start a line of confident words: a list's "1." and the word
 * after it come back at 0 with the right text. Such a word is kept (listed as uncertain for the member to check)
 * when it has a letter or digit, two characters or more, the height of the line's words, and sits on that line
 * within a word space or two of a word kept already, in the same piece of ink (leaf), not a picture; anything else
 * of no confidence stays a mark (a thumbnail beside a product's name was read as a word at 0).
 */
export function lineStartsToKeep(
  words: OcrWord[],
  leafOf: (w: OcrWord) => Leaf | undefined,
  pictures: Set<Leaf>,
): Set<OcrWord> {
  const kept = new Set<OcrWord>(words.filter((w) => !isJunk(w)));
  // Only in a leaf with two confident words or more, and as many as doubtful ones: a line in a script the engine cannot read comes back as marks at no
  // confidence with a Latin-looking guess or two among them, and must stay reported as unreadable.
  const confidentIn = new Map<Leaf | undefined, number>();
  const doubtfulIn = new Map<Leaf | undefined, number>();
  for (const w of words) {
    const counts = isJunk(w) ? doubtfulIn : confidentIn;
    const leaf = leafOf(w);
    counts.set(leaf, (counts.get(leaf) ?? 0) + 1);
  }
  const mostlyRead = (leaf: Leaf | undefined) => {
    const confident = confidentIn.get(leaf) ?? 0;
    return confident >= 2 && confident >= (doubtfulIn.get(leaf) ?? 0);
  };
  const candidates = words.filter((w) => {
    if (w.confidence >= 20 || w.text.length < 2 || !/[\p{L}\p{N}]/u.test(w.text) || kept.has(w)) return false;
    const leaf = leafOf(w);
    return leaf !== undefined && !pictures.has(leaf) && mostlyRead(leaf);
  });
  const rescued = new Set<OcrWord>();
  const sameLine = (a: OcrWord, b: OcrWord) => {
    const overlap = Math.min(a.box.y + a.box.height, b.box.y + b.box.height) - Math.max(a.box.y, b.box.y);
    const low = Math.min(a.box.height, b.box.height);
    const high = Math.max(a.box.height, b.box.height);
    return overlap >= low * 0.6 && high <= low * 1.6;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const w of candidates) {
      if (rescued.has(w)) continue;
      const anchored = [...kept, ...rescued].some((k) => {
        if (k === w || !sameLine(w, k) || leafOf(k) !== leafOf(w)) return false;
        if (k.confidence < 60 && !rescued.has(k)) return false;
        const gap = Math.max(k.box.x - (w.box.x + w.box.width), w.box.x - (k.box.x + k.box.width));
        return gap >= -2 && gap <= 1.5 * Math.max(w.box.height, k.box.height);
      });
      if (anchored) {
        rescued.add(w);
        changed = true;
      }
    }
  }
  return rescued;
}

/** The least mean confidence of a leaf's words for its lines' unread markers to be looked for. */
const MARKER_LINE_CONFIDENCE = 70;

/** A list item's marker: a number ("2", "2.", "12)"), or a letter or a roman numeral with a full stop or bracket ("b)", "iv."). */
const LIST_MARKER = /^(\p{N}{1,3}[.)]?|\p{L}{1,4}[.)])$/u;

/**
 * Ink at the start of a line that no word read covers, as tall as the line's letters and at most three of its
 * heights wide: a numbered list's "2." the page reading skipped (it reads "1." and "4" of the same list). Each is
 * read on its own (readGlyphs) and kept when it reads as a list marker.
 */
export function unreadMarkers(
  r: Raster,
  wordsOf: Map<Leaf, OcrWord[]>,
  pictures: Set<Leaf>,
): { leaf: Leaf; box: Box }[] {
  const out: { leaf: Leaf; box: Box }[] = [];
  for (const [leaf, found] of wordsOf) {
    // Only in text read with confidence: a line in a script the engine cannot read (a Latin-looking guess or two
    // among its marks) must stay reported as unreadable, not gain a "marker".
    const mean = meanConfidence(found);
    if (pictures.has(leaf) || found.length < 2 || mean < MARKER_LINE_CONFIDENCE) continue;
    for (const line of splitLines(found)) {
      const y0 = Math.min(...line.map((w) => w.box.y));
      const y1 = Math.max(...line.map((w) => w.box.y + w.box.height));
      const first = Math.min(...line.map((w) => w.box.x));
      const height = y1 - y0;
      // Looked for half a line above and below too: an icon taller than the line is no marker.
      const top = Math.max(leaf.box.y, y0 - height / 2);
      const bottom = Math.min(leaf.box.y + leaf.box.height, y1 + height / 2);
      const region = { x: leaf.box.x, y: top, width: Math.floor(first - 2 - leaf.box.x), height: bottom - top };
      if (region.width < 2 || height < 4) continue;
      const ink = inkBox(r, region, leaf.fill ?? leaf.background);
      if (!ink || ink.height < height * 0.5 || ink.height > height * 1.1 || ink.width > height * 3) continue;
      const centre = ink.y + ink.height / 2;
      if (centre < y0 + height * 0.25 || centre > y1 - height * 0.25) continue;
      // Set apart from the line's first word by at least a letter's gap, not a piece of that word.
      if (first - (ink.x + ink.width) < 2) continue;
      // One ink, as type is: an emoji before the line (in several colours of its own; one cut off the word it was
      // glued to) is no list's marker.
      const ground = leaf.fill ?? leaf.background;
      if (inSeveralColours(r, ink, ground)) continue;
      out.push({ leaf, box: ink });
    }
  }
  return out;
}

/**
 * Ink at the end of a line that no word read covers, in the line's own rows, a word's width or more and a word space
 * or more after its last word: the last word the page reading dropped (Tesseract read "the preview area of some
 * email" for an 11 px grey line ending "clients.", set 10 px from the lines around it). Each is read on its own
 * with its line (readPieces) and kept when it reads as a word with confidence.
 */
export function unreadTails(
  r: Raster,
  wordsOf: Map<Leaf, OcrWord[]>,
  pictures: Set<Leaf>,
): { leaf: Leaf; box: Box; line: Box }[] {
  const out: { leaf: Leaf; box: Box; line: Box }[] = [];
  for (const [leaf, found] of wordsOf) {
    const mean = meanConfidence(found);
    if (pictures.has(leaf) || found.length < 2 || mean < MARKER_LINE_CONFIDENCE) continue;
    for (const line of splitLines(found)) {
      // (A line of words: a list's bullet read as a line of its own, beside its item's text, has no tail.)
      if (line.filter((w) => /\p{L}.*\p{L}/u.test(w.text)).length < 2) continue;
      const y0 = Math.min(...line.map((w) => w.box.y));
      const y1 = Math.max(...line.map((w) => w.box.y + w.box.height));
      const first = Math.floor(Math.min(...line.map((w) => w.box.x)));
      const last = Math.max(...line.map((w) => w.box.x + w.box.width));
      const height = y1 - y0;
      const right = leaf.box.x + leaf.box.width;
      if (height < 4 || right - last < height) continue;
      // (Looked for in the line's middle half: the lines around a tightly set one reach into its top and bottom.)
      const middle = {
        x: Math.ceil(last + 2),
        y: y0 + height / 4,
        width: Math.floor(right - last - 2),
        height: height / 2,
      };
      const ink = inkBox(
        r,
        { ...middle, y: Math.round(middle.y), height: Math.max(1, Math.round(middle.height)) },
        leaf.fill ?? leaf.background,
      );
      if (!ink || ink.width < height || ink.x - last < height * TAIL_GAP) continue;
      // (A word space past the last word, no further than a few: a second column's text is no tail.)
      if (ink.x - last > height * 2) continue;
      const [top, bottom] = [Math.floor(y0), Math.ceil(y1)];
      out.push({
        leaf,
        box: { x: ink.x, y: top, width: ink.width, height: bottom - top },
        line: { x: first, y: top, width: ink.x + ink.width - first, height: bottom - top },
      });
    }
  }
  return out;
}

/**
 * Ink at the start of a line that no word read covers, in the line's own rows, a word's width or more and no more than
 * a couple of word spaces before its first word: the start the page reading dropped (Easy Email's "QUALITY" over
 * "GUARANTEED", both centred, was read as "I" at 91, its last letter's stem). The line is read again from that ink on
 * (readPieces, blanked outside its rows) and its words are kept when they read with confidence and cover the ink.
 */
export function unreadHeads(
  r: Raster,
  wordsOf: Map<Leaf, OcrWord[]>,
  pictures: Set<Leaf>,
): { leaf: Leaf; words: OcrWord[]; head: Box; line: PieceBox }[] {
  const out: { leaf: Leaf; words: OcrWord[]; head: Box; line: PieceBox }[] = [];
  for (const [leaf, found] of wordsOf) {
    if (pictures.has(leaf) || found.length === 0 || meanConfidence(found) < MARKER_LINE_CONFIDENCE) continue;
    const ground = leaf.fill ?? leaf.background;
    for (const line of splitLines(found)) {
      // (A line of a letter or figure at least: a photo's marks read "«|" are no line.)
      if (!line.some((w) => /[\p{L}\p{N}]/u.test(w.text))) continue;
      const span = unionBox(line.map((w) => w.box));
      const [y0, y1] = [span.y, span.y + span.height];
      const first = Math.floor(span.x);
      const last = Math.ceil(span.x + span.width);
      const height = span.height;
      if (height < 4 || first - leaf.box.x < height) continue;
      // (Looked for in the line's middle half: the lines around a tightly set one reach into its top and bottom.)
      const ink = inkBox(
        r,
        roundBox({ x: leaf.box.x, y: y0 + height / 4, width: first - leaf.box.x, height: height / 2 }),
        ground,
      );
      // (A word's width at least: a list's marker is read as one, unreadMarkers; and no further off than a couple of
      // word spaces: ink further left is no part of this line.)
      if (!ink || ink.width < height || first - (ink.x + ink.width) > height * 2) continue;
      // (In the line's own ink, as its letters are: an icon or an emoji before a line, "🚚 FREE SHIPPING", is no
      // dropped word.)
      const letters = ownInk(r, roundBox(span), ground);
      if (!letters || offInkShare(r, ink, ground, letters) >= EMOJI_OFF_INK) continue;
      // (The line to its last ink: the word read may be a stroke of the last letter, "I" for the "T" of "QUALITY".)
      const whole = inkBox(
        r,
        roundBox({ x: ink.x, y: y0 + height / 4, width: leaf.box.x + leaf.box.width - ink.x, height: height / 2 }),
        ground,
      );
      const end = Math.max(last, whole ? whole.x + whole.width : last);
      // (Most of the line unread: its words span less than half its ink. A line read all but its start, an icon or a
      // logo's mark before it, is left as read.)
      if ((last - first) / (end - ink.x) >= HEAD_READ_SHARE) continue;
      const [top, bottom] = [Math.floor(y0), Math.ceil(y1)];
      out.push({
        leaf,
        words: line,
        head: { x: ink.x, y: top, width: ink.width, height: bottom - top },
        line: { x: ink.x, y: top, width: end - ink.x, height: bottom - top, onlyInside: true },
      });
    }
  }
  return out;
}

/** A line whose words span less than this share of its ink, with ink before them, is read again from its start. */
const HEAD_READ_SHARE = 0.5;

/** At most this many line ends are read again per design (each is one more small OCR read). */
const MAX_TAILS = 12;
/** A dropped last word starts at least this many of its line's heights after the last word read (a word space). */
const TAIL_GAP = 0.15;
/** A tail read on its own is kept at this confidence or more, with two letters or more. */
const TAIL_CONFIDENCE = 70;

/** Each word to the leaf its centre falls in (marks that are not words left out). */
function wordsByLeaf(words: OcrWord[], leaves: Leaf[], pictures: Set<Leaf>): Map<Leaf, OcrWord[]> {
  const out = new Map<Leaf, OcrWord[]>();
  // Each word's leaf, found once (the kept-word search asks for it again and again).
  const leafByWord = new Map(words.map((w) => [w, leaves.find((l) => centreInside(w.box, l.box))]));
  const leafOf = (w: OcrWord) => leafByWord.get(w);
  const lineStarts = lineStartsToKeep(words, leafOf, pictures);
  for (const w of words) {
    if (isJunk(w) && !lineStarts.has(w)) continue;
    const leaf = leafOf(w);
    if (!leaf) continue;
    const list = out.get(leaf);
    if (list) list.push(w);
    else out.set(leaf, [w]);
  }
  return out;
}

/**
 * A line whose words, side by side, cover less than this share of its width was misread at the page's scale:
 * Tesseract read a clean 11 px link line at 2× as "L L Di" at 91 (a letter's stem each, 6 % of the line), and the
 * same line at 1× or 3× in full. Such a line is read again on its own, at another size. (A row of spaced digits, a
 * rating bar's "0 1 2 … 10", covers a quarter.)
 */
const INKED_SHARE = 0.15;

/** The share of a box's width its words' boxes cover (gaps between words left out). */
export function inkedShare(words: OcrWord[], box: Box): number {
  const widths = words.reduce((n, w) => n + Math.max(0, w.box.width), 0);
  return widths / Math.max(1, box.width);
}

/** Read words must span this share of their leaf's width (its lines' widest row). */
const MIN_COVERAGE = 0.5;

/** How much of the leaf's width its widest row of words spans (word spaces included). */
function coverage(words: OcrWord[], box: Box): number {
  let best = 0;
  for (const row of splitLines(words)) {
    const x0 = Math.min(...row.map((w) => w.box.x));
    const x1 = Math.max(...row.map((w) => w.box.x + w.box.width));
    best = Math.max(best, (x1 - x0) / box.width);
  }
  return best;
}

/** A word's box far taller than its neighbours' (TALL_BOX) is doubtful read under this confidence. */
const TALL_DOUBT = 60;

/**
 * Boxes over two lines of a leaf's words, or far taller than its words and read doubtfully ("algorkhms" at 40 over
 * its own line and the next, "solutions.", which came back as nothing).
 */
function tallDoubt(words: OcrWord[]): boolean {
  const { usual, overLines } = boxesOverLines(words);
  return (
    overLines.size > 0 ||
    (words.length >= 4 && words.some((w) => w.box.height > usual * TALL_BOX && w.confidence < TALL_DOUBT))
  );
}

/**
 * A word's box this many times its leaf's height, over another leaf, ran over the next line: the leaf is read again.
 * (Over none, it is the engine's loose box: Bebas "FREE SHIPPING" at 12 px came back in 21 px boxes, and read again,
 * as "FREF <MIPDINA".)
 */
const OVER_LEAF = 1.6;

/** A box over a third of another leaf's height, where they meet side to side. */
function overAnother(box: Box, leaf: Leaf, others: readonly Leaf[]): boolean {
  return others.some((o) => {
    if (o === leaf) return false;
    const dx = Math.min(box.x + box.width, o.box.x + o.box.width) - Math.max(box.x, o.box.x);
    const dy = Math.min(box.y + box.height, o.box.y + o.box.height) - Math.max(box.y, o.box.y);
    return dx > 0 && dy >= o.box.height / 3;
  });
}

/** A stretch of a leaf between its read lines this share of a line's height or taller is a line the reading missed. */
const MISSED_LINE = 0.6;

/**
 * A leaf's lines, to be read one by one (readPieces, each blanked outside itself): the rows of its words read, and
 * each stretch between, above or below them as tall as a line (a third line, "solutions.", read as nothing under a
 * box over the first two). One line or none: the leaf whole is the piece.
 */
function linesOf(leaf: Leaf, words: OcrWord[]): PieceBox[] {
  const bottom = leaf.box.y + leaf.box.height;
  // (A line's extent from its words of the usual height: a doubtful box over the next line would take that in.)
  const { usual: wordHeight } = boxesOverLines(words);
  const rows = splitLines(words)
    .map((all) => {
      const sized = all.filter((w) => w.box.height <= wordHeight * TALL_BOX);
      const row = sized.length > 0 ? sized : all;
      const y0 = Math.max(leaf.box.y, Math.floor(Math.min(...row.map((w) => w.box.y))));
      const y1 = Math.min(bottom, Math.ceil(Math.max(...row.map((w) => w.box.y + w.box.height))));
      return { ...leaf.box, y: y0, height: y1 - y0, onlyInside: true };
    })
    .filter((r) => r.height > 0)
    .sort((a, b) => a.y - b.y);
  if (rows.length === 0) return [];
  const usual = rows.map((r) => r.height).sort((a, b) => a - b)[rows.length >> 1]!;
  const lines: PieceBox[] = [];
  let at = leaf.box.y;
  for (const row of [...rows, { ...leaf.box, y: bottom, height: 0, onlyInside: true }]) {
    if (row.y - at >= usual * MISSED_LINE) lines.push({ ...leaf.box, y: at, height: row.y - at, onlyInside: true });
    if (row.height > 0) lines.push(row);
    at = Math.max(at, row.y + row.height);
  }
  return lines;
}

/**
 * A filled shape's one line as its label's ink (its rows, the shape's width), to be read enlarged for the label's
 * height: read as the whole shape, a 10 px "SHOP NOW" on a 36 px button was enlarged for 36 px and came back as
 * nothing. Null for a leaf with no fill. (The label's rows are found within the row its words were read in, off the
 * shape's sides; its margin on the sheet is the shape's fill, so nothing is blanked.)
 */
export function labelInk(r: Raster, leaf: Leaf, row: Box, scale: number): Box | null {
  if (!leaf.fill) return null;
  const side = Math.ceil(SIDE_CSS * scale);
  const inside = roundBox({ x: leaf.box.x + side, y: row.y, width: leaf.box.width - 2 * side, height: row.height });
  if (inside.width <= 0 || inside.height <= 0) return null;
  const ink = inkBox(r, inside, leaf.fill);
  return ink ? { ...leaf.box, y: ink.y, height: ink.height } : null;
}

/** A line icon is at most this tall (CSS px), and a row of them at least ICON_ROW_GLYPHS marks. */
const LINE_ICON_CSS = 40;
const ICON_ROW_GLYPHS = 2;

/**
 * A row of line icons: every leaf of the row icon-tall, nothing in it read but marks of three characters or fewer with
 * a letter at most and no figure (the engine's readings of icons: "©", "Y", "€"; "©@v" over two), at least two of
 * them, each mark about as wide as tall or nearly (a bar, "|" or "l", is narrower). Figures are left out: a row of
 * "1 2 3" is a step counter.
 */
export function iconRow(leaves: Leaf[], wordsOf: Map<Leaf, OcrWord[]>, pictures: Set<Leaf>, scale: number): boolean {
  if (leaves.length === 0 || leaves.some((l) => l.box.height > LINE_ICON_CSS * scale)) return false;
  // (An icon already taken for a picture, its edges' colours many, counts as one.)
  const glyphs = leaves.flatMap((l) => (pictures.has(l) ? [] : (wordsOf.get(l) ?? []).filter((w) => !isJunk(w))));
  const drawn = leaves.filter((l) => pictures.has(l)).length;
  if (glyphs.length === 0 || glyphs.length + drawn < ICON_ROW_GLYPHS) return false;
  return glyphs.every(
    (w) =>
      [...w.text].length <= 3 &&
      (w.text.match(/\p{L}/gu)?.length ?? 0) <= 1 &&
      !/\p{N}/u.test(w.text) &&
      w.box.width >= w.box.height * 0.45 &&
      w.box.width <= w.box.height * 1.6 * [...w.text].length,
  );
}

/**
 * How many filled squares side by side a leaf is (social icons in one leaf: a white "f" on each of three green
 * squares read as the heading "f"): along its middle row, stretches of its fill parted by its band's colour, each
 * about as long as the leaf is tall, and nothing else. Zero for anything else.
 */
export function filledSquares(r: Raster, leaf: Leaf, scale: number): number {
  if (!leaf.fill || leaf.box.height > ICON_MAX_CSS * scale || leaf.box.height < 12 * scale) return 0;
  const y = Math.round(leaf.box.y + leaf.box.height / 2);
  const runs: number[] = [];
  let run = 0;
  // (Through each square's glyph: its white is inside the run, not a gap; only the band's colour parts squares.)
  for (let x = leaf.box.x; x <= leaf.box.x + leaf.box.width; x++) {
    const ground =
      x === leaf.box.x + leaf.box.width || colourDistance(pixelAt(r, x, y), leaf.background) <= INK_DISTANCE / 2;
    if (!ground) run++;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  const h = leaf.box.height;
  return runs.length >= 2 && runs.every((n) => n >= h * 0.75 && n <= h * 1.33) ? runs.length : 0;
}

/** A filled square at most this big (CSS px) with a letter or two on it is an icon. */
const ICON_MAX_CSS = 48;

/** More colours than this (each holding 1 % of a leaf) make a photograph, not text with an accent colour. */
const PHOTO_COLOURS = 12;

/**
 * A leaf whose colours look drawn but which is mostly words read with confidence (a column of text with a coloured
 * accent, a headline in two colours) is text: the email must show it live, never as a picture of text. A photo with
 * a caption on it has far fewer words for its size.
 */
function mostlyText(words: OcrWord[], leaf: Leaf): boolean {
  // A photograph (many colours) with a headline on it stays a picture until the email can set live text over it.
  if (leaf.colours.distinct > PHOTO_COLOURS) return false;
  const sure = words.filter((w) => w.confidence >= 70 && w.text.length > 1);
  if (sure.length < 4) return false;
  const inked = sure.reduce((n, w) => n + w.box.width * w.box.height, 0);
  return inked >= leaf.box.width * leaf.box.height * 0.2;
}

/** A glyph-sized leaf this many times as wide as tall may be a short word (read alone as a line when unread)… */
const WORD_ASPECT = 1.2;
/** …at most this many of them per design (each is one more reading, ~0.1 s)… */
const MAX_WORDS_ALONE = 4;
/** …and what it reads is kept when it is a word: two letters or figures at least. */
const WORD_ALONE = /[\p{L}\p{N}].*[\p{L}\p{N}]/u;

/** A short piece of text-sized ink: one character or a short word (6–40 CSS px tall, at most 3 heights wide). */
function glyphSized(leaf: Leaf, scale: number): boolean {
  const h = leaf.box.height / scale;
  return h >= 6 && h <= 40 && leaf.box.width <= leaf.box.height * 3 && leaf.box.width >= 2 * scale;
}

/** Looks like a line of text by its shape: wider than tall, text-sized, few colours. */
function textShaped(leaf: Leaf, scale: number): boolean {
  const h = leaf.box.height / scale;
  return h >= 3 && h <= 80 && leaf.box.width >= leaf.box.height * 1.5;
}

/**
 * A line the page reading read doubtfully, to be read again on its own at a larger size (readPieces): its words'
 * mean confidence under 50; its words covering under 15 % of it (an 11 px link read as "L L Di" at 91); its words
 * over part of it only (it would be reported as a script the reader does not read: "TECH" and two marks for "TECH
 * ACCESSORIES", which at 3× reads in full); no word at all on a line of text-sized ink (its words went to a
 * doubtful box over two lines); or a box over two lines of its words (two 13 px lines set 13 px apart, read at the
 * page's scale as "Get real dy to host your next Lit 4 gathering", "Lit" and "4" each over both lines, and on their
 * own in full), or a box far taller than its own line (over the next: heavy "EXTRA 20% OFF:" read "TRA 20% or" in
 * boxes over "BLACKFRI20" too). Heavy text (`heavy`: its ink taken for a fill) with no word read is read again.
 */
export function readAgain(
  leaf: Leaf,
  found: OcrWord[],
  scale: number,
  around: { heavy?: boolean; others?: readonly Leaf[] } = {},
): boolean {
  if (!textShaped(leaf, scale)) return false;
  const rated = found.filter((w) => !isJunk(w));
  if (rated.length === 0)
    return (
      (leaf.fill === null || around.heavy === true) &&
      leaf.colours.share >= 0.4 &&
      leaf.box.height / scale >= TINY_TEXT_CSS &&
      !glyphSized(leaf, scale)
    );
  const confidence = meanConfidence(rated);
  return (
    confidence < UNREADABLE_CONFIDENCE ||
    inkedShare(rated, leaf.box) < INKED_SHARE ||
    coverage(rated, leaf.box) < MIN_COVERAGE ||
    tallDoubt(rated) ||
    rated.some((w) => w.box.height > leaf.box.height * OVER_LEAF && overAnother(w.box, leaf, around.others ?? []))
  );
}

/** A "word" this narrow (CSS px) at a filled shape's side is its side… */
const SIDE_CSS = 3;
/** …read as one of these. */
const SIDE_READING = /^[|Il![\]1]$/;

/**
 * A filled shape's words less its sides read as letters: a button's anti-aliased left and right edges came back as
 * "I" and "|" at 85 around "shopNow", and kept it from being a button.
 */
export function withoutShapeSides(leaf: Leaf, found: OcrWord[], scale: number): OcrWord[] {
  const near = SIDE_CSS * scale;
  const atSide = (w: OcrWord) =>
    w.box.x - leaf.box.x <= near || leaf.box.x + leaf.box.width - (w.box.x + w.box.width) <= near;
  return found.filter((w) => !(SIDE_READING.test(w.text) && w.box.width <= near && atSide(w)));
}

/** A label is at most this many words (a button's, a badge's)… */
const LABEL_WORDS = 3;
/** …on a shape whose fill is this share of its box at least. */
const LABEL_FILL = 0.65;

/**
 * A filled shape's label read with doubt: a few words on a fill, their mean confidence under UNCERTAIN_CONFIDENCE
 * (over UNREADABLE_CONFIDENCE: below, readAgain has it already).
 */
export function unsureLabel(leaf: Leaf, found: OcrWord[]): boolean {
  const rated = found.filter((w) => !isJunk(w));
  // (A shape: its fill most of its box. Heavy letters taken for a fill, a condensed "FRI" read "il", fill about half
  // of theirs, and read again came back as confident nonsense.)
  if (leaf.fill === null || leaf.colours.share < LABEL_FILL || rated.length === 0 || rated.length > LABEL_WORDS)
    return false;
  return meanConfidence(rated) < UNCERTAIN_CONFIDENCE;
}

/**
 * A leaf is a picture by its colours, or by covering a busy band (a gradient or a soft photo across the band whose
 * colours stay near one line from its main colour, which the colour test alone takes for text on a fill).
 */
function isPicture(r: Raster, leaf: Leaf, band: Band, scale: number): boolean {
  if (looksLikePicture(r, leaf, scale)) return true;
  // (Most of it one of the band's photos, found by their grain and edges.)
  if (band.photos?.some((p) => overlapArea(p, leaf.box) * 2 >= leaf.box.width * leaf.box.height)) return true;
  return band.busy && leaf.box.width * leaf.box.height >= band.box.width * band.box.height * 0.9;
}

/**
 * A busy band (a picture across it) whose cutting found no picture, only its text: the picture's colours were close
 * enough to the band's main colour to pass for its fill (a gradient, a soft photo). The band is then one picture,
 * which the overlay reading sets its text over; cut into several pictures (a row of photos) it stays as cut.
 */
function pictureAcross(r: Raster, section: SectionNode, scale: number): SectionNode {
  const leaves = section.rows.flatMap((row) => row.columns.flatMap((c) => c.leaves));
  if (leaves.length === 0 || leaves.some((leaf) => isPicture(r, leaf, section.band, scale))) return section;
  const box = section.band.box;
  const leaf: Leaf = { box, background: section.band.background, fill: null, colours: dominantColour(r, box, 2) };
  return { band: section.band, rows: [{ box, columns: [{ box, background: null, leaves: [leaf] }] }] };
}

/** A filled shape has its fill along this share of the middle of two opposite sides at least (colour.ts sidesShare). */
const FILLED_SIDES = 0.6;

/**
 * A leaf this much of its "fill" and its background or their blends is of two colours only: ink on a ground. (Their
 * flat pixels alone were 0.61 for heavy white capitals on red in a JPEG, whose edges blur into pink.)
 */
const TWO_COLOURS = 0.9;

/**
 * Heavy text whose ink is most of its box, so its leaf's most common colour passed for a fill: read against that
 * "fill", a heavy white "FRIDAY" on black was blank. A fill runs along two opposite sides of its shape (as for text
 * on a fill, decision 154), and heavy text's ink does not; and the leaf is its ink and its band only (a card's cream
 * under a heading, over a photo, is a fill that leaves its sides: the leaf is many colours).
 */
function heavyText(r: Raster, leaf: Leaf): boolean {
  if (!leaf.fill || shapeFill(r, leaf)) return false;
  return twoColourShare(r, leaf.box, leaf.fill, leaf.background, INK_DISTANCE / 2) >= TWO_COLOURS;
}

/**
 * A leaf's fill when it is a filled shape's: along two opposite sides of it, and its top and bottom unbroken by the
 * band's colour (heavy letters' gaps). Else null: its "fill" is the ink of heavy text, or it has none.
 */
function shapeFill(r: Raster, leaf: Leaf): Rgb | null {
  if (!leaf.fill || sidesShare(r, leaf.box, leaf.fill, INK_DISTANCE / 2) < FILLED_SIDES) return null;
  return groundBetween(r, leaf.box, { ...leaf, fill: leaf.fill }) ? null : leaf.fill;
}

/**
 * Gaps of the band's colour between letters along a heavy line's top or bottom: this many on one of its rows, off its
 * outermost pixels each side (a shape's anti-aliased edge, SHAPE_EDGE_PX).
 */
const GROUND_GAPS = 3;

/**
 * The band's colour showing between the "fill" along the top or the bottom row of a leaf (a row or two in, across
 * its width but its outermost pixels): the gaps between heavy letters. A fill's own top and bottom run unbroken (a
 * rounded corner's ground comes before its first fill pixel, no gap); condensed heavy capitals ("BLACKFRI20", white
 * on red) have their first and last letters' stems down both sides, like a fill, and were read against white: blank.
 * (Looked for in the row's middle half only, a short word had too few gaps there: "FRI", "NOW" and "MEN" passed for
 * fills, drawn as pictures or as a box with the letters' gaps for text.)
 */
function groundBetween(r: Raster, box: Box, leaf: Leaf & { fill: Rgb }): boolean {
  const x0 = box.x + SHAPE_EDGE_PX;
  const x1 = box.x + box.width - SHAPE_EDGE_PX;
  // Gaps along a row: two pixels or more between fill pixels, one of them the band's colour (the rest are letters'
  // blends); and the longest stretch of fill between them.
  const gapsOn = (y: number) => {
    let gaps = 0;
    let run = 0;
    let ground = 0;
    let fillRun = 0;
    let longest = 0;
    let seenFill = false;
    for (let x = x0; x < x1; x++) {
      const p = pixelAt(r, x, y);
      if (colourDistance(p, leaf.fill) <= INK_DISTANCE / 2) {
        if (seenFill && run >= 2 && ground > 0) gaps++;
        seenFill = true;
        run = 0;
        ground = 0;
        fillRun++;
        longest = Math.max(longest, fillRun);
      } else {
        run++;
        fillRun = 0;
        if (colourDistance(p, leaf.background) <= INK_DISTANCE / 2) ground++;
      }
    }
    return { gaps, longest };
  };
  const top = box.y + Math.min(2, Math.floor(box.height / 4));
  const bottom = box.y + box.height - 1 - Math.min(2, Math.floor(box.height / 4));
  // (Letters are narrower than their line is tall; a row of filled squares, social icons in one leaf, is not.)
  return [top, top - 1, bottom, bottom + 1].some((y) => {
    if (y <= box.y || y >= box.y + box.height - 1) return false;
    const { gaps, longest } = gapsOn(y);
    return gaps >= GROUND_GAPS && longest < box.height;
  });
}

/** A picture leaf whose own background holds this share of it is text with a small picture among it. */
const MOSTLY_BACKGROUND = 0.5;

const mostlyBackground = (leaf: Leaf) =>
  leaf.colours.share >= MOSTLY_BACKGROUND && colourDistance(leaf.colours.colour, leaf.background) <= SAME_COLOUR;

/** A drawn mark this small (CSS px) or smaller, with no text beside it, is a tiny picture. */
const TINY_MARK_CSS = 24;
/** A logo's mark before its name is this big (CSS px) at least… */
const MARK_CSS = 12;
/** …and this far from the first word at least. */
const MARK_GAP_CSS = 2;

export async function readDesign(image: Buffer, opts: ReadDesignOptions = {}): Promise<TDesignLayout> {
  const engine = opts.engine ?? sharedEngine();
  const started = performance.now();
  const loaded = await loadDesign(image).catch((err: unknown) => {
    const refusal = loadRefusalOf(err);
    throw refusal ? refusalError(refusal) : err;
  });
  const { raster } = loaded;
  abortIfAsked(opts.signal);

  let scale = detectScale(raster.width, raster.width);
  let page = findBands(raster, scale);
  const byContent = detectScale(raster.width, page.content.width);
  if (byContent !== scale) {
    scale = byContent;
    page = findBands(raster, scale);
  }
  const mask: InkMask = {
    width: raster.width,
    height: raster.height,
    bits: new Uint8Array(raster.width * raster.height),
  };
  const sections: SectionNode[] = page.bands.map((band) => {
    const section = segmentBand(raster, band, scale, mask);
    return band.busy ? pictureAcross(raster, section, scale) : section;
  });

  // Areas whose text is read against their own fill (bands, then cards, then buttons and badges on top).
  const areas: BackgroundArea[] = [];
  const pictureBoxes: Box[] = [];
  for (const s of sections) areas.push({ box: s.band.box, background: s.band.background });
  for (const s of sections)
    for (const row of s.rows)
      for (const col of row.columns) {
        if (col.background) areas.push({ box: col.box, background: col.background });
        // Boxed cells (a card inside a framed column, a callout): their text is read against their own fill.
        for (const item of col.items ?? [])
          if (isGrid(item))
            for (const cell of item.cells)
              if (cell.background) areas.push({ box: cell.box, background: cell.background });
      }
  const pictureLeaves = new Set<Leaf>();
  // Heavy text (its ink taken for a fill), found once: read against its band here, and read again when unread.
  const heavyLeaves = new Set<Leaf>();
  for (const s of sections) {
    for (const row of s.rows) {
      for (const col of row.columns) {
        for (const leaf of col.leaves) {
          if (isPicture(raster, leaf, s.band, scale)) {
            pictureLeaves.add(leaf);
            // (A leaf that is mostly its band's own colour, text with a small picture among it, is read with the page:
            // its text is drawn against the band as any other, not as the picture's light and dark.)
            if (!mostlyBackground(leaf)) pictureBoxes.push(leaf.box);
          } else if (heavyText(raster, leaf)) heavyLeaves.add(leaf);
          else if (leaf.fill) areas.push({ box: leaf.box, background: leaf.fill, around: leaf.background });
        }
      }
    }
  }
  const layoutSeconds = seconds(started);
  abortIfAsked(opts.signal);

  const leaves = sections.flatMap((s) => s.rows.flatMap((r) => r.columns.flatMap((c) => c.leaves)));
  const ocrStarted = performance.now();
  const languages = (opts.languages?.length ? opts.languages : ALL_LANGUAGES).map((l) => TESSERACT[l]);
  const grey = normalisedGrey(raster, areas, pictureBoxes);
  const pictures = pictureBoxes.length > 0 ? pictureGrey(raster, pictureBoxes) : null;
  // The page's text, then its pictures on a page of their own (what is drawn on them, a photo's headline).
  const readPage = async (langs: OcrLanguage[]) => {
    const read = await readWords(engine, grey, raster, { scale, languages: langs, signal: opts.signal });
    if (!pictures) return withCapitalI(withoutDoubleReadings(read));
    abortIfAsked(opts.signal);
    const drawn = await readWords(engine, pictures, raster, { scale, languages: langs, signal: opts.signal });
    return withCapitalI(withoutDoubleReadings([...read, ...drawn]));
  };
  let words = await readPage(languages);
  // Tesseract reads with its first language first: a French, German or Spanish design is read again with its own
  // language leading, or its accents come out wrong ("colección" → "colecciôn").
  const guess = detectLanguage(
    words
      .filter((w) => !isJunk(w))
      .map((w) => w.text)
      .join(" "),
  );
  let languagesRead = languages;
  if (guess && TESSERACT[guess] !== languages[0] && languages.includes(TESSERACT[guess])) {
    abortIfAsked(opts.signal);
    languagesRead = [TESSERACT[guess], ...languages.filter((l) => l !== TESSERACT[guess])];
    words = await readPage(languagesRead);
  }
  // A word read across the seam of a band in two colours goes half to each side.
  const seams = sections.flatMap((s) => (s.seam === undefined ? [] : [{ x: s.seam, box: s.band.box }]));
  words = splitAtSeams(words, seams, grey, raster.width);
  // Boxes of the page each read again on their own (readPieces), with the design's languages.
  const readOnTheirOwn = (boxes: PieceBox[]) => {
    abortIfAsked(opts.signal);
    return readPieces(engine, grey, raster, boxes, {
      languages: languagesRead,
      signal: opts.signal,
      clearUnderlines: true,
    });
  };
  // A word an emoji is glued to ("✈️FREE" read "FREE" at 12, "🔄EASY" read "@=ASY" at 7) is read again without it. (The
  // emoji is left out, as an emoji read as a word of its own is: withoutEmoji.)
  const glued = words.flatMap((word) => {
    if (word.confidence >= UNCERTAIN_CONFIDENCE || !/[\p{L}\p{N}]/u.test(word.text)) return [];
    const leaf = leaves.find((l) => centreInside(word.box, l.box));
    if (!leaf || pictureLeaves.has(leaf)) return [];
    const box = roundBox(word.box);
    const rest = withoutGluedEmoji(raster, box, ringColour(raster, box));
    return rest ? [{ word, box: rest }] : [];
  });
  if (glued.length > 0) {
    const again = await readOnTheirOwn(glued.map((g) => ({ ...g.box, onlyInside: true, clearSides: true })));
    const readOf = new Map<OcrWord, OcrWord[]>();
    for (const [i, read] of again) {
      const { word, box } = glued[i]!;
      const inside = read.filter((w) => centreInside(w.box, box) && !isJunk(w));
      if (inside.length === 0 || meanConfidence(inside) < Math.max(UNREADABLE_CONFIDENCE, word.confidence)) continue;
      // Each word's rows are its own ink's (its box read from the piece ran 4 px over "EASY", and the line set taller).
      const ground = ringColour(raster, box);
      readOf.set(
        word,
        inside.map((w) => {
          const ink = inkBox(raster, roundBox({ ...w.box, y: box.y, height: box.height }), ground);
          return ink ? { ...w, box: { ...w.box, y: ink.y, height: ink.height } } : w;
        }),
      );
    }
    words = words.flatMap((w) => readOf.get(w) ?? [w]);
  }
  const wordsOf = wordsByLeaf(words, leaves, pictureLeaves);
  for (const [leaf, found] of wordsOf) if (leaf.fill) wordsOf.set(leaf, withoutShapeSides(leaf, found, scale));
  // Short pieces of ink the page reading left empty (a table's quantities, a lone symbol) are read one by one.
  const glyphLeaves = leaves.filter(
    (leaf) => !wordsOf.has(leaf) && glyphSized(leaf, scale) && !pictureLeaves.has(leaf),
  );
  const markers = unreadMarkers(raster, wordsOf, pictureLeaves);
  if (glyphLeaves.length + markers.length > 0) {
    const glyphs = await readGlyphs(
      engine,
      grey,
      raster,
      [...glyphLeaves.map((l) => l.box), ...markers.map((m) => m.box)],
      {
        languages: languagesRead,
        signal: opts.signal,
      },
    );
    for (const [i, word] of glyphs) {
      if (isJunk(word)) continue;
      if (i < glyphLeaves.length) wordsOf.set(glyphLeaves[i]!, [word]);
      else if (LIST_MARKER.test(word.text)) wordsOf.get(markers[i - glyphLeaves.length]!.leaf)!.push(word);
    }
    // A short word still unread is read alone, as one line: a heavy condensed "USE" alone on its sheet came back as
    // nothing in the block mode and "USE" at 96 as a line. (Only a word read with confidence is kept: an icon read as a
    // line comes back as a mark or a letter.)
    const unread = glyphLeaves.filter((l) => !wordsOf.has(l) && l.box.width >= l.box.height * WORD_ASPECT);
    for (const leaf of unread.slice(0, MAX_WORDS_ALONE)) {
      abortIfAsked(opts.signal);
      const read = await readPieces(engine, grey, raster, [leaf.box], {
        languages: languagesRead,
        signal: opts.signal,
        mode: "line",
      });
      const words = read.get(0) ?? [];
      // (Its rows are the leaf's: the line's boxes run past the ink.)
      if (words.length > 0 && words.every((w) => w.confidence >= UNCERTAIN_CONFIDENCE && WORD_ALONE.test(w.text)))
        wordsOf.set(
          leaf,
          words.map((w) => ({ ...w, box: { ...w.box, y: leaf.box.y, height: leaf.box.height } })),
        );
    }
  }
  // Lines of text the page reading read doubtfully are read again each on its own, and kept when they now read with
  // confidence (else they stay reported as a script the reader does not read).
  const doubtfulLines = new Set(
    leaves.filter(
      (leaf) =>
        !pictureLeaves.has(leaf) &&
        readAgain(leaf, wordsOf.get(leaf) ?? [], scale, { heavy: heavyLeaves.has(leaf), others: leaves }),
    ),
  );
  // Then a filled shape's short words read with doubt (a button's "Shop Now" read "shopNow" at 66, a condensed
  // "SHOP NOW" read "sure |"): read again on its own, kept only when it reads with more confidence.
  const unsureLabels = new Set(
    leaves.filter(
      (leaf) => !pictureLeaves.has(leaf) && !doubtfulLines.has(leaf) && unsureLabel(leaf, wordsOf.get(leaf) ?? []),
    ),
  );
  const doubtful = [...doubtfulLines, ...unsureLabels].slice(0, MAX_LINES_AGAIN);
  if (doubtful.length > 0) {
    // A leaf of several lines is read line by line, each enlarged for its own height with the lines around it blanked:
    // read as one piece, two 13 px lines set 13 px apart came back with boxes over both again ("remind" at 26 for
    // "storewide."). (A stretch between the lines read, as tall as one, is read as a line too: linesOf.)
    // (Labels read as their ink, below: kept, as unsure labels are, only when they read better.)
    const labels = new Set<number>();
    const pieces = doubtful.flatMap((leaf, index) => {
      const lines = linesOf(
        leaf,
        (wordsOf.get(leaf) ?? []).filter((w) => !isJunk(w)),
      );
      const label = lines.length === 1 && !heavyLeaves.has(leaf) ? labelInk(raster, leaf, lines[0]!, scale) : null;
      if (label) labels.add(index);
      // (A line an emoji is glued to is read without it: "🔒SECURE" with the lock came back "@S<FCURF".)
      return (lines.length > 1 ? lines : [label ?? leaf.box]).map((line): { index: number; box: PieceBox } => {
        const rest = withoutGluedEmoji(raster, roundBox(line), leaf.fill ?? leaf.background);
        return { index, box: rest ? { ...line, ...rest, clearSides: true } : line };
      });
    });
    const again = await readOnTheirOwn(pieces.map((p) => p.box));
    const readOf = new Map<number, OcrWord[]>();
    for (const [i, all] of again) {
      const { index, box } = pieces[i]!;
      // (Only the words inside the line: the piece's margin takes in the top of the line below, read as garbage.)
      readOf.set(index, [...(readOf.get(index) ?? []), ...all.filter((w) => centreInside(w.box, box))]);
    }
    for (const [i, read] of readOf) {
      if (read.length === 0) continue;
      // Every word counts, the engine's marks too: a line in a script the engine does not read comes back as a few
      // confident Latin-looking guesses among marks, and must stay reported.
      const confident = read.filter((w) => w.confidence >= UNREADABLE_CONFIDENCE).length;
      // (Ink the page reading saw no word in needs every word confident: a 13 px strip of a dark photo, cut off as a
      // band of its own, came back as "pr" at 43 and "À" at 72, a 30 px heading in a 13 px band.)
      const unseen = !(wordsOf.get(doubtful[i]!) ?? []).some((w) => !isJunk(w));
      const enough = unseen ? confident === read.length : confident * 2 >= read.length;
      // An address is no dictionary word: the engine reads a URL with a low confidence whatever its script. A line
      // that is one is kept (its words under UNCERTAIN_CONFIDENCE are listed for the member to check).
      // (A label is kept only when it reads better than it did: a button's "SHOP NON" at 79 and 70 was no worse than
      // "SHOP HOW" at 54 and 86.)
      const better =
        (!unsureLabels.has(doubtful[i]!) && !labels.has(i)) ||
        meanConfidence(read) > meanConfidence((wordsOf.get(doubtful[i]!) ?? []).filter((w) => !isJunk(w)));
      if (better && ((meanConfidence(read) >= UNREADABLE_CONFIDENCE && enough) || addressLine(read)))
        wordsOf.set(doubtful[i]!, read);
    }
  }
  // A line's last word the page reading dropped is read with its line, on its own (the line's start gives the engine
  // its size and spacing; the tail's few letters alone, with the lines around them, read as "ra"). After the doubtful
  // lines are read again: a link line read as "L L Di" that gained a tail would look read and stay so.
  const tails = unreadTails(raster, wordsOf, pictureLeaves).slice(0, MAX_TAILS);
  if (tails.length > 0) {
    const read = await readOnTheirOwn(tails.map((t) => t.line));
    for (const [i, words] of read) {
      const { leaf, box } = tails[i]!;
      const tail = words.filter(
        (w) =>
          w.box.x + w.box.width / 2 >= box.x &&
          w.confidence >= TAIL_CONFIDENCE &&
          /\p{L}.*\p{L}|\p{N}.*\p{N}/u.test(w.text) &&
          !isJunk(w),
      );
      wordsOf.get(leaf)!.push(...tail.map((w) => ({ ...w, box: { ...w.box, y: box.y, height: box.height } })));
    }
  }
  // Then a line's start the page reading dropped: the line is read again from it, and its words replace the line's.
  const heads = unreadHeads(raster, wordsOf, pictureLeaves).slice(0, MAX_TAILS);
  if (heads.length > 0) {
    const read = await readOnTheirOwn(heads.map((h) => h.line));
    for (const [i, words] of read) {
      const { leaf, words: before, head, line } = heads[i]!;
      const inside = words.filter((w) => centreInside(w.box, line) && !isJunk(w));
      const covered = inside.some((w) => w.box.x <= head.x + head.width / 2);
      if (!covered || !inside.every((w) => w.confidence >= TAIL_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text))) continue;
      const kept = wordsOf.get(leaf)!.filter((w) => !before.includes(w));
      wordsOf.set(leaf, [...kept, ...inside.map((w) => ({ ...w, box: { ...w.box, y: line.y, height: line.height } }))]);
    }
  }
  /**
   * Words less the "words" of a character or two, about square, drawn in several colours and off the ink of every
   * other word in their line (each word's own letters' colour, on its ground): emoji (a lightning bolt, a fire, Santa)
   * the engine read as the letter nearest their shape. (Each word's own ink: a line in two colours, "UP TO" white and
   * "70% OFF" red, keeps its short words beside words of their colour.) An emoji in its line's own hues (a green tree
   * beside white words on a dark green band, read "4" and "&": 0.21 off their ink, 0.20 off its own main colour) is
   * one too when it sits on a flat ground; words read over a picture (`overPicture`, an overlay's) only there, where
   * the photo around a short word puts its pixels off every ink.
   */
  const withoutEmoji = (words: OcrWord[], overPicture = false): OcrWord[] => {
    const isShort = (w: OcrWord) => [...w.text].length <= 2;
    if (!words.some(isShort)) return words;
    const dropped = new Set<OcrWord>();
    for (const line of splitLines(words)) {
      const inks = line
        .filter((w) => !isShort(w))
        .map((w) => overlayInk(raster, [w]))
        .filter((ink): ink is Rgb => ink !== null);
      if (inks.length === 0) continue;
      for (const w of line.filter(isShort)) {
        // (Against the word's own ground, the colour just above and below it: a line set on a panel over its band.
        // Read words' boxes fall between pixels: rounded to the design's.)
        const box = roundBox(w.box);
        const ground = ringColour(raster, box);
        const squarish = box.width >= box.height * 0.5 && box.width <= box.height * 2;
        if (!squarish) continue;
        const off = Math.min(...inks.map((ink) => offInkShare(raster, box, ground, ink)));
        if (off < EMOJI_IN_LINE_HUES) continue;
        // (And in several colours itself: a drop cap or a dash in its own single colour is a letter of the text.)
        if (!inSeveralColours(raster, box, ground)) continue;
        if ((off >= EMOJI_OFF_INK && !overPicture) || flatRing(raster, box)) dropped.add(w);
      }
    }
    return dropped.size === 0 ? words : words.filter((w) => !dropped.has(w));
  };

  // Pictures with a few confident words on them are read again against their letters' colour: text set over a
  // picture (a hero's headline) becomes live text over it.
  // (`blind`: read against white or black with no words seen first; its words are all of that ink.)
  // (`patches`: flat shapes on the picture, a button's pill, with the words read on each.)
  const overlays = new Map<Leaf, { ink: Rgb; words: OcrWord[]; blind: boolean; patches: ReadPatch[] }>();
  const pictured = leaves.filter((leaf) => pictureLeaves.has(leaf) && !mostlyText(wordsOf.get(leaf) ?? [], leaf));
  const candidates = pictured.filter((leaf) => overlayCandidate(wordsOf.get(leaf) ?? []));
  // Then, while reads are left, pictures whose own reading saw no text but whose white or black could be letters
  // (a button's white label on a pale photo), read against that ink.
  const unseen = pictured
    .filter((leaf) => !candidates.includes(leaf))
    .map((leaf) => ({ leaf, ink: extremeInk(raster, leaf.box) ?? undefined }))
    .filter((p) => p.ink !== undefined);
  const overlayLeaves = [...candidates.map((leaf) => ({ leaf, ink: undefined })), ...unseen].slice(
    0,
    MAX_OVERLAY_READS,
  );
  // Words read on a real photograph that are its shapes, not its text: big and doubtful (a laptop's corner "3%" at
  // 65, 102 px tall), or a few pixels tall (a tree's baubles "ra"). They stay drawn in the picture's crop.
  const photoShape = (w: OcrWord) =>
    (w.box.height >= BIG_TEXT_CSS * scale && w.confidence < BIG_TEXT_CONFIDENCE) || w.box.height <= GRAIN_CSS * scale;
  for (const { leaf, ink } of overlayLeaves) {
    abortIfAsked(opts.signal);
    const read = await readOverlay(engine, raster, leaf.box, wordsOf.get(leaf) ?? [], {
      scale,
      languages: languagesRead,
      signal: opts.signal,
      ...(ink ? { ink } : {}),
    });
    if (read)
      overlays.set(leaf, {
        ink: read.ink,
        // (An emoji set among the words, one that made the band a picture, stays drawn in the crop.)
        words: withoutEmoji(
          read.words.filter((w) => !isJunk(w) && !photoShape(w)),
          true,
        ),
        blind: Boolean(ink),
        patches: read.patches,
      });
  }
  // A row of line icons (a footer's Instagram, Twitter and Facebook marks, drawn in the text's colour) reads as a few
  // symbols and lone capitals ("© Y €"): its pieces are pictures, cropped as drawn, with no words.
  for (const s of sections)
    for (const row of s.rows) {
      const rowLeaves = row.columns.flatMap((c) => c.leaves);
      const icons = iconRow(rowLeaves, wordsOf, pictureLeaves, scale)
        ? rowLeaves
        : rowLeaves.filter(
            // (Figures on squares are a countdown's, live text.)
            (leaf) =>
              filledSquares(raster, leaf, scale) >= ICON_ROW_GLYPHS &&
              !(wordsOf.get(leaf) ?? []).some((w) => /\p{N}/u.test(w.text)),
          );
      for (const leaf of icons.filter((l) => !pictureLeaves.has(l))) {
        pictureLeaves.add(leaf);
        wordsOf.set(leaf, []);
      }
    }
  const ocrSeconds = seconds(ocrStarted);
  abortIfAsked(opts.signal);
  const assembleStarted = performance.now();

  const unreadable: TDesignLayout["unreadable"] = [];
  const layoutSections: TLayoutSection[] = [];
  // Each text's face is settled from the whole design's letters once all are read.
  const faces = new FaceNotes();
  const texts: string[] = [];
  const firstBand = sections[0]?.band;
  const lastBand = sections[sections.length - 1]?.band;

  const blocksOf = (col: ColumnNode, band: Band): TLayoutBlock[] => {
    const blocks: TLayoutBlock[] = [];
    const pictureHere = (box: Box, text: string) =>
      pictureOf(box, text, { scale, content: page.content, firstOrLastBand: band === firstBand || band === lastBand });
    let pending: TextLine[] = [];
    const flush = () => {
      for (const paragraph of groupParagraphs(joinBullets(pending)))
        blocks.push(textBlockOf(paragraph, col.box, scale, faces));
      pending = [];
    };
    const items = col.items ?? col.leaves;
    for (const [index, leaf] of items.entries()) {
      if (isGrid(leaf)) {
        flush();
        const cells = leaf.cells
          .map((cell) => ({
            box: cell.box,
            ...(cell.background ? { background: hex(cell.background) } : {}),
            ...(cell.border ? { border: hex(cell.border) } : {}),
            // (A cell holds no grid: a filled box inside it, a bar of colour with its words, gives its blocks;
            // dropped, a teal "Delivery Date" bar in a card's column and a card's header panel were lost.)
            blocks: blocksOf(
              { box: cell.box, background: cell.background ?? col.background, leaves: cell.leaves },
              band,
            ).flatMap((b): TLayoutLeafBlock[] => (b.kind === "grid" ? b.cells.flatMap((c) => c.blocks) : [b])),
          }))
          .filter((cell) => cell.blocks.length > 0);
        const boxed = cells.length === 1 && Boolean(cells[0]!.background || cells[0]!.border);
        if (cells.length > 1 || boxed) blocks.push({ kind: "grid", box: leaf.box, cells });
        else blocks.push(...(cells[0]?.blocks ?? []));
        continue;
      }
      // (An emoji in a line, drawn in its own colours, is no letter: "🎄 Magical Christmas Sale" was "à Magical…".)
      const found = withoutEmoji(wordsOf.get(leaf) ?? []);
      const emoji = (wordsOf.get(leaf) ?? []).filter((w) => !found.includes(w)).map((w) => w.box);
      // (Over the words read with some confidence: words kept at none beside them, lineStartsToKeep, would make a
      // line of bracketed merge tags look like a script the engine does not read.)
      const rated = found.filter((w) => !isJunk(w));
      const ratedConfidence = meanConfidence(rated);
      if (pictureLeaves.has(leaf) && !mostlyText(found, leaf)) {
        flush();
        const overlay = overlays.get(leaf);
        if (overlay) {
          // A button set on the picture is a live button; a patch whose words make none is read with the text.
          const buttons: TLayoutButton[] = [];
          const patchWords: OcrWord[] = [];
          for (const patch of overlay.patches) {
            const around = ringColour(raster, patch.box);
            const shape: Leaf = {
              box: patch.box,
              background: around,
              fill: patch.fill,
              colours: dominantColour(raster, patch.box, 1),
            };
            const button = buttonOf(raster, shape, patch.words, { scale, column: leaf.box, faces });
            if (button) buttons.push(button);
            else patchWords.push(...patch.words);
          }
          blocks.push({
            ...pictureHere(leaf.box, ""),
            overlay: {
              background: hex(fallbackColour(meanColour(raster, leaf.box), overlay.ink)),
              blocks: [
                ...groupParagraphs(
                  splitLines([...overlay.words, ...patchWords]).map((lineWords) => {
                    const box = unionBox(lineWords.map((w) => w.box));
                    const line = lineOf(raster, box, lineWords, ringColour(raster, box));
                    // Each line in its own letters' colour (a red price under a white headline), else the overlay's;
                    // a blind reading's lines in its ink (a white label's shadow is no colour of its letters).
                    const ink = (!overlay.blind && overlayInk(raster, lineWords)) || overlay.ink;
                    const bold = overlayStroke(raster, box, ink) / line.fontSize >= BOLD_STROKE_EM;
                    // (Words over a photo are measured against the photo: their looks say nothing, and are left out.)
                    const words = line.words.map(({ look: _look, ...w }) => w);
                    return { ...line, words, colour: ink, bold };
                  }),
                ).map((paragraph) => textBlockOf(paragraph, leaf.box, scale, faces)),
                ...buttons,
              ].sort((a, b) => a.box.y - b.box.y),
            },
          });
          continue;
        }
        // (A photo's shapes read as marks, "~~ > | /", or as big doubtful words are no words on it.)
        const text = found
          .filter((w) => w.confidence >= 60 && /[\p{L}\p{N}]/u.test(w.text) && !photoShape(w))
          .map((w) => w.text)
          .join(" ");
        blocks.push(pictureHere(leaf.box, text));
        continue;
      }
      // A filled shape whose only "words" are marks (a rounded corner read as "-") is a colour block, and a small
      // filled square with a glyph of a letter or two on it (an app icon, a social mark) is an icon: pictures both.
      const lettersOf = (ws: OcrWord[]) => ws.reduce((n, w) => n + (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);
      // (On an icon, specks read off its rounded corners, under a quarter of its height, are not letters.)
      const iconLetters = lettersOf(found.filter((w) => w.box.height >= leaf.box.height / 4));
      const iconSized =
        leaf.box.width <= ICON_MAX_CSS * scale &&
        leaf.box.height <= ICON_MAX_CSS * scale &&
        leaf.box.width / leaf.box.height >= 0.75 &&
        leaf.box.width / leaf.box.height <= 1.33;
      // An empty flat block a shade off its band (the page beside a grey panel, #f9f8f8 on white) is the page.
      if (
        found.length === 0 &&
        leaf.fill &&
        leaf.colours.share >= 0.95 &&
        colourDistance(leaf.fill, leaf.background) <= PAGE_SHADE
      )
        continue;
      if (
        leaf.fill &&
        isMark(leaf, scale) &&
        ((leaf.box.height >= 40 * scale && lettersOf(found) === 0) || (iconSized && iconLetters <= 2))
      ) {
        flush();
        blocks.push(pictureHere(leaf.box, ""));
        continue;
      }
      // A tiny drawn mark (a small square picture above a heading) with a glyph or none read on it is a picture, not
      // the "=" OCR makes of it; beside a line of text to its right it is that line's bullet (joinBullets).
      if (found.length <= 1 && lettersOf(found) <= 1 && tinyMark(leaf, items[index + 1])) {
        flush();
        blocks.push(pictureHere(leaf.box, ""));
        continue;
      }
      const divider = dividerOf(leaf, scale, found.length);
      if (divider) {
        flush();
        blocks.push(divider);
        continue;
      }
      // A filled bar too tall for a rule, with no word on it (a black bar under a row, joined to a framed photo's foot),
      // is drawn: not text in a script the reader does not read.
      if (found.length === 0 && leaf.fill && leaf.box.width >= 8 * leaf.box.height) {
        flush();
        blocks.push(pictureHere(leaf.box, ""));
        continue;
      }
      // Big "words" read doubtfully are a photograph's shapes (or a face the models misread): the leaf's own pixels.
      // (Under UNREADABLE_CONFIDENCE a line of text-sized ink is reported as a script the reader does not read; and
      // figures read lower than words when they are type: a 96 px bold "22" at 65.)
      // Big marks with no letter or figure at all (a shoe on white read "»" at 87) are drawn, whatever the confidence:
      // their own pixels show them best.
      const big =
        rated.length > 0 && rated.filter((w) => w.box.height >= BIG_TEXT_CSS * scale).length * 2 >= rated.length;
      const doubtfulBig =
        big &&
        ((ratedConfidence >= UNREADABLE_CONFIDENCE &&
          ratedConfidence < BIG_TEXT_CONFIDENCE &&
          rated.filter((w) => /\p{L}/u.test(w.text)).length * 2 >= rated.length) ||
          rated.every((w) => !/[\p{L}\p{N}]/u.test(w.text)));
      // Big "words" drawn in several colours are a photo's shapes too (a yellow and black drill on white read "3" at
      // 138 px): type is one ink, its edges blends of that ink and its ground.
      const colourfulBig = big && inSeveralColours(raster, leaf.box, leaf.background);
      if ((doubtfulBig || colourfulBig) && isMark(leaf, scale)) {
        flush();
        blocks.push(pictureHere(leaf.box, ""));
        continue;
      }
      const confident = found.length > 0 && (ratedConfidence >= UNREADABLE_CONFIDENCE || addressLine(rated));
      const button = confident ? buttonOf(raster, leaf, found, { scale, column: col.box, faces }) : null;
      if (button) {
        flush();
        blocks.push(button);
        continue;
      }
      // The words must cover the line: a few Latin-looking guesses on a line of another script do not make it text.
      // (Text on a filled shape is measured against the shape's fill, not its width.)
      // (Heavy text whose ink is most of its tight box, a 72 px bold date, is no fill: its ink leaves a side clear.)
      const fill = shapeFill(raster, leaf);
      if (confident && fill) {
        // Text in a box filled a shade off its background (a code box), or a bar of colour too low for a callout and
        // too wordy for a button (a rating bar's "0 1 2 … 10" on teal, a table's coloured title row): a boxed cell
        // with that fill, or the email set its white words on white.
        flush();
        const lines = linesOfWords(found, fill, emoji, leaf.box);
        const cell = { box: leaf.box, background: hex(fill), blocks: [] as TLayoutLeafBlock[] };
        for (const paragraph of groupParagraphs(lines))
          cell.blocks.push(textBlockOf(paragraph, leaf.box, scale, faces));
        blocks.push({ kind: "grid", box: leaf.box, cells: [cell] });
        continue;
      }
      const mark = confident && leaf.fill === null ? markBefore(leaf, found) : null;
      if (mark && coverage(found, leaf.box) >= MIN_COVERAGE) {
        // A logo's mark before its name (Easy Email's teal "E" square): a picture beside the text, side by side.
        flush();
        const lines = linesOfWords(found, leaf.background, emoji, leaf.box);
        const text = unionBox(lines.map((l) => l.box));
        blocks.push({
          kind: "grid",
          box: leaf.box,
          cells: [
            { box: mark, blocks: [pictureHere(mark, "")] },
            { box: text, blocks: groupParagraphs(lines).map((p) => textBlockOf(p, text, scale, faces)) },
          ],
        });
        continue;
      }
      if (confident && (leaf.fill !== null || coverage(found, leaf.box) >= MIN_COVERAGE)) {
        // One short "word" alone in its leaf, read at a coin's toss, is a guess at a mark (a photo's twigs above a
        // panel read "ado" at 51): its pixels show it whatever it is.
        const loneGuess =
          rated.length === 1 &&
          [...rated[0]!.text].length <= LONE_GUESS_LETTERS &&
          ratedConfidence < LONE_GUESS_CONFIDENCE;
        if (loneGuess && isMark(leaf, scale)) {
          flush();
          blocks.push(pictureHere(leaf.box, ""));
          continue;
        }
        pending.push(...linesOfWords(found, fill ?? leaf.background, emoji, leaf.box));
        continue;
      }
      // A small drawn dash with no word read on it (a list's "–" bullet in a column of its own) is a mark: not text
      // too small to read. Its ink fills it; tiny letters' strokes leave most of their box background.
      const drawnDash =
        found.length === 0 &&
        leaf.box.height / scale < TINY_TEXT_CSS &&
        leaf.colours.share >= 0.75 &&
        colourDistance(leaf.colours.colour, leaf.background) > SAME_COLOUR;
      if (drawnDash) continue;
      if (textShaped(leaf, scale) && leaf.colours.share >= 0.4 && (found.length > 0 || leaf.box.height / scale < 40)) {
        const tiny = leaf.box.height / scale < TINY_TEXT_CSS;
        unreadable.push({ box: leaf.box, reason: tiny ? UNREADABLE_REASONS.tiny : UNREADABLE_REASONS.script });
        // Reported, and a line in a script it does not read drawn as the design has it: the email keeps it where it
        // was (a condensed "NOW" in a black box, a line in Chinese), not a hole the member must find. (Not ink too
        // small to read: a button's frame, cut into its top and bottom, would stack above and below its label.)
        if (!tiny) {
          flush();
          blocks.push(pictureHere(leaf.box, ""));
        }
        continue;
      }
      if (isMark(leaf, scale)) {
        flush();
        blocks.push(pictureHere(leaf.box, ""));
      }
    }
    flush();
    alignAlike(blocks, scale);
    return blocks;
  };

  /**
   * A leaf's words as its text lines (a drop cap left out), on their ground. Each line's margins take in the emoji
   * dropped from it (`emoji`, boxes across its middle) and those read as no word beside it (`within` its leaf): a
   * centred headline with a tree at its start and another at its end was set left without them.
   */
  const linesOfWords = (found: OcrWord[], ground: Rgb, emoji: Box[] = [], within?: Box): TextLine[] =>
    splitLines(withoutDropCap(found)).map((lineWords) => {
      const line = lineOf(raster, unionBox(lineWords.map((w) => w.box)), lineWords, ground);
      const middle = line.box.y + line.box.height / 2;
      const beside = emoji.filter((e) => e.y <= middle && e.y + e.height >= middle);
      if (within) beside.push(...unreadEmoji(line, ground, within));
      return beside.length === 0 ? line : { ...line, margins: unionBox([line.box, ...beside]) };
    });

  /**
   * An emoji the engine read no word in, just before a line's first word or after its last (a tree after "Sale"):
   * ink within a line height of the words, about square, off the line's ink and in several colours of its own.
   */
  const unreadEmoji = (line: TextLine, ground: Rgb, within: Box): Box[] => {
    const h = line.box.height;
    const rows = { y: Math.round(line.box.y), height: Math.round(h) };
    const sides = [
      { x: Math.round(line.box.x - 2 * h), width: Math.round(2 * h) - 1 },
      { x: Math.round(line.box.x + line.box.width) + 1, width: Math.round(2 * h) },
    ];
    const out: Box[] = [];
    const letters = ownInk(raster, roundBox(line.box), ground);
    if (!letters) return out;
    for (const side of sides) {
      const x0 = Math.max(Math.round(within.x), side.x);
      const x1 = Math.min(Math.round(within.x + within.width), side.x + side.width);
      if (x1 - x0 < h * 0.5) continue;
      const ink = inkBox(raster, { x: x0, y: rows.y, width: x1 - x0, height: rows.height }, ground);
      if (!ink || ink.width < h * 0.5 || ink.width > h * 1.5 || ink.height < h * 0.5) continue;
      // (Within a word space or two of the words: ink further off is something else in the leaf.)
      const gap = ink.x >= line.box.x ? ink.x - (line.box.x + line.box.width) : line.box.x - (ink.x + ink.width);
      if (gap > h) continue;
      if (offInkShare(raster, ink, ground, letters) < EMOJI_IN_LINE_HUES) continue;
      if (inSeveralColours(raster, ink, ground)) out.push(ink);
    }
    return out;
  };

  /**
   * A drawn mark before a leaf's words, no word read on it (a logo's square beside its name): its ink squarish, at
   * least MARK_CSS each way, three quarters of its box, and clear of the first word. (A letter the page reading missed
   * fills under half of its box.)
   */
  const markBefore = (leaf: Leaf, found: OcrWord[]): Box | null => {
    const words = found.filter((w) => !isJunk(w));
    if (words.length === 0) return null;
    const first = Math.min(...words.map((w) => w.box.x));
    const before = { ...leaf.box, width: Math.floor(first - leaf.box.x - MARK_GAP_CSS * scale) };
    if (before.width < MARK_CSS * scale) return null;
    const ink = inkBox(raster, before, leaf.background);
    if (!ink || ink.width < MARK_CSS * scale || ink.height < MARK_CSS * scale) return null;
    return solidMark(raster, ink, leaf.background) ? ink : null;
  };

  /** A small squarish leaf its ink fills, with no text line beside it to its right. */
  const tinyMark = (leaf: Leaf, next: Leaf | GridNode | undefined): boolean => {
    if (leaf.box.width > TINY_MARK_CSS * scale || leaf.box.height > TINY_MARK_CSS * scale) return false;
    // (A speck under 4 CSS px, a full stop's dot or a letter's tail, is nothing to draw.)
    if (leaf.box.width < 4 * scale || leaf.box.height < 4 * scale) return false;
    if (!solidMark(raster, leaf.box, leaf.background)) return false;
    const beside =
      next !== undefined &&
      next.box.x >= leaf.box.x + leaf.box.width &&
      next.box.y < leaf.box.y + leaf.box.height &&
      next.box.y + next.box.height > leaf.box.y;
    return !beside;
  };

  for (const s of sections) {
    const rows = joinCaptionRows(
      s.rows
        .map((row) => ({
          box: row.box,
          columns: row.columns
            .map(
              (col): TLayoutColumn => ({
                box: col.box,
                background:
                  col.background && colourDistance(col.background, s.band.background) > SAME_COLOUR
                    ? hex(col.background)
                    : null,
                ...(col.border ? { border: hex(col.border) } : {}),
                blocks: blocksOf(col, s.band),
              }),
            )
            .filter((c) => c.blocks.length > 0),
        }))
        .filter((r) => r.columns.length > 0),
      scale,
    );
    const empty = rows.length === 0;
    // An empty band of the page's own colour (the margin above or below the email) is not a section.
    if (empty && colourDistance(s.band.background, page.outerBackground) <= SAME_COLOUR) continue;
    layoutSections.push({ box: s.band.box, background: hex(s.band.background), rows });
  }
  joinCaptionsAcrossSections(layoutSections, scale);
  for (const row of layoutSections.flatMap((s) => s.rows))
    for (const col of row.columns)
      for (const block of leafBlocksOf(col.blocks)) if (block.kind !== "divider" && block.text) texts.push(block.text);

  faces.settle(layoutSections.flatMap((s) => s.rows.flatMap((r) => r.columns.flatMap((c) => leafBlocksOf(c.blocks)))));
  const text = texts.join("\n");
  return {
    width: raster.width,
    height: raster.height,
    scale,
    content: page.content,
    outerBackground: hex(page.outerBackground),
    sections: layoutSections,
    text,
    language: detectLanguage(text),
    unreadable,
    timing: { ocrSeconds, layoutSeconds: Math.round((layoutSeconds + seconds(assembleStarted)) * 1000) / 1000 },
  };
}
