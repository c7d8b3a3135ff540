import { useCallback, useState } from "react";

/** How the admin tables sort: one column at a time, ascending on a first click, flipped on the next. */
export type SortDir = "asc" | "desc";
export type SortValue = string | number | boolean | Date | null | undefined;
export interface SortState {
  key: string;
  dir: SortDir;
}

/**
 * Spec sort behaviour: a click on a new column sorts it ascending; a click on the active column
 * flips the direction.
 */
export function nextSort(current: SortState, key: string): SortState {
  if (current.key === key) return { key, dir: current.dir === "asc" ? "desc" : "asc" };
  return { key, dir: "asc" };
}

export function useSort(initial: SortState) {
  const [sort, setSort] = useState<SortState>(initial);
  const toggle = useCallback((key: string) => setSort((s) => nextSort(s, key)), []);
  return { sort, setSort, toggle };
}

function normalise(v: SortValue): number | string {
  if (v === null || v === undefined || v === "") return Number.NEGATIVE_INFINITY;
  if (v instanceof Date) return v.getTime();
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v;
  return v.toLowerCase();
}

export function compareValues(a: SortValue, b: SortValue): number {
  const x = normalise(a);
  const y = normalise(b);
  if (typeof x === "number" && typeof y === "number") return x === y ? 0 : x < y ? -1 : 1;
  if (typeof x === "number") return -1;
  if (typeof y === "number") return 1;
  return x.localeCompare(y, undefined, { numeric: true });
}

/** What sorting needs of a column (the data table's `Column` has it). */
export interface SortableColumn<T> {
  key: string;
  sortValue?: (row: T) => SortValue;
}

/** Stable sort of rows by the column named in `sort` (unknown or unsortable column: unchanged). */
export function sortRows<T>(rows: readonly T[], columns: readonly SortableColumn<T>[], sort: SortState): T[] {
  const col = columns.find((c) => c.key === sort.key);
  if (!col?.sortValue) return [...rows];
  const get = col.sortValue;
  const factor = sort.dir === "asc" ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: get(row) }))
    .sort((a, b) => compareValues(a.v, b.v) * factor || a.i - b.i)
    .map((x) => x.row);
}
