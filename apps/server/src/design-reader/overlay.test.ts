import { describe, expect, it } from "vitest";
import type { OcrWord } from "../adapters/ocr/ocr-engine.js";
import { seededGrain } from "./fixtures/seeded-grain.js";
import { normalisedGrey, pictureGrey } from "./ocr-pass.js";
import { extremeInk, flatPatches, overlayInk, withDrawnWords } from "./overlay.js";
import type { Raster, Rgb } from "./raster.js";

const word = (text: string, x: number, y: number, confidence: number, width = 40, height = 16): OcrWord => ({
  text,
  box: { x, y, width, height },
  confidence,
});

/** A raster of one colour with boxes painted on it. */
function raster(
  width: number,
  height: number,
  ground: Rgb,
  paint: { x: number; y: number; w: number; h: number; c: Rgb }[],
) {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(ground, i * 3);
  for (const p of paint)
    for (let y = p.y; y < p.y + p.h; y++) for (let x = p.x; x < p.x + p.w; x++) data.set(p.c, (y * width + x) * 3);
  return { width, height, data } as Raster;
}

describe("the words set over a picture", () => {
  it("keeps the words read against the main ink and adds the sure words of other inks the picture's reading found", () => {
    const byInk = [word("Black", 10, 10, 92), word("Friday", 60, 10, 90)];
    const drawn = [
      word("Black", 11, 10, 88),
      // A red price and a button's label, in other inks: only the picture's own reading saw them.
      word("Save", 10, 60, 93),
      word("60%", 60, 60, 91),
      word("Explore", 10, 100, 95),
      // Grain read as letters, and a sure mark of one character: left out.
      word("wiii", 200, 150, 62),
      word("|", 300, 150, 96),
    ];
    expect(withDrawnWords(byInk, drawn).map((w) => w.text)).toEqual(["Black", "Friday", "Save", "60%", "Explore"]);
  });

  it("takes the surer of two readings of the same ink", () => {
    const byInk = [word("Svangelical", 30, 40, 60, 90), word("We.", 10, 0, 55)];
    const drawn = [word("Evangelical", 31, 40, 96, 88), word("What", 10, 0, 95)];
    expect(withDrawnWords(byInk, drawn).map((w) => w.text)).toEqual(["Evangelical", "What"]);
  });

  it("gives a line its own letters' colour, and the overlay's ink when its letters do not stand out", () => {
    // Red letters (a price) on a dark ground; the overlay's main ink is white.
    const r = raster(
      200,
      60,
      [30, 30, 40],
      [
        { x: 20, y: 20, w: 4, h: 16, c: [255, 65, 54] },
        { x: 30, y: 20, w: 4, h: 16, c: [255, 65, 54] },
        { x: 40, y: 20, w: 4, h: 16, c: [255, 65, 54] },
      ],
    );
    expect(overlayInk(r, [word("Save", 18, 20, 95, 30, 16)]) ?? [255, 255, 255]).toEqual([255, 65, 54]);
    // Digits only (not letters to take a colour from): the overlay's ink.
    expect(overlayInk(r, [word("40", 18, 20, 95, 30, 16)]) ?? [255, 255, 255]).toEqual([255, 255, 255]);
  });
});

describe("a picture whose own reading saw no words", () => {
  const pale: Rgb = [150, 225, 235];
  /** A line of letters: strokes 2 px wide, 12 px tall, 5 px apart. */
  const letters = (x: number, y: number, n: number, c: Rgb) =>
    Array.from({ length: n }, (_, i) => ({ x: x + i * 5, y, w: 2, h: 12, c }));

  it("is read again against white when white strokes cover a line's share of it, or black when black do", () => {
    expect(
      extremeInk(raster(192, 38, pale, letters(50, 13, 20, [255, 255, 255])), { x: 0, y: 0, width: 192, height: 38 }),
    ).toEqual([255, 255, 255]);
    expect(
      extremeInk(raster(192, 38, pale, letters(50, 13, 20, [10, 10, 10])), { x: 0, y: 0, width: 192, height: 38 }),
    ).toEqual([0, 0, 0]);
  });

  it("is not read again when no white or black could be letters, or when white is a photo's glare across it", () => {
    const box = { x: 0, y: 0, width: 192, height: 38 };
    expect(extremeInk(raster(192, 38, pale, letters(50, 13, 20, [200, 60, 60])), box)).toBeNull();
    expect(extremeInk(raster(192, 38, pale, [{ x: 0, y: 0, w: 120, h: 38, c: [252, 252, 252] }]), box)).toBeNull();
  });
});

describe("flat patches on a picture", () => {
  /** A photo's grain over a 600 × 300 picture, with flat rectangles painted on it. */
  const photo = (flat: { x: number; y: number; w: number; h: number; c: Rgb }[]) => {
    const r = raster(600, 300, [0, 0, 0], flat);
    const grain = seededGrain(11, 24);
    for (let y = 0; y < 300; y++)
      for (let x = 0; x < 600; x++) {
        if (flat.some((f) => x >= f.x && x < f.x + f.w && y >= f.y && y < f.y + f.h)) continue;
        r.data.set([180 + grain(), 110 + grain(), 170 - (x >> 4)], (y * 600 + x) * 3);
      }
    return r;
  };
  const whole = { x: 0, y: 0, width: 600, height: 300 };

  it("are a button's flat shape on a photo, with its label inside its rows", () => {
    const r = photo([
      { x: 240, y: 168, w: 120, h: 34, c: [255, 255, 255] },
      // The label's strokes, dark on the white shape.
      ...Array.from({ length: 14 }, (_, i) => ({ x: 262 + i * 6, y: 178, w: 2, h: 12, c: [20, 20, 20] as Rgb })),
    ]);
    const patches = flatPatches(r, whole, 1);
    expect(patches.map((p) => [p.box, p.fill])).toEqual([
      [{ x: 240, y: 168, width: 120, height: 34 }, [255, 255, 255]],
    ]);
    expect(patches[0]!.spans[10]).toEqual([0, 119]);
  });

  it("are none on a photo, nor a flat band along its edge, nor a shape too tall for a button", () => {
    expect(flatPatches(photo([]), whole, 1)).toEqual([]);
    expect(flatPatches(photo([{ x: 0, y: 0, w: 600, h: 40, c: [30, 30, 30] }]), whole, 1)).toEqual([]);
    expect(flatPatches(photo([{ x: 200, y: 60, w: 200, h: 180, c: [240, 240, 240] }]), whole, 1)).toEqual([]);
  });
});

describe("the page and its pictures read apart", () => {
  it("leaves pictures white on the page and draws them alone, in their own greys, on a page of their own", () => {
    // A white page with dark text at the top and a mid-grey picture below it.
    const r = raster(
      20,
      20,
      [255, 255, 255],
      [
        { x: 2, y: 2, w: 3, h: 3, c: [0, 0, 0] },
        { x: 0, y: 10, w: 20, h: 10, c: [120, 120, 120] },
      ],
    );
    const picture = { x: 0, y: 10, width: 20, height: 10 };
    const page = normalisedGrey(
      r,
      [{ box: { x: 0, y: 0, width: 20, height: 20 }, background: [255, 255, 255] }],
      [picture],
    );
    expect(page[3 * 20 + 3]).toBe(0);
    expect(page[15 * 20 + 5]).toBe(255);
    const pictures = pictureGrey(r, [picture]);
    expect(pictures[3 * 20 + 3]).toBe(255);
    expect(pictures[15 * 20 + 5]).toBe(120);
  });
});
