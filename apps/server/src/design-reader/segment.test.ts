import { describe, expect, it } from "vitest";
import type { Raster, Rgb } from "./raster.js";
import { segmentBand } from "./segment.js";
import type { InkMask } from "./xy-cut.js";

/** A raster of one colour; `paint` sets pixels by their position. */
function raster(width: number, height: number, colour: Rgb, paint: (x: number, y: number) => Rgb | null): Raster {
  const r: Raster = { width, height, data: new Uint8Array(width * height * 3) };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) r.data.set(paint(x, y) ?? colour, (y * width + x) * 3);
  return r;
}

const maskOf = (r: Raster): InkMask => ({ width: r.width, height: r.height, bits: new Uint8Array(r.width * r.height) });

describe("segmentBand", () => {
  it("takes a soft gradient (a photo's sky cut off at the band's top) for no card, though one colour holds half of it", () => {
    const black: Rgb = [0, 0, 0];
    // A light cyan-to-blue gradient 552 × 300 at the band's top, with a lilac disc in it, on a black band: its
    // quantised colour holds over half of it, but no pixel colour holds much.
    const r = raster(600, 500, black, (x, y) => {
      if (x < 24 || x >= 576 || y >= 300) return null;
      if ((x - 150) ** 2 + (y - 150) ** 2 < 60 ** 2) return [184, 135, 190];
      const t = (x - 24 + y) / 852;
      return [Math.round(162 + 26 * t), Math.round(212 + 12 * t), Math.round(230 + 10 * t)];
    });
    const band = { box: { x: 0, y: 0, width: 600, height: 500 }, background: black, busy: false };
    const section = segmentBand(r, band, 1, maskOf(r));
    const columns = section.rows.flatMap((row) => row.columns);
    expect(columns.every((c) => c.background === null)).toBe(true);
  });
});
