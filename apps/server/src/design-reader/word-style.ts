import { colourDistance, INK_DISTANCE } from "./colour.js";
import type { Box, Raster, Rgb } from "./raster.js";
import { BOLD_STROKE_EM, inkStyle } from "./text-style.js";

/**
 * How each word of a line looks (decision 148): a link's colour and underline, a bold lead-in ("Getting started:")
 * inside a regular paragraph. A paragraph is one colour and one weight; a word that differs is marked, and the email
 * sets it apart inside the paragraph, as the design does.
 */
export interface WordLook {
  colour: Rgb;
  /** Mean horizontal stroke in image pixels (text-style's measure). */
  stroke: number;
  underline: boolean;
}

/** What sets a word apart from its paragraph, each only when it does. */
export interface WordMarks {
  colour?: Rgb;
  bold?: boolean;
  underline?: boolean;
}

/** A row of ink under a word this full (of the word's width) may be a line drawn under it. */
const UNDERLINE_FILL = 0.7;
/** The row under an underline holds at most this share of its ink (descenders crossing it). */
const UNDER_EMPTIER = 0.5;

/**
 * Is the word underlined? A row at or below its letters' baseline (the lowest two fifths of its box, down to a little
 * under its line) whose ink runs under most of it in long runs, under a far emptier row (the letters' feet, or the
 * gap between them and the line). A browser's underline skips the descenders it crosses ("g", "y"), but between them it
 * runs on under several letters and across the gaps between them; the bottoms of letters leave gaps, and bold
 * capitals' flat feet stop at them. A bar thicker than a fifth of the letters is a filled shape, and a rule that runs
 * on well past the line's own ends (a heading's border) is no underline either.
 */
