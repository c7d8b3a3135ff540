import { TESTIMONIAL_QUOTE_PREVIEW } from "@mailsmith/shared";

/** Admin testimonials table: the quote cut to 50 characters plus an ellipsis (spec). */
export function quotePreview(quote: string): string {
  return quote.length > TESTIMONIAL_QUOTE_PREVIEW ? `${quote.slice(0, TESTIMONIAL_QUOTE_PREVIEW)}...` : quote;
}

/** How It Works numbering: 01, 02, … (spec: padded to two digits). */
export function stepNumber(index: number): string {
  return String(index + 1).padStart(2, "0");
}

/** The order a new feature gets: the highest existing order plus 1 (spec). */
export function nextFeatureOrder(orders: number[]): number {
  return orders.reduce((max, o) => Math.max(max, o), 0) + 1;
}

/**
 * The saved list with the form's item in place of the one being edited, or added at the end once something is
 * typed into the empty form: what a list editor's live preview shows.
 */
export function listWithDraft<TItem extends { _id: string }>(
  items: readonly TItem[],
  draft: TItem,
  editingId: string | null,
  dirty: boolean,
): TItem[] {
  if (editingId) return items.map((i) => (i._id === editingId ? draft : i));
  return dirty ? [...items, draft] : [...items];
}
