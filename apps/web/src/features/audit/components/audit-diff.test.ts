import { describe, expect, it } from "vitest";
import { diffRows, formatValue } from "./audit-diff";

describe("audit diff", () => {
  it("lists every field either side names, with readable values", () => {
    expect(diffRows({ price: 29, retiredAt: null }, { price: 35, retiredAt: "2026-11-27T21:00:00.000Z" })).toEqual([
      { field: "price", before: "29", after: "35" },
      { field: "retiredAt", before: "—", after: "2026-11-27T21:00:00.000Z" },
    ]);
  });

  it("a creation has no before, a deletion no after; objects read as compact JSON", () => {
    expect(diffRows(null, { name: "Main", isActive: true })).toEqual([
      { field: "name", before: "—", after: "Main" },
      { field: "isActive", before: "—", after: "true" },
    ]);
    expect(diffRows({ titles: ["A", "B"] }, null)).toEqual([{ field: "titles", before: '["A","B"]', after: "—" }]);
    expect(formatValue("")).toBe("—");
    expect(formatValue(false)).toBe("false");
  });
});