export function underlined(r: Raster, word: Box, line: Box, background: Rgb): boolean {
  const h = Math.max(1, word.height);
  const x0 = Math.max(0, Math.ceil(word.x + 1));
  const x1 = Math.min(r.width, Math.floor(word.x + word.width - 1));
  const width = x1 - x0;
  if (width < 3) return false;
  const y0 = Math.max(1, Math.floor(word.y + h * 0.6));
  const bottom = Math.max(word.y + h, line.y + line.height);
  const y1 = Math.min(r.height - 1, Math.ceil(bottom + Math.max(2, line.height * 0.15)));
  // Runs this long are longer than a letter's foot; a short word's underline is as long as the word.
  const longRun = Math.min(line.height * 0.6, width * 0.8);
  const distance = (x: number, y: number) => {
    const i = (y * r.width + x) * 3;
    return colourDistance([r.data[i]!, r.data[i + 1]!, r.data[i + 2]!], background);
  };
  const ink = (x: number, y: number) => distance(x, y) >= INK_DISTANCE;
  const rowInk = (y: number) => {
    let on = 0;
    let long = 0;
    let run = 0;
    for (let x = x0; x <= x1; x++) {
      if (x < x1 && ink(x, y)) {
        on++;
        run++;
        continue;
      }
      if (run >= longRun) long += run;
      run = 0;
    }
    return { on, long };
  };
  // An underline crosses the gaps between letters; flat feet (a bold capital E, an L) stop at them. The gaps are runs
  // of columns no letter inks from the word's top to just above row y: at least half of them crossed at y or the row
  // under it. Gaps, not columns: the space between two links read as one word is wide and not underlined. A word whose
  // letters leave no gap says nothing here.
  const top = Math.max(0, Math.floor(word.y));
  const crossesGaps = (y: number) => {
    // Crossed by full ink: a foot's anti-aliased top edge runs faintly on into the gap beside it ("DEALS").
    let far = 0;
    for (let x = x0; x < x1; x++) far = Math.max(far, distance(x, y));
    const strong = (x: number, yy: number) => yy < r.height && distance(x, yy) >= Math.max(INK_DISTANCE, far * 0.6);
    let gaps = 0;
    let crossed = 0;
    let columns = 0;
    let inked = 0;
    for (let x = x0; x <= x1; x++) {
      let empty = x < x1;
      for (let yy = top; yy < y - 1 && empty; yy++) if (ink(x, yy)) empty = false;
      if (empty) {
        columns++;
        if (strong(x, y) || strong(x, y + 1)) inked++;
        continue;
      }
      if (columns > 0) {
        gaps++;
        if (inked * 2 >= columns) crossed++;
      }
      columns = 0;
      inked = 0;
    }
    return gaps < 2 || crossed * 2 >= gaps;
  };
  // A serif face's feet run on into one another along the baseline ("THE" in bold Times), but leave narrow gaps
  // with nothing under them; a browser's underline is broken only around a descender, whose ink runs on below it.
  const narrow = Math.max(2, h * 0.25);
  // Under the row past a big bold foot's own depth (its feet run two or three rows down), down to a descender's; a
  // small word's descender runs only a row or two under its underline.
  const underFrom = Math.max(1, Math.round(h * 0.1));
  const below = Math.max(underFrom + 1, Math.ceil(h * 0.3));
  const footGaps = (y: number) => {
    let start = -1;
    let seenInk = false;
    for (let x = x0; x < x1; x++) {
      if (!ink(x, y)) {
        if (seenInk && start < 0) start = x;
        continue;
      }
      if (start >= 0 && x - start <= narrow) {
        let under = false;
        for (let yy = y + underFrom; yy <= Math.min(r.height - 1, y + below) && !under; yy++)
          for (let xx = Math.max(0, start - 2); xx < Math.min(r.width, x + 2) && !under; xx++) under = ink(xx, yy);
        if (!under) return true;
      }
      start = -1;
      seenInk = true;
    }
    return false;
  };
  let thick = 0;
  let found = false;
  // The ink of a row taken for an underline's top, while its run of full rows lasts.
  let candidate: number | null = null;
  for (let y = y0; y <= y1; y++) {
    const { on, long } = rowInk(y);
    if (on < width * UNDERLINE_FILL || long < width * 0.45) {
      // Under an underline are descenders at most; under the bowls of bold capitals, their feet go on ("BAGS" in
      // bold Montserrat: its lower bowls' row, emptier above, was taken for one).
      if (candidate !== null && on <= candidate * UNDER_EMPTIER) found = true;
      candidate = null;
      thick = 0;
      continue;
    }
    thick++;
    if (thick > Math.max(2, h * 0.2)) return false;
    if (thick > 1) continue;
    // The row above is the letters' feet (an underline drawn against them) or the gap above the line: far emptier.
    if (rowInk(y - 1).on > on * 0.75) continue;
    if (!crossesGaps(y) || footGaps(y)) continue;
    let left = x0;
    while (left > 0 && ink(left - 1, y)) left--;
    let right = x1;
    while (right < r.width && ink(right, y)) right++;
    const past = Math.max(line.x - left, right - (line.x + line.width));
    if (past > Math.max(4, line.height * 0.5)) return false;
    candidate = on;
  }
  return found || candidate !== null;
}

export function wordLook(r: Raster, word: Box, line: Box, background: Rgb): WordLook {
  const style = inkStyle(r, word, background);
  return { colour: style.colour, stroke: style.stroke, underline: underlined(r, word, line, background) };
}

/** A word's colour this far from its paragraph's (largest channel difference) is another ink: a link's, an accent's. */
export const WORD_INK_APART = 56;

/** Letters and digits in a word (a word of one, an "a" or a "1", is too small to judge alone). */
const letters = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;

/** A word's stroke this many times its paragraph's usual one (and bold by itself) is bold: "Getting started:". */
const BOLD_AMONG_REGULAR = 1.35;
/**
 * A word's stroke under this (image px) says nothing of its weight: anti-aliasing spreads small text's 1 px stems
 * over two (text-blocks' BOLD_STROKE_MIN_PX is the line's bound; a single word's measure is rougher).
 */
const BOLD_WORD_MIN_PX = 1.8;

/**
 * What sets each word apart from its paragraph: its colour (when another ink), bold in a regular paragraph, an
 * underline. A word of fewer than two letters takes no colour or weight of its own unless a neighbour has the same
 * (anti-aliasing makes a lone letter's colour and stroke unreliable), and one of fewer than three no underline (a
 * "1" has a foot as wide as itself).
 */
