import { describe, expect, it } from "vitest";
import { listWithDraft, nextFeatureOrder, quotePreview, stepNumber } from "./format";

describe("content formatting", () => {
  it("cuts quotes at 50 characters plus an ellipsis", () => {
    const fifty = "x".repeat(50);
    expect(quotePreview(fifty)).toBe(fifty);
    expect(quotePreview(`${fifty}y`)).toBe(`${fifty}...`);
  });
  it("numbers steps 01, 02, … 10", () => {
    expect([0, 1, 9].map(stepNumber)).toEqual(["01", "02", "10"]);
  });
  it("gives a new feature the highest order plus 1", () => {
    expect(nextFeatureOrder([])).toBe(1);
    expect(nextFeatureOrder([3, 1, 7])).toBe(8);
  });
});

describe("listWithDraft (the list a list editor's live preview shows)", () => {
  const items = [
    { _id: "a", title: "One" },
    { _id: "b", title: "Two" },
  ];
  it("puts the draft in place of the item being edited", () => {
    expect(listWithDraft(items, { _id: "b", title: "Two, edited" }, "b", true)).toEqual([
      { _id: "a", title: "One" },
      { _id: "b", title: "Two, edited" },
    ]);
  });
  it("adds a new item's draft at the end once something is typed", () => {
    const draft = { _id: "draft", title: "Three" };
    expect(listWithDraft(items, draft, null, true)).toEqual([...items, draft]);
  });
  it("shows the saved list while the empty form is untouched", () => {
    expect(listWithDraft(items, { _id: "draft", title: "" }, null, false)).toEqual(items);
  });
});
