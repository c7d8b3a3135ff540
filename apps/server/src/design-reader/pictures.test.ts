import { describe, expect, it } from "vitest";
import { dominantColour } from "./colour.js";
import { seededGrain } from "./fixtures/seeded-grain.js";
import { looksLikePicture, offLineShare, withoutGluedEmoji } from "./pictures.js";
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

describe("looksLikePicture", () => {
  /** A 300 × 120 raster painted pixel by pixel, and its whole box as a leaf on white. */
  const leafOf = (paint: (x: number, y: number) => Rgb) => {
    const r: Raster = { width: 300, height: 120, data: new Uint8Array(300 * 120 * 3) };
    for (let y = 0; y < 120; y++) for (let x = 0; x < 300; x++) r.data.set(paint(x, y), (y * 300 + x) * 3);
    const box = { x: 0, y: 0, width: 300, height: 120 };
    const colours = dominantColour(r, box, 1);
    return { r, leaf: { box, background: WHITE, fill: colours.colour, colours } };
  };

  it("takes a soft green gradient with faint grain for a photo, though one quantised colour holds most of it", () => {
    // Colorlib's 15 with photo-like pictures: a photo's top third, cut off at a band's edge, held one colour at 67 %
    // and too little grain to count; the band around it was then taken whole as one picture with its text set over.
    const grain = seededGrain(3, 9);
    const { r, leaf } = leafOf((x, y) => [82 + Math.floor((x + y) / 40) + grain(), 192 + grain(), 134 + grain()]);
    expect(leaf.colours.share).toBeGreaterThan(0.5);
    expect(looksLikePicture(r, leaf, 1)).toBe(true);
  });

  it("takes a flat card with a line of text for no picture", () => {
    const { r, leaf } = leafOf((x, y) =>
      y >= 50 && y < 62 && x >= 20 && x < 200 && x % 6 < 2 ? [20, 20, 20] : [82, 192, 134],
    );
    expect(looksLikePicture(r, { ...leaf, background: [255, 255, 255] }, 1)).toBe(false);
  });
});

describe("withoutGluedEmoji", () => {
  const GROUND: Rgb = [26, 26, 26];
  /** A 20 px line on #1a1a1a from x 20: a mark 16 px wide (`mark`), then six white 3 px stems 7 px apart from x 37. */
  const line = (mark: (x: number, y: number) => Rgb | null) => {
    const r = raster((set) => {
      for (let y = 0; y < 60; y++) for (let x = 0; x < 300; x++) set(x, y, GROUND);
      for (let y = 20; y < 40; y++) {
        for (let x = 20; x < 36; x++) {
          const c = mark(x - 20, y - 20);
          if (c) set(x, y, c);
        }
        for (let stem = 0; stem < 6; stem++) for (let dx = 0; dx < 3; dx++) set(37 + stem * 7 + dx, y, WHITE);
      }
    });
    return { r, box: { x: 20, y: 20, width: 59, height: 20 } };
  };

  it("cuts off an emoji in its own colours glued to a word's start", () => {
    // A padlock: a grey shackle over a yellow body.
    const { r, box } = line((x, y) => (y < 8 ? (x < 3 || x > 12 ? [150, 160, 175] : null) : [153, 148, 88]));
    expect(withoutGluedEmoji(r, box, GROUND)).toEqual({ ...box, x: 37, width: 42 });
  });

  it("cuts off a square emoji touching the word, its anti-aliased side past the letters' rows too", () => {
    // Easy Email 20's 🔄: a blue square with white arrows, full height, its last column a blend against the "E".
    const r = raster((set) => {
      for (let y = 0; y < 60; y++) for (let x = 0; x < 300; x++) set(x, y, GROUND);
      for (let y = 20; y < 40; y++) {
        for (let x = 20; x < 36; x++) set(x, y, (x + y) % 5 === 0 ? WHITE : [60, 140, 220]);
        set(36, y, [60, 70, 80]);
        if (y >= 24 && y < 36)
          for (let stem = 0; stem < 6; stem++) for (let dx = 0; dx < 3; dx++) set(37 + stem * 7 + dx, y, WHITE);
      }
    });
    const box = { x: 20, y: 20, width: 59, height: 20 };
    expect(withoutGluedEmoji(r, box, GROUND)).toEqual({ ...box, x: 37, width: 42 });
  });

  it("keeps a capital in an accent colour, and a word with nothing before it", () => {
    // A red capital: one ink, off the white letters' line but no emoji.
    const { r, box } = line((x) => (x < 4 || x > 11 ? [230, 40, 40] : null));
    expect(withoutGluedEmoji(r, box, GROUND)).toBeNull();
    const plain = line(() => null);
    expect(withoutGluedEmoji(plain.r, { ...plain.box, x: 37, width: 42 }, GROUND)).toBeNull();
  });
});
