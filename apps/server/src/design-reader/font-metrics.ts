/**
 * Font size from ink width (decision 121): a line's letters are measured, not its box — a box's height depends on
 * which letters have ascenders and descenders, its width on the words. The advance widths of Helvetica/Arial (the
 * usual email fallback, 1/1000 em, from the Adobe Core 14 AFM files) give how many ems the read text is; the ink
 * width divided by that is the font size. Letters not in the table count as an average lower-case letter.
 */

const ADVANCES: Record<string, number> = {
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
const DIGIT = 556;
const AVERAGE = 530;
/** The ink of a word starts and ends a little inside its advance (side bearings), about 0.07 em in all. */
const SIDE_BEARINGS = 70;

/**
 * Sizes are fitted with Helvetica's regular advance widths; bold letters are about 8 % wider (Helvetica-Bold's AFM),
 * so a bold text's fitted size is that much too big and its lines would wrap early.
 */
export const BOLD_WIDTH = 1.08;

/** The width of a word's ink in ems. */
export function inkEms(word: string): number {
  let total = 0;
  for (const ch of word.normalize("NFD").replace(/\p{M}/gu, "")) {
    if (ch >= "0" && ch <= "9") total += DIGIT;
    else total += ADVANCES[ch] ?? AVERAGE;
  }
  return Math.max(0.3, (total - SIDE_BEARINGS) / 1000);
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
export function fitFontSize(words: { text: string; box: { width: number } }[], lineInkHeight: number): number {
  // A word whose box gives a size far from the line's other words' (the engine's box for "Mandrill" ran over
  // "Can": 27 px against 15) is left out when three or more words remain to measure the line.
  const measured = words.filter((w) => w.text.length >= 2).map((w) => ({ w, size: w.box.width / inkEms(w.text) }));
  const sizes = measured.map((m) => m.size).sort((a, b) => a - b);
  const median = sizes[sizes.length >> 1] ?? 0;
  const agreeing = measured.filter((m) => Math.abs(m.size - median) <= median * OUTLIER_SHARE);
  const kept = measured.length >= 3 && agreeing.length >= 3 ? agreeing : measured;
  let ems = 0;
  let width = 0;
  for (const { w } of kept) {
    ems += inkEms(w.text);
    width += w.box.width;
  }
  const text = words.map((w) => w.text).join("");
  const heightEms = text ? inkHeightEms(text) : 0.95;
  if (ems === 0) return lineInkHeight / heightEms;
  const fitted = width / ems;
  // A line of x-height letters only (a paragraph's last line "success:") is half as tall as one with capitals, not
  // set half as big: its bounds are on the size its height gives. Other lines keep bounds on the ink's height, which
  // hold a script or display face's odd widths in check.
  const reference = heightEms < X_HEIGHT_ONLY ? (lineInkHeight / heightEms) * 0.93 : lineInkHeight;
  return Math.min(reference * 1.35, Math.max(reference * 0.55, fitted));
}
