import { TABLE_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Pager, pageCountOf, pageSlice } from "./pager";
import { Spinner } from "./spinner";
import { type SortState, type SortValue, sortRows, useSort } from "./table-sort";

/** A column: `sortValue` makes it sortable. */
export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortValue?: (row: T) => SortValue;
  /** Numbers line up on the right, header included. */
  align?: "left" | "right";
  className?: string;
  headerClassName?: string;
}

/** Paging of a table: the Pager under it ("Showing X to Y of Z entries" when total and pageSize are given). */
export interface TablePaging {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  total?: number;
  pageSize?: number;
  /** The pager's accessible name, e.g. "User pages". */
  label?: string;
}

/** One page of rows sorted by `sort` (page clamped into range): what a client-side table shows. */
export function tableView<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  sort: SortState | undefined,
  page: number,
  pageSize: number,
) {
  const sorted = sort ? sortRows(rows, columns, sort) : [...rows];
  const pageCount = pageCountOf(sorted.length, pageSize);
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: pageSlice(sorted, current, pageSize), page: current, pageCount, total: sorted.length };
}

/**
 * Sorting and paging of rows held in the browser, wired for <DataTable>:
 * `const view = useDataTable({ rows, columns, initialSort, pageSize, label });` then `<DataTable {...view.props} … />`.
 * A new sort goes back to page 1; `resetPage()` does the same after a search changes the rows.
 */
export function useDataTable<T>({
  rows,
  columns,
  initialSort,
  pageSize,
  label,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  initialSort?: SortState;
  pageSize: number;
  label?: string;
}) {
  const { sort, toggle } = useSort(initialSort ?? { key: "", dir: "asc" });
  const [page, setPage] = useState(1);
  // Columns are rebuilt each render (they close over edit state); only the sort decides the order.
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const view = useMemo(
    () => tableView(rows, columnsRef.current, sort.key ? sort : undefined, page, pageSize),
    [rows, sort, page, pageSize],
  );
  const onSort = useCallback(
    (key: string) => {
      toggle(key);
      setPage(1);
    },
    [toggle],
  );
  return {
    sort,
    page: view.page,
    setPage,
    resetPage: useCallback(() => setPage(1), []),
    total: view.total,
    props: {
      rows: view.rows,
      sort,
      onSort,
      paging: { page: view.page, pageCount: view.pageCount, onPageChange: setPage, total: view.total, pageSize, label },
    },
  };
}

/**
 * The one table of the admin lists: sortable headers are buttons with aria-sort, the header row
 * sticks while rows scroll, a table wider than its box scrolls sideways with a visible hint, loading and empty
 * states, an optional toolbar (search, filters) above and a pager below. The caller gives the rows to show (one
 * page, sorted) — `useDataTable` does that for rows held in the browser; server-paged lists pass their own.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  empty,
  caption,
  rowClassName,
  loading = false,
  toolbar,
  paging,
  compact = false,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: SortState;
  onSort?: (key: string) => void;
  empty?: ReactNode;
  /** The table's accessible name (a screen-reader caption). */
  caption?: string;
  rowClassName?: (row: T) => string;
  /** Rows are being fetched: a spinner row instead of the empty text. */
  loading?: boolean;
  /** Search and filter controls shown above the table. */
  toolbar?: ReactNode;
  paging?: TablePaging;
  /** Narrower cell padding, for tables with many columns that must fit a laptop's width. */
  compact?: boolean;
}) {
  const padX = compact ? "px-3" : "px-4";
  // A table wider than its box scrolls sideways inside it; a visible hint says so.
  const boxRef = useRef<HTMLDivElement>(null);
  // Sideways: more columns than fit (the hint says so). Downwards: rows past the box's 75vh. Either way the box is a
  // scrolling region keyboard users must be able to reach (axe: scrollable-region-focusable).
  const [scroll, setScroll] = useState({ sideways: false, down: false });
  const scrollable = scroll.sideways || scroll.down;
  const checkScroll = useCallback(() => {
    const box = boxRef.current;
    if (!box) return;
    const sideways = box.scrollWidth > box.clientWidth + 1;
    const down = box.scrollHeight > box.clientHeight + 1;
    setScroll((s) => (s.sideways === sideways && s.down === down ? s : { sideways, down }));
  }, []);
  // After every commit, in the same task: rows that arrive make the box scroll before a frame passes, and a resize
  // observer only reports at the next frame, so a script running in between (axe on a busy machine) met a scrolling
  // box that could not be focused. A state set here is rendered before anything else runs.
  useLayoutEffect(checkScroll);
  // Changes from outside React: the window's width, fonts arriving.
  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(checkScroll);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [checkScroll]);
  const table = (
    <div>
      {scroll.sideways && (
        <p className="mb-1 text-right text-xs font-medium text-slate-600" data-testid="table-scroll-hint">
          {TABLE_TEXTS.scrollHint} <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        ref={boxRef}
        // Focusable so keyboard users can scroll it; the header row sticks while the rows scroll. Positioned, so that
        // absolutely positioned descendants (.sr-only texts) are clipped by it instead of widening the page.
        tabIndex={scrollable ? 0 : undefined}
        role={scrollable ? "region" : undefined}
        aria-label={
          scroll.sideways
            ? TABLE_TEXTS.scrollRegion(caption ?? TABLE_TEXTS.table)
            : scrollable
              ? TABLE_TEXTS.scrollRegionDown(caption ?? TABLE_TEXTS.table)
              : undefined
        }
        className="relative max-h-[75vh] overflow-auto rounded-xl border border-slate-200 bg-white"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-slate-50">
            <tr>
              {columns.map((c) => {
                const active = sort?.key === c.key;
                const ariaSort = active ? (sort?.dir === "asc" ? "ascending" : "descending") : undefined;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={c.sortValue ? (ariaSort ?? "none") : undefined}
                    className={`sticky top-0 z-10 bg-slate-50 ${padX} py-3 ${c.align === "right" ? "text-right" : "text-left"} text-xs font-semibold tracking-wide text-slate-600 uppercase ${c.headerClassName ?? ""}`}
                  >
                    {c.sortValue && onSort ? (
                      <button
                        type="button"
                        onClick={() => onSort(c.key)}
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                      >
                        {c.header}
                        <span aria-hidden="true" className={active ? "text-brand-600" : "text-slate-300"}>
                          {active ? (sort?.dir === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loading && rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10">
                  <div className="flex justify-center text-brand-600">
                    <Spinner />
                  </div>
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="p-0">
                  {/* Pinned to the visible width: a wide table scrolled on a phone must not push the text off-screen. */}
                  <div className="sticky left-0 w-[min(100%,calc(100vw-7rem))] px-4 py-10 text-center text-slate-500">
                    {empty ?? TABLE_TEXTS.noRows}
                  </div>
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className={rowClassName?.(row) ?? "hover:bg-slate-50"}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={`${padX} py-3 align-middle text-slate-700 ${c.align === "right" ? "text-right" : ""} ${c.className ?? ""}`}
                    >
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
  if (!toolbar && !paging) return table;
  return (
    <div className="space-y-3">
      {toolbar && <div className="flex flex-wrap items-center gap-2">{toolbar}</div>}
      {table}
      {/* No rows: the empty text says it all, a "0 of 0" pager would only add noise. */}
      {paging && rows.length > 0 && (
        <Pager
          page={paging.page}
          pageCount={paging.pageCount}
          onPageChange={paging.onPageChange}
          total={paging.total}
          pageSize={paging.pageSize}
          label={paging.label}
        />
      )}
    </div>
  );
}
