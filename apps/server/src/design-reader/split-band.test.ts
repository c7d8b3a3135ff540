import { describe, expect, it } from "vitest";
import type { OcrWord } from "../adapters/ocr/ocr-engine.js";
import type { Raster, Rgb } from "./raster.js";
import { bandSplit, panelSpan, splitAtSeams } from "./split-band.js";

const black: Rgb = [0, 0, 0];
const red: Rgb = [255, 0, 0];
const white: Rgb = [255, 255, 255];

/** A raster of one colour; `paint` sets pixels by their position. */
function raster(width: number, height: number, colour: Rgb, paint: (x: number, y: number) => Rgb | null): Raster {
  const r: Raster = { width, height, data: new Uint8Array(width * height * 3) };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) r.data.set(paint(x, y) ?? colour, (y * width + x) * 3);
  return r;
}

const band = (width: number, height: number) => ({
  box: { x: 0, y: 0, width, height },
  background: black,
  busy: false,
});

/** A white bar standing for letters across rows 100–180 from x0 to x1 (text crossing the seam). */
const letters = (x: number, y: number, x0: number, x1: number): Rgb | null =>
  y >= 100 && y < 180 && x >= x0 && x < x1 ? white : null;

describe("bandSplit", () => {
  it("finds where a black band meets a red fill that runs to its side, with ink across the seam", () => {
    const r = raster(600, 300, black, (x, y) => letters(x, y, 150, 420) ?? (x >= 300 ? red : null));
    expect(bandSplit(r, band(600, 300), 1)).toEqual({ x: 300, fill: red, side: "right" });
  });

  it("finds the fill on the left side as well", () => {
    const r = raster(600, 300, black, (x, y) => letters(x, y, 200, 450) ?? (x < 350 ? red : null));
    expect(bandSplit(r, band(600, 300), 1)).toEqual({ x: 350, fill: red, side: "left" });
  });

  it("leaves alone a card inside the band, a fill only part of the band's height, a thin strip and a photo", () => {
    // A red card in the middle of the band: the fill does not reach the band's side.
    const card = raster(600, 300, black, (x) => (x >= 200 && x < 350 ? red : null));
    expect(bandSplit(card, band(600, 300), 1)).toBeNull();
    // A red panel over the top half of the band (a heading bar), not down it.
    const half = raster(600, 300, black, (x, y) => (x >= 300 && y < 120 ? red : null));
    expect(bandSplit(half, band(600, 300), 1)).toBeNull();
    // A two-coloured strip 40 px tall is a bar.
    const strip = raster(600, 40, black, (x) => (x >= 300 ? red : null));
    expect(bandSplit(strip, band(600, 40), 1)).toBeNull();
    const split = raster(600, 300, black, (x) => (x >= 300 ? red : null));
    expect(bandSplit(split, { ...band(600, 300), busy: true }, 1)).toBeNull();
    // Two flat pictures side by side, each in a 2 px dark frame, the left one the band's colour (Easy Email's 27 with
    // flat stand-in pictures): nothing inside either, so no band in two colours.
    const frame: Rgb = [26, 26, 26];
    const pictures = raster(600, 300, black, (x, y) => {
      const inner = x % 300;
      if (inner < 2 || inner >= 298 || y < 2 || y >= 298) return frame;
      return x >= 300 ? [81, 73, 69] : null;
    });
    expect(bandSplit(pictures, band(600, 300), 1)).toBeNull();
    // A flat picture set 40 px in from the band's side, a heading touching its left edge: a picture in a column.
    const inset = raster(600, 300, black, (x, y) => letters(x, y, 150, 420) ?? (x >= 300 && x < 560 ? red : null));
    expect(bandSplit(inset, band(600, 300), 1)).toBeNull();
  });
});

