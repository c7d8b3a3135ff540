import { describe, expect, it } from "vitest";
import { pageCountOf, pageItems, pageSlice } from "./pager";
import { compareValues, nextSort, type SortState, sortRows } from "./sortable-table";

describe("pageItems", () => {
  it("shows every page when there are few", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 0)).toEqual([]);
  });
  it("keeps a window of 5 with first, last and ellipses", () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, "end-ellipsis", 20]);
    expect(pageItems(6, 20)).toEqual([1, "start-ellipsis", 4, 5, 6, 7, 8, "end-ellipsis", 20]);
    expect(pageItems(20, 20)).toEqual([1, "start-ellipsis", 16, 17, 18, 19, 20]);
    // No ellipsis where no page is skipped.
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 9)).toEqual([1, "start-ellipsis", 3, 4, 5, 6, 7, "end-ellipsis", 9]);
  });
  it("clamps an out-of-range page", () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
  });
});

describe("paging helpers", () => {
  it("counts pages and slices", () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(21, 10)).toBe(3);
    expect(pageSlice([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
  });
});

describe("sorting", () => {
  it("a new column sorts ascending, the same column flips", () => {
    const s: SortState = { key: "createdAt", dir: "desc" };
    expect(nextSort(s, "name")).toEqual({ key: "name", dir: "asc" });
    expect(nextSort({ key: "name", dir: "asc" }, "name")).toEqual({ key: "name", dir: "desc" });
    expect(nextSort({ key: "name", dir: "desc" }, "name")).toEqual({ key: "name", dir: "asc" });
  });
  it("compares case-insensitively and numerically", () => {
    expect(compareValues("apple", "Banana")).toBeLessThan(0);
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues(null, 0)).toBeLessThan(0);
  });
  it("sorts rows by a column, stable", () => {
    const rows = [
      { id: "a", n: 2 },
      { id: "b", n: 1 },
      { id: "c", n: 2 },
    ];
    const cols = [{ key: "n", header: "N", render: () => null, sortValue: (r: { n: number }) => r.n }];
    expect(sortRows(rows, cols, { key: "n", dir: "asc" }).map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(sortRows(rows, cols, { key: "n", dir: "desc" }).map((r) => r.id)).toEqual(["a", "c", "b"]);
  });
});
