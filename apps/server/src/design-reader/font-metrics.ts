/**
 * Font size from ink width (decision 121): a line's letters are measured, not its box — a box's height depends on
 * which letters have ascenders and descenders, its width on the words. The advance widths of Helvetica/Arial (the
 * usual email fallback, 1/1000 em, from the Adobe Core 14 AFM files) give how many ems the read text is; the ink
 * width divided by that is the font size. Letters not in the table count as an average lower-case letter. A serif
 * text (serif.ts) is measured with Times' widths instead, and bold text with the bold faces' (decision 150).
 */

/** The printable ASCII characters, " " to "~", in the order the width tables list them. */
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

/** A width table (1/1000 em, in ASCII order) by character. */
const byCharacter = (widths: number[]): Record<string, number> =>
  Object.fromEntries(ASCII.map((ch, i) => [ch, widths[i]!]));

/*
 * Adobe Core 14 AFM advance widths: Helvetica, Helvetica-Bold, Times-Roman and Times-Bold (Liberation Sans and Serif,
 * regular and bold, have the same; Arial and Times New Roman too). The serif text of an email is set in Times New
 * Roman (decision 150): the one serif face whose widths are the same on every system, and the face Debian's Chromium
 * draws for any serif it lacks (Georgia, Playfair, the generic serif). Times' italics (decision 151) as Liberation
 * Serif Italic and Bold Italic give them (the same as Adobe's Times-Italic AFM); Helvetica's oblique letters keep
 * their upright widths.
 */
const HELVETICA = byCharacter([
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
]);
const HELVETICA_BOLD = byCharacter([
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
]);
const TIMES = byCharacter([
  250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
  500, 500, 500, 278, 278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889,
  722, 722, 556, 722, 667, 556, 611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500,
  444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480,
  200, 480, 541,
]);
const TIMES_BOLD = byCharacter([
  250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
  500, 500, 500, 333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944,
  722, 778, 611, 778, 722, 556, 667, 722, 722, 1000, 722, 722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556,
  444, 333, 500, 556, 278, 333, 556, 278, 833, 556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394,
  220, 394, 520,
]);

const TIMES_ITALIC = byCharacter([
  250, 333, 420, 500, 500, 833, 778, 214, 333, 333, 500, 675, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
  500, 500, 500, 333, 333, 675, 675, 675, 500, 920, 611, 611, 667, 722, 611, 611, 722, 722, 333, 444, 667, 556, 833,
  667, 722, 611, 722, 611, 500, 556, 722, 611, 833, 611, 556, 556, 389, 278, 389, 422, 500, 333, 500, 500, 444, 500,
  444, 278, 500, 500, 278, 278, 444, 278, 722, 500, 500, 500, 500, 389, 389, 278, 500, 444, 667, 444, 444, 389, 400,
  275, 400, 541,
]);
const TIMES_BOLD_ITALIC = byCharacter([
  250, 389, 555, 500, 500, 833, 778, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
  500, 500, 500, 333, 333, 570, 570, 570, 500, 832, 667, 667, 667, 722, 667, 667, 722, 778, 389, 500, 667, 611, 889,
  722, 722, 611, 722, 667, 556, 611, 722, 667, 889, 667, 611, 611, 333, 278, 333, 570, 500, 333, 500, 500, 444, 500,
  444, 333, 500, 556, 278, 278, 500, 278, 778, 556, 500, 500, 500, 389, 389, 278, 556, 444, 667, 500, 444, 389, 348,
  220, 348, 570,
]);

/**
 * Beyond ASCII: the punctuation, signs and letters an email's text often holds that do not come apart into an ASCII
 * letter and accents (curly quotes and apostrophes, dashes, the ellipsis, the euro…), in this order; widths from
 * Liberation Sans and Serif in each weight and slant (metric-compatible with Arial and Times New Roman). Counted as
 * an average letter, a curly apostrophe ("don’t": 222, not 530) made every line that held one look wider than it is.
 */
