import { describe, expect, it } from "vitest";
import type { Raster, Rgb } from "./raster.js";
import { inkStyle } from "./text-style.js";

/** A line of vertical strokes (letters' stems, 2 px wide, 10 px tall) on a background, and what else is asked. */
function line(background: Rgb, ink: Rgb, extra: (set: (x: number, y: number, c: Rgb) => void) => void = () => {}) {
  const r: Raster = { width: 200, height: 16, data: new Uint8Array(200 * 16 * 3) };
  const set = (x: number, y: number, c: Rgb) => r.data.set(c, (y * r.width + x) * 3);
  for (let y = 0; y < 16; y++) for (let x = 0; x < 200; x++) set(x, y, background);
  for (let x = 4; x < 196; x += 6) for (let y = 3; y < 13; y++) for (const dx of [0, 1]) set(x + dx, y, ink);
  extra(set);
  return r;
}

describe("inkStyle", () => {
  it("takes the ink of the strokes, not of a speck of another colour farther from the background", () => {
    const navy: Rgb = [45, 52, 69];
    const grey: Rgb = [130, 137, 153];
    const r = line(navy, grey, (set) => {
      set(100, 14, [240, 103, 51]);
      set(101, 14, [240, 103, 51]);
    });
    expect(inkStyle(r, { x: 0, y: 0, width: 200, height: 16 }, navy).colour).toEqual(grey);
  });

  it("leaves an underline out of the colour and the stroke width", () => {
    const white: Rgb = [244, 244, 244];
    const grey: Rgb = [80, 80, 80];
    const r = line(white, grey, (set) => {
      for (let x = 120; x < 196; x++) set(x, 14, [235, 65, 2]);
      for (let x = 120; x < 196; x++) set(x, 15, [235, 65, 2]);
    });
    const style = inkStyle(r, { x: 0, y: 0, width: 200, height: 16 }, white);
    expect(style.colour).toEqual(grey);
    expect(style.stroke).toBeCloseTo(2, 1);
  });
});
