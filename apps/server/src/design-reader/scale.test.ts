import { describe, expect, it } from "vitest";
import { detectScale } from "./scale.js";

describe("detectScale", () => {
  it("reads phone screenshots at their device scale", () => {
    expect(detectScale(1125, 1125)).toBe(3); // iPhone, 375 px at 3×
    expect(detectScale(1080, 1080)).toBe(3); // Android, 360 px at 3×
    expect(detectScale(1290, 1290)).toBe(3);
    expect(detectScale(750, 750)).toBe(2); // iPhone SE, 375 px at 2×
    expect(detectScale(828, 828)).toBe(2);
  });

  it("reads a 1 200 px export of a 600 px email at 2×", () => {
    expect(detectScale(1400, 1200)).toBe(2);
  });

  it("reads desktop designs of 600 to 1 000 px at 1×, 640 and 700 px wide ones included", () => {
    for (const w of [600, 602, 640, 660, 700, 960, 1000]) expect(detectScale(w, Math.min(w, 640))).toBe(1);
  });

  it("takes an even width of 720–880 px for a phone at 2× (800 px is a 400 px screen, or a wide design)", () => {
    expect(detectScale(800, 800)).toBe(2);
  });
});
