import { describe, expect, it } from "vitest";
import { contrastRatio, relativeLuminance } from "./contrast.js";

describe("WCAG contrast", () => {
  it("gives WCAG's figures: black on white 21:1, a colour on itself 1:1, #767676 on white just passes 4.5:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#3366cc", "#3366cc")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("reads channels as well as #rrggbb, with the same answer", () => {
    expect(contrastRatio({ r: 0x33, g: 0x66, b: 0xcc }, "#ffffff")).toBe(contrastRatio("#3366cc", "#ffffff"));
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1, 10);
    expect(relativeLuminance({ r: 0, g: 0, b: 0 })).toBe(0);
  });
});
