import { PAGER_WINDOW, TABLE_TEXTS } from "@mailsmith/shared";

export type PageItem = number | "start-ellipsis" | "end-ellipsis";

/**
 * The page numbers to show: a window of `window` numbers around the current page, plus the first
 * and last page with an ellipsis where numbers are skipped. Pages are 1-based.
 * pageItems(6, 20) → [1, "start-ellipsis", 4, 5, 6, 7, 8, "end-ellipsis", 20]
 */
export function pageItems(page: number, pageCount: number, window = PAGER_WINDOW): PageItem[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(1, page), pageCount);
  const size = Math.min(window, pageCount);
  let start = Math.max(1, current - Math.floor(size / 2));
  const end = Math.min(pageCount, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push("start-ellipsis");
  }
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pageCount) {
    if (end < pageCount - 1) items.push("end-ellipsis");
    items.push(pageCount);
  }
  return items;
}

/** How many pages `total` rows make at `pageSize` per page (at least 1). */
export function pageCountOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page (1-based). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

const btn =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-3 text-sm font-medium ring-1 ring-slate-200 transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Previous / numbered pages (window of 5, ellipses, first and last) / Next.
 * With `total` and `pageSize` it also reads "Showing X to Y of Z entries".
 */
export function Pager({
  page,
  pageCount,
  onPageChange,
  total,
  pageSize,
  label = TABLE_TEXTS.pagination,
  window = PAGER_WINDOW,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  total?: number;
  pageSize?: number;
  label?: string;
  window?: number;
}) {
  const items = pageItems(page, pageCount, window);
  const summary =
    total !== undefined && pageSize !== undefined
      ? TABLE_TEXTS.showing((page - 1) * pageSize + 1, Math.min(page * pageSize, total), total)
      : null;
  return (
    <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      {summary ? <p className="text-sm text-slate-600">{summary}</p> : <span />}
      <nav aria-label={label} className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={`${btn} bg-white text-slate-700 hover:bg-slate-50`}
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
        >
          {TABLE_TEXTS.previous}
        </button>
        {items.map((item) =>
          typeof item === "number" ? (
            <button
              key={item}
              type="button"
              aria-label={TABLE_TEXTS.page(item)}
              aria-current={item === page ? "page" : undefined}
              onClick={() => onPageChange(item)}
              className={`${btn} ${item === page ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 hover:bg-slate-50"}`}
            >
              {item}
            </button>
          ) : (
            <span key={item} className="px-1 text-slate-500" aria-hidden="true">
              …
            </span>
          ),
        )}
        <button
          type="button"
          className={`${btn} bg-white text-slate-700 hover:bg-slate-50`}
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount}
        >
          {TABLE_TEXTS.next}
        </button>
      </nav>
    </div>
  );
}
