import { distance } from "fastest-levenshtein";

/** Longest text compared, in characters (a long email's words; keeps the edit distance fast). */
const MAX_CHARS = 6000;

/**
 * Lower case, accents removed, punctuation and whitespace collapsed: "Spring  Sale —50%!" → "spring sale 50".
 * Invisible format characters go first: a zero-width non-joiner set inside a word to keep a phone from linking it
 * ("Addr\u200Cess", "201\u200C6") shows one word, and was counted as two halves a reading could never find.
 */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{Cf}+/gu, "")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .slice(0, MAX_CHARS);
}

export function tokens(text: string): string[] {
  const n = normaliseText(text);
  return n ? n.split(" ") : [];
}

function counts(words: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/**
 * How much of the design's text the email shows, 0…1: the design's words (as a multiset) found in the rendered
 * text (recall, 70 %) blended with 1 − normalised edit distance of the two texts (order and spelling, 30 %).
 * Recall, not F1: an email legitimately adds words the design does not show (preheader, unsubscribe footer,
 * alt texts), and those should not count against it.
 */
export function textSimilarity(designText: string, renderedText: string): number {
  const want = tokens(designText);
  if (want.length === 0) return 1;
  const have = counts(tokens(renderedText));
  let found = 0;
  for (const [w, n] of counts(want)) found += Math.min(n, have.get(w) ?? 0);
  const recall = found / want.length;
  const a = want.join(" ");
  const b = tokens(renderedText).join(" ");
  // Edit distance against the part of the rendered text as long as the design's, so extra footer text weighs less.
  const bCut = b.slice(0, Math.max(a.length, Math.round(a.length * 1.2)));
  const edit = 1 - distance(a, bCut) / Math.max(a.length, bCut.length, 1);
  return 0.7 * recall + 0.3 * Math.max(0, edit);
}

/** Design words (longer than 2 letters) the rendered text lacks, most frequent first, at most `limit`. */
export function missingWords(designText: string, renderedText: string, limit = 30): string[] {
  const have = counts(tokens(renderedText));
  const out: string[] = [];
  for (const [w] of counts(tokens(designText))) {
    if (w.length > 2 && !have.has(w)) out.push(w);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Design words (longer than 2 letters) the rendered text lacks, tolerating one misread letter in words of five or
 * more (text read from a picture by OCR: "Subscrihe" still finds "subscribe"). For the per-section report.
 */
export function fuzzyMissingWords(designText: string, renderedText: string, limit = 30): string[] {
  const have = counts(tokens(renderedText));
  const near = [...have.keys()].filter((w) => w.length >= 4);
  const out: string[] = [];
  for (const [w] of counts(tokens(designText))) {
    if (w.length <= 2 || have.has(w)) continue;
    if (w.length >= 5 && near.some((h) => Math.abs(h.length - w.length) <= 1 && distance(h, w) <= 1)) continue;
    out.push(w);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Share (0…1) of the design's words (longer than 2 letters, as a set) the rendered text shows, one misread letter
 * tolerated in long words (fuzzyMissingWords); null when the design has fewer than `minWords` such words. The
 * benchmark's "word recall" and the score's relatedness gate.
 */
export function wordRecall(designText: string, renderedText: string, minWords = 5): number | null {
  const words = new Set(tokens(designText).filter((w) => w.length > 2));
  if (words.size < minWords) return null;
  const missing = fuzzyMissingWords(designText, renderedText, Number.POSITIVE_INFINITY).length;
  return 1 - missing / words.size;
}
