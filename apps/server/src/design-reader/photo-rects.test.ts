import { describe, expect, it } from "vitest";
import { seededGrain } from "./fixtures/seeded-grain.js";
import { findPhotoRects } from "./photo-rects.js";
import type { Box, Raster, Rgb } from "./raster.js";

const WHOLE: Box = { x: 0, y: 0, width: 600, height: 0 };

function page(width: number, height: number, colour: Rgb): Raster {
  const r: Raster = { width, height, data: new Uint8Array(width * height * 3) };
  for (let i = 0; i < width * height; i++) r.data.set(colour, i * 3);
  return r;
}

function fill(r: Raster, box: Box, colour: Rgb): void {
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) r.data.set(colour, (y * r.width + x) * 3);
}

/**
 * A photo as a camera leaves it: a colour that drifts across it, with a grain of ±`grain` levels. A grain of 1 is a
 * smooth stretch (a pale wall), which holds one colour over most of a row.
 */
function photo(r: Raster, box: Box, from: Rgb, to: Rgb, grain: number, seed: number): void {
  const noise = seededGrain(seed, 2 * grain + 1);
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const t = (x - box.x + y - box.y) / (box.width + box.height);
      const c = from.map((v, k) => Math.max(0, Math.min(255, Math.round(v + (to[k]! - v) * t) + noise() - grain)));
      r.data.set(c, (y * r.width + x) * 3);
    }
}

/** Lines of text: dark bars 12 px tall with a gap every 9 px (letters), 24 px apart. */
function lines(r: Raster, x: number, y: number, width: number, n: number, colour: Rgb): void {
  for (let i = 0; i < n; i++)
    for (let k = x; k < x + width; k += 9) fill(r, { x: k, y: y + i * 24, width: 6, height: 12 }, colour);
}

describe("photos found by their grain and edges", () => {
  it("finds a hero whose top is a smooth wall as one rectangle, from its top edge to its bottom edge", () => {
    // Easy Email's autumn hero: clothes on a rail before a pale wall, between two black bands. Row by row the wall is
    // one colour, drifting: the bands cut it into seven strips.
    const r = page(600, 700, [0, 0, 0]);
    photo(r, { x: 0, y: 91, width: 600, height: 200 }, [225, 218, 210], [205, 198, 190], 1, 3);
    photo(r, { x: 0, y: 291, width: 600, height: 200 }, [200, 180, 160], [60, 50, 40], 12, 4);
    lines(r, 150, 560, 300, 2, [200, 160, 40]);
    expect(findPhotoRects(r, { ...WHOLE, height: 700 }, 1)).toEqual([{ x: 0, y: 91, width: 600, height: 400 }]);
  });

  it("keeps two photos 10 px apart as two, and a photo at the left over one at the right as two", () => {
    const r = page(600, 820, [255, 255, 255]);
    photo(r, { x: 20, y: 20, width: 275, height: 200 }, [32, 112, 90], [48, 48, 192], 10, 1);
    photo(r, { x: 305, y: 20, width: 275, height: 200 }, [160, 64, 32], [208, 160, 48], 10, 2);
    photo(r, { x: 0, y: 300, width: 360, height: 240 }, [64, 96, 128], [128, 160, 192], 10, 5);
    photo(r, { x: 240, y: 540, width: 360, height: 240 }, [96, 48, 112], [192, 112, 160], 10, 6);
    lines(r, 380, 330, 200, 3, [34, 34, 34]);
    lines(r, 20, 580, 200, 3, [34, 34, 34]);
    expect(findPhotoRects(r, { ...WHOLE, height: 820 }, 1)).toEqual([
      { x: 20, y: 20, width: 275, height: 200 },
      { x: 305, y: 20, width: 275, height: 200 },
      { x: 0, y: 300, width: 360, height: 240 },
      { x: 240, y: 540, width: 360, height: 240 },
    ]);
  });

  it("finds none in text, flat cards and a logo", () => {
    const r = page(600, 600, [244, 244, 244]);
    fill(r, { x: 40, y: 40, width: 520, height: 200 }, [255, 255, 255]);
    lines(r, 60, 60, 480, 7, [40, 40, 40]);
    fill(r, { x: 200, y: 300, width: 200, height: 48 }, [37, 99, 235]);
    photo(r, { x: 260, y: 420, width: 80, height: 40 }, [200, 40, 40], [240, 160, 40], 10, 7);
    expect(findPhotoRects(r, { ...WHOLE, height: 600 }, 1)).toEqual([]);
  });
});