const MORE = "‘’‚“”„–—…•·©®™€£¥°«»¡¿×÷±¢§¶†‡‰′″→←ßæœøØÆŒłŁđ\u00a0";
const HELVETICA_MORE = [
  222, 222, 222, 333, 333, 333, 556, 1000, 1000, 350, 278, 737, 737, 1000, 556, 556, 556, 400, 556, 556, 333, 611, 584,
  549, 549, 556, 556, 537, 556, 556, 1000, 188, 354, 1000, 1000, 611, 889, 944, 611, 778, 1000, 1000, 222, 556, 556,
  278,
];
const HELVETICA_BOLD_MORE = [
  278, 278, 278, 500, 500, 500, 556, 1000, 1000, 350, 278, 737, 737, 1000, 556, 556, 556, 400, 556, 556, 333, 611, 584,
  549, 549, 556, 556, 556, 556, 556, 1000, 240, 479, 1000, 1000, 611, 889, 944, 611, 778, 1000, 1000, 278, 611, 611,
  278,
];
const TIMES_MORE = [
  333, 333, 333, 444, 444, 444, 500, 1000, 1000, 350, 250, 760, 760, 980, 500, 500, 500, 400, 500, 500, 333, 444, 564,
  549, 549, 500, 500, 453, 500, 500, 1000, 219, 417, 1000, 1000, 500, 667, 722, 500, 722, 889, 889, 278, 611, 500, 250,
];
const TIMES_BOLD_MORE = [
  333, 333, 333, 500, 500, 500, 500, 1000, 1000, 350, 250, 747, 747, 1000, 500, 500, 500, 400, 500, 500, 333, 500, 570,
  549, 549, 500, 500, 540, 500, 500, 1000, 281, 552, 1000, 1000, 556, 722, 722, 500, 778, 1000, 1000, 278, 667, 556,
  250,
];
const TIMES_ITALIC_MORE = [
  333, 333, 333, 556, 556, 556, 500, 889, 889, 350, 250, 760, 760, 980, 500, 500, 500, 400, 500, 500, 389, 500, 675,
  549, 549, 500, 500, 523, 500, 500, 1000, 219, 417, 1000, 1000, 500, 667, 667, 500, 722, 889, 944, 278, 556, 500, 250,
];
const TIMES_BOLD_ITALIC_MORE = [
  333, 333, 333, 500, 500, 500, 500, 1000, 1000, 350, 250, 747, 747, 1000, 500, 500, 500, 400, 500, 500, 389, 500, 570,
  549, 549, 500, 500, 500, 500, 500, 1000, 281, 552, 1000, 1000, 500, 722, 722, 500, 722, 944, 944, 278, 611, 500, 250,
];

/** A face's widths by character: its ASCII table and the characters beyond it. */
const widthsOf = (ascii: Record<string, number>, more: number[]): Record<string, number> => ({
  ...ascii,
  ...Object.fromEntries([...MORE].map((ch, i) => [ch, more[i]!])),
});

/** The two faces the reader tells apart and the email sets: Arial for sans-serif, Times New Roman for serif. */
export type FontFamily = "sans-serif" | "serif";

interface Widths {
  advances: Record<string, number>;
  /** An average lower-case letter, for letters not in the table. */
  average: number;
}

interface FaceMetrics {
  regular: Widths;
  bold: Widths;
  italic: Widths;
  boldItalic: Widths;
  /** The ink of a word starts and ends a little inside its advance (side bearings). */
  sideBearings: number;
  /** The line's content area (ascent + descent) and how far below its top capitals start, in ems. */
  contentEm: number;
  inkTopEm: number;
  /** How tall capitals are, in ems. */
  capEm: number;
}

export const FACES: Record<FontFamily, FaceMetrics> = {
  // Arial's content area is ascent 0.905 + descent 0.212, its capitals 0.716 tall.
  "sans-serif": {
    regular: { advances: widthsOf(HELVETICA, HELVETICA_MORE), average: 530 },
    bold: { advances: widthsOf(HELVETICA_BOLD, HELVETICA_BOLD_MORE), average: 580 },
    italic: { advances: widthsOf(HELVETICA, HELVETICA_MORE), average: 530 },
    boldItalic: { advances: widthsOf(HELVETICA_BOLD, HELVETICA_BOLD_MORE), average: 580 },
    sideBearings: 70,
    contentEm: 1.117,
    inkTopEm: 0.189,
    capEm: 0.716,
  },
  // Times' content area is ascent 0.891 + descent 0.216, its capitals 0.662 tall.
  serif: {
    regular: { advances: widthsOf(TIMES, TIMES_MORE), average: 450 },
    bold: { advances: widthsOf(TIMES_BOLD, TIMES_BOLD_MORE), average: 480 },
    italic: { advances: widthsOf(TIMES_ITALIC, TIMES_ITALIC_MORE), average: 440 },
    boldItalic: { advances: widthsOf(TIMES_BOLD_ITALIC, TIMES_BOLD_ITALIC_MORE), average: 470 },
    sideBearings: 50,
    contentEm: 1.107,
    inkTopEm: 0.229,
    capEm: 0.662,
  },
};

/** A word's characters with their accents taken off: an accented letter is as wide as its base letter. */
export const baseCharacters = (word: string): string[] => [...word.normalize("NFD").replace(/\p{M}/gu, "")];

/** The width of a word's ink in ems, in a face's regular, bold, italic or bold italic letters. */
export function inkEms(word: string, family: FontFamily = "sans-serif", bold = false, italic = false): number {
  const face = FACES[family];
  const widths = italic ? (bold ? face.boldItalic : face.italic) : bold ? face.bold : face.regular;
  let total = 0;
  for (const ch of baseCharacters(word)) {
    total += widths.advances[ch] ?? widths.average;
  }
  return Math.max(0.3, (total - face.sideBearings) / 1000);
}

/**
 * How many ems of Arial the ink of some text spans from its highest to its lowest pixel: capitals and digits 0.716,
 * lowercase without ascenders or dots 0.519 (the x-height), with a descender 0.21 more, the dollar sign 0.84, anything
 * else (ascenders with descenders, brackets) about 0.93.
 */
