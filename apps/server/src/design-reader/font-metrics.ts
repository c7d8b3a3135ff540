/**
 * Font size from ink width (decision 121): a line's letters are measured, not its box — a box's height depends on
 * which letters have ascenders and descenders, its width on the words. The advance widths of Helvetica/Arial (the
 * usual email fallback, 1/1000 em, from the Adobe Core 14 AFM files) give how many ems the read text is; the ink
 * width divided by that is the font size. Letters not in the table count as an average lower-case letter. A serif
 * text (serif.ts) is measured with a serif face's widths instead.
 */

const SANS_ADVANCES: Record<string, number> = {
  " ": 278,
  "!": 278,
  '"': 355,
  "#": 556,
  $: 556,
  "%": 889,
  "&": 667,
  "'": 191,
  "(": 333,
  ")": 333,
  "*": 389,
  "+": 584,
  ",": 278,
  "-": 333,
  ".": 278,
  "/": 278,
  ":": 278,
  ";": 278,
  "<": 584,
  "=": 584,
  ">": 584,
  "?": 556,
  "@": 1015,
  "[": 278,
  "\\": 278,
  "]": 278,
  "^": 469,
  _: 556,
  "`": 333,
  "{": 334,
  "|": 260,
  "}": 334,
  "~": 584,
  A: 667,
  B: 667,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 500,
  K: 667,
  L: 556,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
  a: 556,
  b: 556,
  c: 500,
  d: 556,
  e: 556,
  f: 278,
  g: 556,
  h: 556,
  i: 222,
  j: 222,
  k: 500,
  l: 222,
  m: 833,
  n: 556,
  o: 556,
  p: 556,
  q: 556,
  r: 333,
  s: 500,
  t: 278,
  u: 556,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 500,
};
/**
 * Times' advance widths (1/1000 em, Adobe Core 14 Times-Roman AFM; Liberation Serif and Tinos have the same). The
 * serif text of an email is set in Times New Roman (decision 150): the one serif face whose widths are the same on
 * every system, and the face Debian's Chromium draws for any serif it lacks (Georgia, Playfair, the generic serif).
 */
const SERIF_ADVANCES: Record<string, number> = {
  " ": 250,
  "!": 333,
  '"': 408,
  "#": 500,
  $: 500,
  "%": 833,
  "&": 778,
  "'": 180,
  "(": 333,
  ")": 333,
  "*": 500,
  "+": 564,
  ",": 250,
  "-": 333,
  ".": 250,
  "/": 278,
  ":": 278,
  ";": 278,
  "<": 564,
  "=": 564,
  ">": 564,
  "?": 444,
  "@": 921,
  A: 722,
  B: 667,
  C: 667,
  D: 722,
  E: 611,
  F: 556,
  G: 722,
  H: 722,
  I: 333,
  J: 389,
  K: 722,
  L: 611,
  M: 889,
  N: 722,
  O: 722,
  P: 556,
  Q: 722,
  R: 667,
  S: 556,
  T: 611,
  U: 722,
  V: 722,
  W: 944,
  X: 722,
  Y: 722,
  Z: 611,
  "[": 333,
  "\\": 278,
  "]": 333,
  "^": 469,
  _: 500,
  "`": 333,
  a: 444,
  b: 500,
  c: 444,
  d: 500,
  e: 444,
  f: 333,
  g: 500,
  h: 500,
  i: 278,
  j: 278,
  k: 500,
  l: 278,
  m: 778,
  n: 500,
  o: 500,
  p: 500,
  q: 500,
  r: 333,
  s: 389,
  t: 278,
  u: 500,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 444,
  "{": 480,
  "|": 200,
  "}": 480,
  "~": 541,
};

