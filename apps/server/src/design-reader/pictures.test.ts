import { describe, expect, it } from "vitest";
import { offLineShare } from "./pictures.js";
import type { Raster, Rgb } from "./raster.js";

const WHITE: Rgb = [255, 255, 255];

function raster(paint: (set: (x: number, y: number, c: Rgb) => void) => void): Raster {
  const r: Raster = { width: 300, height: 60, data: new Uint8Array(300 * 60 * 3).fill(255) };
  paint((x, y, c) => r.data.set(c, (y * r.width + x) * 3));
  return r;
}
const BOX = { x: 0, y: 0, width: 300, height: 60 };

describe("offLineShare", () => {
  it("takes strokes in two inks (a heading with words in an accent colour) for text", () => {
    // Black stems, then orange ones: 2 px strokes 6 px apart.
    const r = raster((set) => {
      for (let x = 10; x < 290; x += 6)
        for (let y = 15; y < 45; y++) for (const dx of [0, 1]) set(x + dx, y, x < 150 ? [0, 0, 0] : [254, 176, 98]);
    });
    expect(offLineShare(r, BOX, WHITE)).toBeLessThan(0.2);
  });

  it("takes blocks of three colours set edge to edge for a picture, though two of them are one ink's tints", () => {
    // Easy Email's swatches: pink, pale cyan and cyan, each a third of the box; read as two inks, the leaf became
    // text and the reading made a pink "H" of it.
    const r = raster((set) => {
      const colours: Rgb[] = [
        [255, 51, 102],
        [184, 230, 226],
        [95, 245, 242],
      ];
      for (let x = 0; x < 300; x++) for (let y = 0; y < 60; y++) set(x, y, colours[Math.floor(x / 100)]!);
    });
    expect(offLineShare(r, BOX, WHITE)).toBeGreaterThanOrEqual(0.2);
  });
});
