import type { TEditablePart, TTextSegment } from "@mailsmith/shared";

/**
 * A text that holds links as the member edits it (decision 140): a list of words and links' words, each link by its
 * part id. These helpers are pure; the field that shows them is linked-text-field.tsx.
 */

/** Joins neighbouring pieces of the same kind (words with words, a link with itself). */
function joined(segments: readonly TTextSegment[]): TTextSegment[] {
  const out: TTextSegment[] = [];
  for (const s of segments) {
    const last = out.at(-1);
    if (last && last.link === s.link) last.text += s.text;
    else if (s.text || s.link) out.push({ ...s });
  }
  return out.filter((s) => s.text || s.link);
}

/**
 * What is sent: a link whose words were all deleted is left out — the server removes it (never an empty link) — and
 * the spaces it still held stay as words.
 */
export function settleSegments(segments: readonly TTextSegment[]): TTextSegment[] {
  const out = joined(segments.map((s) => (s.link && !s.text.trim() ? { text: s.text } : s)));
  // Spaces and line breaks before the first word or after the last are no words (a browser adds a line break at the
  // end of an editable); the server trims them too.
  const first = out[0];
  if (first && !first.link) first.text = first.text.trimStart();
  const last = out.at(-1);
  if (last && !last.link) last.text = last.text.trimEnd();
  return out.filter((s) => s.text || s.link);
}

export const sameSegments = (a: readonly TTextSegment[], b: readonly TTextSegment[]) =>
  a.length === b.length && a.every((s, i) => s.text === b[i]!.text && s.link === b[i]!.link);

/** The text's links that `segments` no longer hold: the ones whose words the member deleted. */
export function removedLinks(part: TEditablePart, segments: readonly TTextSegment[]): TTextSegment[] {
  const kept = new Set(settleSegments(segments).map((s) => s.link));
  return (part.segments ?? []).filter((s) => s.link && !kept.has(s.link));
}

/** The words of link `id` in `segments`, or undefined when the text no longer holds it. */
export const linkWords = (segments: readonly TTextSegment[], id: string) => segments.find((s) => s.link === id)?.text;

/** `segments` with link `id`'s words replaced (from the link's own Label field). */
export const withLinkWords = (segments: readonly TTextSegment[], id: string, words: string) =>
  segments.map((s) => (s.link === id ? { ...s, text: words } : s));
