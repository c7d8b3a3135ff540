import { describe, expect, it } from "vitest";
import { clearUnderline, normalisedGrey } from "./ocr-pass.js";
import type { Raster, Rgb } from "./raster.js";

/** A white crop 100 × 30 with `ink` rows dark between x 10 and 90 (a bar), and letters (every third column) above. */
function crop(opts: { letters: boolean; bar: [number, number] }): Uint8Array {
  const c = new Uint8Array(100 * 30).fill(255);
  for (let y = 0; y < 30; y++)
    for (let x = 10; x < 90; x++) {
      const letter = opts.letters && y >= 5 && y < 20 && x % 3 === 0;
      const bar = y >= opts.bar[0] && y < opts.bar[1];
      if (letter || bar) c[y * 100 + x] = 20;
    }
  return c;
}
const line = { x: 10, y: 5, width: 80, height: 20 };
const dark = (c: Uint8Array, y: number) => c.subarray(y * 100 + 10, y * 100 + 90).filter((v) => v < 128).length;

describe("clearUnderline", () => {
  it("whitens an underline under letters and leaves the letters", () => {
    const c = crop({ letters: true, bar: [21, 24] });
    clearUnderline(c, 100, line);
    expect([21, 22, 23].map((y) => dark(c, y))).toEqual([0, 0, 0]);
    expect(dark(c, 10)).toBeGreaterThan(20);
  });

  it("leaves a bar with no letters above it (a dash, a rule) and a line without an underline", () => {
    const dash = crop({ letters: false, bar: [21, 24] });
    clearUnderline(dash, 100, line);
    expect(dark(dash, 22)).toBe(80);
    const plain = crop({ letters: true, bar: [0, 0] });
    const before = plain.slice();
    clearUnderline(plain, 100, line);
    expect(plain).toEqual(before);
  });

  it("leaves condensed capitals' feet, which ink most of their row but stop at each letter's edge", () => {
    // "EARLY" in condensed bold (Oswald, Easy Email 22): feet 9 px wide, 2 px apart, three rows thick; cleared, the
    // line was read "FARIY".
    const c = new Uint8Array(100 * 30).fill(255);
    for (let y = 5; y < 25; y++)
      for (let x = 10; x < 90; x++) {
        const inLetter = (x - 10) % 11 < 9;
        const stem = (x - 10) % 11 < 3;
        if (inLetter && (stem || y < 8 || y >= 22)) c[y * 100 + x] = 20;
      }
    const before = c.slice();
    clearUnderline(c, 100, line);
    expect(c).toEqual(before);
  });
});

describe("normalisedGrey", () => {
  // A navy button 60 × 20 on lavender, its outermost pixels a blend of the two (anti-aliased), with a white "label"
  // bar 6 px in from each side; `tight`: white letters cut tight instead, the box's own sides half letter.
  const navy: Rgb = [26, 35, 126];
  const lavender: Rgb = [232, 234, 246];
  const blend: Rgb = [129, 134, 186];
  const white: Rgb = [255, 255, 255];
  const page = (paint: (x: number, y: number) => Rgb): Raster => {
    const r: Raster = { width: 80, height: 40, data: new Uint8Array(80 * 40 * 3) };
    for (let y = 0; y < 40; y++) for (let x = 0; x < 80; x++) r.data.set(paint(x, y), (y * 80 + x) * 3);
    return r;
  };
  const box = { x: 10, y: 10, width: 60, height: 20 };
  const inBox = (x: number, y: number) => x >= 10 && x < 70 && y >= 10 && y < 30;
  const inkAt = (g: Uint8Array, x: number, y: number) => g[y * 80 + x]! < 128;

  it("leaves a button's anti-aliased outline out of its label's reading, but not letters at a tight box's side", () => {
    const button = page((x, y) => {
      if (!inBox(x, y)) return lavender;
      if (x === 10 || x === 69 || y === 10 || y === 29) return blend;
      return x >= 16 && x < 64 && y >= 17 && y < 23 ? white : navy;
    });
    const g = normalisedGrey(button, [{ box, background: navy, around: lavender }], []);
    expect([inkAt(g, 10, 20), inkAt(g, 69, 20), inkAt(g, 40, 10), inkAt(g, 40, 29)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(inkAt(g, 40, 20)).toBe(true);
    // Letters cut tight: every other column of the box white letter to its edge, no outline to leave out.
    const tight = page((x, y) => (inBox(x, y) && x % 2 === 0 ? white : inBox(x, y) ? navy : lavender));
    const t = normalisedGrey(tight, [{ box, background: navy, around: lavender }], []);
    expect(inkAt(t, 10, 20)).toBe(true);
  });
});
