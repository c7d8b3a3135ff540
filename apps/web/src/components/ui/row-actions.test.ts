import { describe, expect, it } from "vitest";
import { nextEnabled } from "./row-actions";

describe("row actions keyboard order", () => {
  const items = [{}, { disabled: true }, {}, {}];
  it("moves to the next enabled item, skipping disabled ones and wrapping", () => {
    expect(nextEnabled(items, -1, 1)).toBe(0);
    expect(nextEnabled(items, 0, 1)).toBe(2);
    expect(nextEnabled(items, 3, 1)).toBe(0);
    expect(nextEnabled(items, 2, -1)).toBe(0);
    expect(nextEnabled(items, 0, -1)).toBe(3);
    expect(nextEnabled(items, items.length, -1)).toBe(3);
  });
  it("finds none when every item is disabled", () => {
    expect(nextEnabled([{ disabled: true }], -1, 1)).toBe(-1);
  });
});
