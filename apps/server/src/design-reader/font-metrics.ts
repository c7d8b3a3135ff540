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
 * draws for any serif it lacks (Georgia, Playfair, the generic serif).
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
    regular: { advances: HELVETICA, average: 530 },
    bold: { advances: HELVETICA_BOLD, average: 580 },
    sideBearings: 70,
    contentEm: 1.117,
    inkTopEm: 0.189,
    capEm: 0.716,
  },
  // Times' content area is ascent 0.891 + descent 0.216, its capitals 0.662 tall.
  serif: {
    regular: { advances: TIMES, average: 450 },
    bold: { advances: TIMES_BOLD, average: 480 },
    sideBearings: 50,
    contentEm: 1.107,
    inkTopEm: 0.229,
    capEm: 0.662,
  },
};

/** The width of a word's ink in ems, in a face's regular or bold letters. */
export function inkEms(word: string, family: FontFamily = "sans-serif", bold = false): number {
  const face = FACES[family];
  const widths = bold ? face.bold : face.regular;
  let total = 0;
  for (const ch of word.normalize("NFD").replace(/\p{M}/gu, "")) {
    total += widths.advances[ch] ?? widths.average;
  }
  return Math.max(0.3, (total - face.sideBearings) / 1000);
}

/**
 * How many ems of Arial the ink of some text spans from its highest to its lowest pixel: capitals and digits 0.716,
 * lowercase without ascenders or dots 0.519 (the x-height), with a descender 0.21 more, anything else (ascenders with
 * descenders, brackets, the dollar sign) about 0.93.
 */
function inkHeightEms(text: string): number {
  const tall = /[A-Z0-9bdfhijklt#%&?!]/.test(text);
  const low = /[gjpqy,;]/.test(text);
  if (/[()[\]{}|/\\@$]/.test(text) || (tall && low)) return 0.93;
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
  words: { text: string; box: { width: number }; bold?: boolean | undefined }[],
  lineInkHeight: number,
  family: FontFamily = "sans-serif",
): number {
  // A word whose box gives a size far from the line's other words' (the engine's box for "Mandrill" ran over
  // "Can": 27 px against 15) is left out when three or more words remain to measure the line.
  const measured = words
    .filter((w) => w.text.length >= 2)
    .map((w) => ({ w, size: w.box.width / inkEms(w.text, family, w.bold) }));
  const sizes = measured.map((m) => m.size).sort((a, b) => a - b);
  const median = sizes[sizes.length >> 1] ?? 0;
  const agreeing = measured.filter((m) => Math.abs(m.size - median) <= median * OUTLIER_SHARE);
  const kept = measured.length >= 3 && agreeing.length >= 3 ? agreeing : measured;
  let ems = 0;
  let width = 0;
  for (const { w } of kept) {
    ems += inkEms(w.text, family, w.bold);
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