/** Helvetica-Bold's and Times-Bold's advance widths (Adobe Core 14 AFM; Liberation Sans and Serif Bold have the same). */
const SANS_BOLD_ADVANCES: Record<string, number> = {
  " ": 278,
  "!": 333,
  '"': 474,
  "#": 556,
  $: 556,
  "%": 889,
  "&": 722,
  "'": 238,
  "(": 333,
  ")": 333,
  "*": 389,
  "+": 584,
  ",": 278,
  "-": 333,
  ".": 278,
  "/": 278,
  ":": 333,
  ";": 333,
  "<": 584,
  "=": 584,
  ">": 584,
  "?": 611,
  "@": 975,
  A: 722,
  B: 722,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 556,
  K: 722,
  L: 611,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
  "[": 333,
  "\\": 278,
  "]": 333,
  "^": 584,
  _: 556,
  "`": 333,
  a: 556,
  b: 611,
  c: 556,
  d: 611,
  e: 556,
  f: 333,
  g: 611,
  h: 611,
  i: 278,
  j: 278,
  k: 556,
  l: 278,
  m: 889,
  n: 611,
  o: 611,
  p: 611,
  q: 611,
  r: 389,
  s: 556,
  t: 333,
  u: 611,
  v: 556,
  w: 778,
  x: 556,
  y: 556,
  z: 500,
  "{": 389,
  "|": 280,
  "}": 389,
  "~": 584,
};

const SERIF_BOLD_ADVANCES: Record<string, number> = {
  " ": 250,
  "!": 333,
  '"': 555,
  "#": 500,
  $: 500,
  "%": 1000,
  "&": 833,
  "'": 278,
  "(": 333,
  ")": 333,
  "*": 500,
  "+": 570,
  ",": 250,
  "-": 333,
  ".": 250,
  "/": 278,
  ":": 333,
  ";": 333,
  "<": 570,
  "=": 570,
  ">": 570,
  "?": 500,
  "@": 930,
  A: 722,
  B: 667,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 778,
  I: 389,
  J: 500,
  K: 778,
  L: 667,
  M: 944,
  N: 722,
  O: 778,
  P: 611,
  Q: 778,
  R: 722,
  S: 556,
  T: 667,
  U: 722,
  V: 722,
  W: 1000,
  X: 722,
  Y: 722,
  Z: 667,
  "[": 333,
  "\\": 278,
  "]": 333,
  "^": 581,
  _: 500,
  "`": 333,
  a: 500,
  b: 556,
  c: 444,
  d: 556,
  e: 444,
  f: 333,
  g: 500,
  h: 556,
  i: 278,
  j: 333,
  k: 556,
  l: 278,
  m: 833,
  n: 556,
  o: 500,
  p: 556,
  q: 556,
  r: 444,
  s: 389,
  t: 333,
  u: 556,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 444,
  "{": 394,
  "|": 220,
  "}": 394,
  "~": 520,
};

/** The two faces the reader tells apart and the email sets: Arial for sans-serif, Times New Roman for serif. */
export type FontFamily = "sans-serif" | "serif";

interface Widths {
  advances: Record<string, number>;
  digit: number;
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
  /** How tall capitals and lower-case letters without ascenders are, in ems. */
  capEm: number;
  xEm: number;
}

export const FACES: Record<FontFamily, FaceMetrics> = {
  // Arial's content area is ascent 0.905 + descent 0.212, its capitals 0.716 tall.
  "sans-serif": {
    regular: { advances: SANS_ADVANCES, digit: 556, average: 530 },
    bold: { advances: SANS_BOLD_ADVANCES, digit: 556, average: 580 },
    sideBearings: 70,
    contentEm: 1.117,
    inkTopEm: 0.189,
    capEm: 0.716,
    xEm: 0.519,
  },
  // Times' content area is ascent 0.891 + descent 0.216, its capitals 0.662 tall.
  serif: {
    regular: { advances: SERIF_ADVANCES, digit: 500, average: 450 },
    bold: { advances: SERIF_BOLD_ADVANCES, digit: 500, average: 480 },
    sideBearings: 50,
    contentEm: 1.107,
    inkTopEm: 0.229,
    capEm: 0.662,
    xEm: 0.459,
  },
};

/** The width of a word's ink in ems, in a face's regular or bold letters. */
export function inkEms(word: string, family: FontFamily = "sans-serif", bold = false): number {
  const face = FACES[family];
  const widths = bold ? face.bold : face.regular;
  let total = 0;
  for (const ch of word.normalize("NFD").replace(/\p{M}/gu, "")) {
    if (ch >= "0" && ch <= "9") total += widths.digit;
    else total += widths.advances[ch] ?? widths.average;
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
