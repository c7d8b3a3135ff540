import { describe, expect, it } from "vitest";
import { pageCountOf, pageItems, pageSlice } from "./pager";

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
