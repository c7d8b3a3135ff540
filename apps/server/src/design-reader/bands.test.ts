import { describe, expect, it } from "vitest";
import { findBands } from "./bands.js";
import type { Raster, Rgb } from "./raster.js";

/** A page of one colour with rectangles painted on it. */
function page(width: number, height: number, colour: Rgb, rects: [number, number, number, number, Rgb][]): Raster {
  const r: Raster = { width, height, data: new Uint8Array(width * height * 3) };
  const fill = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) r.data.set(c, (y * width + x) * 3);
  };
  fill(0, 0, width, height, colour);
  for (const [x, y, w, h, c] of rects) fill(x, y, w, h, c);
  return r;
}
/** Lines of "text": dark bars 10 px tall, 24 px apart. */
const lines = (x: number, y: number, w: number, n: number): [number, number, number, number, Rgb][] =>
  Array.from({ length: n }, (_, i) => [x, y + i * 24, w, 10, [40, 40, 40]]);

describe("the body column", () => {
  it("is the 600 px box of a 640 px page, a 4 px bar edge to edge above it notwithstanding", () => {
    const r = page(
      640,
      600,
      [222, 224, 226],
      [[0, 0, 640, 4, [187, 187, 187]], [20, 24, 600, 560, [244, 244, 244]], ...lines(40, 60, 540, 15)],
    );
    expect(findBands(r, 1).content).toMatchObject({ x: 20, width: 600 });
  });

  it("is the page's width when dark bands run edge to edge around a narrow column of text on white", () => {
    const r = page(
      600,
      800,
      [254, 254, 254],
      [[0, 0, 600, 90, [30, 30, 30]], ...lines(150, 140, 290, 20), [0, 700, 600, 100, [30, 30, 30]]],
    );
    expect(findBands(r, 1).content).toMatchObject({ x: 0, width: 600 });
  });

  it("is a white body on a grey page, though a grey header band runs edge to edge above it", () => {
    const r = page(
      620,
      800,
      [243, 243, 243],
      [[0, 16, 620, 60, [138, 138, 138]], [20, 76, 580, 700, [254, 254, 254]], ...lines(40, 110, 520, 20)],
    );
    expect(findBands(r, 1).content).toMatchObject({ x: 20, width: 580 });
  });
});