function inkHeightEms(text: string): number {
  const tall = /[A-Z0-9bdfhijklt#%&?!]/.test(text);
  const low = /[gjpqy,;]/.test(text);
  if (/[()[\]{}|/\\@]/.test(text) || (tall && low)) return 0.93;
  // (The dollar sign's bar runs a little above the capitals and below the baseline.)
  if (text.includes("$")) return 0.84;
  if (tall) return 0.716;
  return low ? 0.729 : 0.519;
}

/** A word's size this far off the line's median (a share of it) is the engine's box, not the type. */
const OUTLIER_SHARE = 0.3;

/** Lines whose letters span fewer ems than this are x-height letters only (inkHeightEms gives them 0.519). */
const X_HEIGHT_ONLY = 0.6;

/**
 * A font size in image pixels fitted to the words (each word's ink width over its ems, longer words counting more),
 * held between 0.55 and 1.35 times the line's ink height (for a line of x-height letters, the height its letters
 * would have with ascenders and descenders) so one misread word cannot make it absurd.
 */
export function fitFontSize(
  words: { text: string; box: { width: number }; bold?: boolean | undefined; italic?: boolean | undefined }[],
  lineInkHeight: number,
  family: FontFamily = "sans-serif",
): number {
  // A word whose box gives a size far from the line's other words' (the engine's box for "Mandrill" ran over
  // "Can": 27 px against 15) is left out when three or more words remain to measure the line.
  const measured = words
    .filter((w) => w.text.length >= 2)
    .map((w) => ({ w, size: w.box.width / inkEms(w.text, family, w.bold, w.italic) }));
  const sizes = measured.map((m) => m.size).sort((a, b) => a - b);
  const median = sizes[sizes.length >> 1] ?? 0;
  const agreeing = measured.filter((m) => Math.abs(m.size - median) <= median * OUTLIER_SHARE);
  const kept = measured.length >= 3 && agreeing.length >= 3 ? agreeing : measured;
  let ems = 0;
  let width = 0;
  for (const { w } of kept) {
    ems += inkEms(w.text, family, w.bold, w.italic);
    width += w.box.width;
  }
  const text = words.map((w) => w.text).join("");
  // Arial's heights, scaled to the face's (a serif face's letters are shorter for their size: Times' capitals 0.662).
  const tallness = FACES[family].capEm / FACES["sans-serif"].capEm;
  const arialEms = text ? inkHeightEms(text) : 0.95;
  const heightEms = arialEms * tallness;
  if (ems === 0) return lineInkHeight / heightEms;
  const fitted = width / ems;
  // A line of x-height letters only (a paragraph's last line "success:") is half as tall as one with capitals, not
  // set half as big: its bounds are on the size its height gives. Other lines keep bounds on the ink's height, which
  // hold a script or display face's odd widths in check.
  const reference = arialEms < X_HEIGHT_ONLY ? (lineInkHeight / heightEms) * 0.93 : lineInkHeight / tallness;
  return Math.min(reference * 1.35, Math.max(reference * 0.55, fitted));
}

/** What letter spacing is read on: unaccented capitals, digits and the marks that stay between baseline and cap height. */
const SPACED_CAPITALS = /^[A-Z0-9&'’.:!?%$#+-]+$/;

/** A letter-spaced line's letters stand apart by at least this share of its size more than the face sets them. */
export const SPACED_MIN_EM = 0.1;

/**
 * Letter-spaced capitals (decision 151: "FREE SHIPPING" 4 px apart): their words are wider than their letters at
 * the size the line's ink height gives, every word by about as much a letter. The size from the height and the
 * spacing in image pixels that makes up each word's width, or null when the line is not spaced, or not capitals.
 */
export function spacedFit(
  words: { text: string; box: { width: number }; bold?: boolean | undefined; italic?: boolean | undefined }[],
  lineInkHeight: number,
  family: FontFamily = "sans-serif",
): { size: number; spacing: number } | null {
  // Capitals and digits only, whose ink is as tall as the size says (a lower-case line's height depends on which
  // letters it has, and a comma's tail or an accent runs past them). Words of one character stay out: a capital "I"
  // read as "|" would make the line a bracket's height.
  const text = words
    .filter((w) => w.text.length >= 2)
    .map((w) => w.text)
    .join("");
  if (!SPACED_CAPITALS.test(text)) return null;
  const arialEms = inkHeightEms(text);
  const size = lineInkHeight / (arialEms * (FACES[family].capEm / FACES["sans-serif"].capEm));
  // What each word's width holds beyond its letters at that size, and how many letter pairs share it.
  const extras = words
    .map((w) => ({
      extra: w.box.width - size * inkEms(w.text, family, w.bold, w.italic),
      pairs: baseCharacters(w.text).length - 1,
    }))
    .filter((m) => m.pairs >= 1);
  if (extras.length === 0) return null;
  const spacing = extras.reduce((n, m) => n + m.extra, 0) / extras.reduce((n, m) => n + m.pairs, 0);
  // Every word spaced (half as much at least): one misread word's width does not space a line.
  if (spacing < size * SPACED_MIN_EM || extras.some((m) => m.extra / m.pairs < size * SPACED_MIN_EM * 0.5)) return null;
  return { size, spacing };
}