export function wordMarks(
  words: { text: string; look?: WordLook }[],
  paragraph: { colour: Rgb; bold: boolean; fontSize: number },
): WordMarks[] {
  // The paragraph's usual stroke: the median of its words of three letters or more (short words' bowls and feet
  // stretch a mean run: "be" measured 0.156 em among words of 0.10–0.14).
  const strokes = words
    .filter((w) => w.look && letters(w.text) >= 3)
    .map((w) => w.look!.stroke)
    .sort((a, b) => a - b);
  const usual = strokes.length > 0 ? strokes[Math.floor(strokes.length / 2)]! : 0;
  const own = words.map((w) => {
    const look = w.look;
    if (!look) return {};
    const colour = colourDistance(look.colour, paragraph.colour) >= WORD_INK_APART ? look.colour : undefined;
    // Bold against the paragraph's own size (regular 0.09–0.13 em, bold 0.15–0.21 em: text-style) and its words.
    const bold =
      !paragraph.bold &&
      look.stroke >= BOLD_WORD_MIN_PX &&
      look.stroke / Math.max(1, paragraph.fontSize) >= BOLD_STROKE_EM + 0.02 &&
      look.stroke >= usual * BOLD_AMONG_REGULAR;
    return { colour, bold, underline: look.underline };
  });
  // Underlines of words under three letters are told by their neighbours: a tiny word's letters ("Is") can fill
  // their own width's bottom row.
  const underline: boolean[] = [];
  own.forEach((m, i) => {
    const strong = (j: number) => Boolean(own[j]?.underline) && letters(words[j]!.text) >= 3;
    underline.push(Boolean(m.underline) && (strong(i) || underline[i - 1] === true || strong(i + 1)));
  });
  // Neighbours in nearly one ink are one ink (the first's): a short word's colour comes out a few levels off its
  // link's ("contact" #c07040, "us." #b06a3c), which would cut the link in two.
  own.forEach((m, i) => {
    const before = own[i - 1];
    if (m.colour && before?.colour && colourDistance(m.colour, before.colour) < WORD_INK_APART / 2)
      m.colour = before.colour;
  });
  // A word between two bold words of one link or lead-in is bold too: a short word's stroke ("your" between "Export"
  // and "data") measures under the test, and would cut the link in three.
  own.forEach((m, i) => {
    const [before, after] = [own[i - 1], own[i + 1]];
    if (before?.bold && after?.bold && !m.bold && letters(words[i]!.text) > 0) m.bold = true;
  });
  return own.map((m, i) => {
    // A mark with no letter (a dash, a bar) has no ink to judge and takes none from its neighbours.
    if (letters(words[i]!.text) === 0) return {};
    const small = letters(words[i]!.text) < 2;
    const near = [own[i - 1], own[i + 1]].filter((n): n is (typeof own)[number] => n !== undefined);
    const colour =
      m.colour && (!small || near.some((n) => n.colour && colourDistance(n.colour, m.colour!) < WORD_INK_APART))
        ? m.colour
        : undefined;
    const out: WordMarks = {};
    if (colour) out.colour = colour;
    if (m.bold && (!small || near.some((n) => n.bold))) out.bold = true;
    if (underline[i]) out.underline = true;
    return out;
  });
}

/**
 * The ink most of a paragraph's letters are in: a line that opens with a bold link ("Close your account - You can
 * close...") can read as the link's colour, bold strokes voting more surely than thin ones. The line's own colour
 * stands when its letters agree with it.
 */
export function paragraphInk(words: { text: string; look?: WordLook }[], lineColour: Rgb): Rgb {
  const looked = words.filter((w) => w.look && letters(w.text) > 0);
  const support = (c: Rgb) =>
    looked.reduce((n, w) => n + (colourDistance(w.look!.colour, c) < WORD_INK_APART ? letters(w.text) : 0), 0);
  let best: Rgb = lineColour;
  let most = support(lineColour);
  for (const w of looked) {
    const n = support(w.look!.colour);
    // Another ink wins only with most of the letters (more than half), not by a tie.
    if (n > most && n * 2 > looked.reduce((t, x) => t + letters(x.text), 0)) {
      best = w.look!.colour;
      most = n;
    }
  }
  return best;
}
