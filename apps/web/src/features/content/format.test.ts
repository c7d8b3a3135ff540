import { describe, expect, it } from "vitest";
import { nextFeatureOrder, quotePreview, stepNumber } from "./format";

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