describe("splitAtSeams", () => {
  /** A reading's grey (ink dark on white), 600 × 200, with a dark glyph at each [x0, x1) in rows 50–120. */
  const grey = (glyphs: [number, number][]) => {
    const g = new Uint8Array(600 * 200).fill(255);
    for (const [x0, x1] of glyphs) for (let y = 50; y < 120; y++) g.fill(0, y * 600 + x0, y * 600 + x1);
    return g;
  };
  const seam = { x: 300, box: { x: 0, y: 0, width: 600, height: 200 } };
  const word = (text: string, x: number, width: number): OcrWord => ({
    text,
    box: { x, y: 50, width, height: 70 },
    confidence: 96,
  });

  it("cuts a word read across the seam between its letters, by the pieces of ink on each side", () => {
    // "BLACK": B and L left of the seam, A, C and K right of it; the letters are not of equal width.
    const g = grey([
      [150, 220],
      [228, 290],
      [304, 380],
      [388, 460],
      [468, 560],
    ]);
    expect(splitAtSeams([word("BLACK", 150, 410)], [seam], g, 600)).toEqual([
      { text: "BL", box: { x: 150, y: 50, width: 150, height: 70 }, confidence: 96 },
      { text: "ACK", box: { x: 300, y: 50, width: 260, height: 70 }, confidence: 96 },
    ]);
  });

  it("cuts in proportion when letters touch, and keeps whole a word off the seam or one a cut would empty", () => {
    // Touching letters: one piece of ink each side of the seam for six letters; 150 of 300 px on the left.
    const touching = grey([
      [150, 299],
      [301, 450],
    ]);
    expect(splitAtSeams([word("SUMMER", 150, 300)], [seam], touching, 600).map((w) => w.text)).toEqual(["SUM", "MER"]);
    const off = word("SALE", 320, 120);
    expect(splitAtSeams([off], [seam], touching, 600)).toEqual([off]);
    // Two pixels of "A" over the seam: a cut would leave nothing on the left.
    const edge = word("AB", 298, 100);
    expect(splitAtSeams([edge], [seam], grey([[310, 350]]), 600)).toEqual([edge]);
    // A word in another band keeps its reading.
    const below = { ...word("BLACK", 150, 410), box: { x: 150, y: 250, width: 410, height: 70 } };
    expect(splitAtSeams([below], [seam], touching, 600)).toEqual([below]);
  });
});

describe("panelSpan", () => {
  const box = { x: 0, y: 0, width: 600, height: 100 };
  it("finds a panel between things joined to its sides, its rounded corners with it", () => {
    const r = raster(600, 100, black, (x, y) => {
      if (x >= 90 && x < 510) return y >= 30 && y < 50 && x >= 150 && x < 450 ? white : red;
      return y >= 60 || (y >= 20 && y < 36 && x % 300 >= 20 && x % 300 < 70) ? white : null;
    });
    expect(panelSpan(r, box, red, black, 1)).toEqual({ x0: 90, x1: 509 });
    // The panel's left corners rounded 6 px, a dark pill beside it: the corner's columns are the panel's.
    const rounded = raster(600, 100, black, (x, y) => {
      const corner = Math.min(y, 99 - y);
      if (x >= 200) return x - 200 < 6 && corner < 6 && (x - 206) ** 2 + (corner - 6) ** 2 > 36 ? null : red;
      return x >= 60 ? white : null;
    });
    expect(panelSpan(rounded, box, red, black, 1)).toEqual({ x0: 200, x1: 599 });
  });

  it("leaves alone a panel as wide as its piece, one whose side is a few columns of rounded corner, and a notched one", () => {
    const whole = raster(600, 100, black, (x, y) => (y >= 30 && y < 50 && x >= 150 && x < 450 ? white : red));
    expect(panelSpan(whole, box, red, black, 1)).toBeNull();
    // Rounded ends 8 px deep: no side of 12 px.
    const rounded = raster(600, 100, black, (x, y) => {
      const d = Math.min(x, 599 - x);
      return d < 8 && (y < 8 - d || y >= 92 + d) ? null : red;
    });
    expect(panelSpan(rounded, box, red, black, 1)).toBeNull();
    // The red runs on beside a white mark at the left (a notch of the same panel, not something beside it).
    const notched = raster(600, 100, black, (x, y) => (x < 90 && y < 20 ? white : red));
    expect(panelSpan(notched, box, red, black, 1)).toBeNull();
  });
});
