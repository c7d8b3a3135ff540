import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Raster, Rgb } from "./raster.js";
import { paragraphInk, underlined, type WordLook, wordMarks } from "./word-style.js";

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [51, 102, 153];

/** A 200 × 40 white raster with letters' stems (2 px wide, rows 10–21) under x 20–80, and what else is drawn. */
function word(extra: (set: (x: number, y: number) => void) => void): Raster {
  const r: Raster = { width: 200, height: 40, data: new Uint8Array(200 * 40 * 3).fill(255) };
  const set = (x: number, y: number) => r.data.set(INK, (y * r.width + x) * 3);
  for (let x = 20; x < 80; x += 6) for (let y = 10; y < 22; y++) for (const dx of [0, 1]) set(x + dx, y);
  extra(set);
  return r;
}
const WORD = { x: 20, y: 10, width: 60, height: 12 };
const LINE = { x: 10, y: 10, width: 150, height: 14 };

describe("underlined", () => {
  it("finds a browser's underline a pixel under the letters, broken where it skips a descender", () => {
    const r = word((set) => {
      for (let x = 20; x < 80; x++) if (x < 40 || x > 44) set(x, 23);
    });
    expect(underlined(r, WORD, LINE, WHITE)).toBe(true);
  });

  it("finds the underlines of two links read as one word, the space between them not underlined", () => {
    const r: Raster = { width: 200, height: 40, data: new Uint8Array(200 * 40 * 3).fill(255) };
    const set = (x: number, y: number) => r.data.set(INK, (y * r.width + x) * 3);
    for (const left of [20, 26, 32, 44, 50, 56])
      for (let y = 10; y < 22; y++) for (const dx of [0, 1]) set(left + dx, y);
    for (let x = 20; x < 58; x++) if (x < 34 || x >= 44) set(x, 23);
    expect(underlined(r, { x: 20, y: 10, width: 38, height: 12 }, LINE, WHITE)).toBe(true);
  });

  it("finds an underline drawn against the letters' feet", () => {
    const r = word((set) => {
      for (let x = 20; x < 80; x++) set(x, 22);
    });
    expect(underlined(r, WORD, LINE, WHITE)).toBe(true);
  });

  it("takes capitals' flat feet for no underline: they stop at the gaps between letters", () => {
    // "DEALS", "SALE ENDS" in bold capitals, 20 px tall: each letter's foot is a bar as wide as the letter, two rows
    // thick, whose anti-aliased top edge runs faintly on into the gap beside it.
    const r: Raster = { width: 200, height: 40, data: new Uint8Array(200 * 40 * 3).fill(255) };
    const set = (x: number, y: number) => r.data.set(INK, (y * r.width + x) * 3);
    // Three letters 16 px wide, 3 px apart.
    for (const left of [20, 39, 58]) {
      for (let x = left; x < left + 18; x++) r.data.set([190, 205, 220], (27 * r.width + x) * 3);
      for (let y = 10; y < 30; y++) for (const dx of [0, 1, 2]) set(left + dx, y);
      for (let x = left; x < left + 16; x++) for (const y of [10, 11, 19, 28, 29]) set(x, y);
    }
    const caps = { x: 20, y: 10, width: 54, height: 20 };
    const line = { x: 10, y: 10, width: 150, height: 22 };
    expect(underlined(r, caps, line, WHITE)).toBe(false);
    // The same capitals underlined: the line runs on under the gaps.
    for (let x = 20; x < 74; x++) set(x, 31);
    expect(underlined(r, caps, line, WHITE)).toBe(true);
  });

  it("takes a serif face's feet for no underline, though they run on into one another across the letter gaps", () => {
    // "THE" in bold Times: the feet of T, H and E meet along the baseline but for gaps of 2 px with nothing under
    // them; a browser's underline is broken only around a descender, whose ink runs on below it.
    const feet = word((set) => {
      for (let x = 20; x < 80; x++) if (![30, 31, 48, 49, 66, 67].includes(x)) set(x, 22);
    });
    expect(underlined(feet, WORD, LINE, WHITE)).toBe(false);
    // Big bold feet two rows thick ("BLACK FRIDAY" at 60 px, 41 px of capitals): the foot's second row is no ink
    // under the gap.
    const big: Raster = { width: 200, height: 80, data: new Uint8Array(200 * 80 * 3).fill(255) };
    const paint = (x: number, y: number) => big.data.set(INK, (y * big.width + x) * 3);
    for (let x = 20; x < 80; x += 6) for (let y = 10; y < 49; y++) for (const dx of [0, 1, 2]) paint(x + dx, y);
    for (const y of [49, 50]) for (let x = 20; x < 80; x++) if (![48, 49].includes(x)) paint(x, y);
    const capitals = { x: 20, y: 10, width: 60, height: 41 };
    expect(underlined(big, capitals, { x: 10, y: 10, width: 150, height: 41 }, WHITE)).toBe(false);
    // The same gaps around a descender ("g" under the line) are an underline's.
    const skipping = word((set) => {
      for (let x = 20; x < 80; x++) if (![30, 31, 34, 35].includes(x)) set(x, 24);
      for (let y = 10; y < 30; y++) for (const dx of [0, 1]) set(32 + dx, y);
    });
    expect(underlined(skipping, WORD, LINE, WHITE)).toBe(true);
  });

  it("takes no row of real bold capitals for an underline (Montserrat: bowls over feet, letters nearly touching)", async () => {
    // Easy Email's Black Friday (fixtures/README.md): "BAGS" in black on white, and "EXCLUSIVE EARLY ACCESS" in yellow
    // on black. The row under the bowls of B and S, emptier above, was taken for an underline drawn against the feet.
    const fixture = async (name: string): Promise<Raster> => {
      const { data, info } = await sharp(new URL(`./fixtures/${name}`, import.meta.url).pathname)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: new Uint8Array(data) };
    };
    const bags = await fixture("bold-capitals-bags.png");
    const box = { x: 8, y: 5.5, width: 52, height: 14.5 };
    expect(underlined(bags, box, box, WHITE)).toBe(false);
    const bar = await fixture("bold-capitals-bar.png");
    const line = { x: 14, y: 7, width: 373.5, height: 13 };
    for (const word of [
      { x: 14, y: 7, width: 92.5, height: 13 },
      { x: 112, y: 7, width: 53.5, height: 12.5 },
      { x: 169, y: 7, width: 66.5, height: 13 },
    ])
      expect(underlined(bar, word, line, [0, 0, 0])).toBe(false);
  });

  it("takes no letters' row for an underline: bold feet on full rows, a bar as thick as a shape, a rule past the line", () => {
    const bold = word((set) => {
      for (let y = 17; y < 22; y++) for (let x = 20; x < 80; x++) if (x % 12 < 10) set(x, y);
    });
    expect(underlined(bold, WORD, LINE, WHITE)).toBe(false);
    const bar = word((set) => {
      for (let y = 23; y < 28; y++) for (let x = 20; x < 80; x++) set(x, y);
    });
    expect(underlined(bar, WORD, LINE, WHITE)).toBe(false);
    const rule = word((set) => {
      for (let x = 0; x < 200; x++) set(x, 23);
    });
    expect(underlined(rule, WORD, LINE, WHITE)).toBe(false);
    expect(
      underlined(
        word(() => {}),
        WORD,
        LINE,
        WHITE,
      ),
    ).toBe(false);
  });
});

describe("wordMarks", () => {
  const grey: Rgb = [80, 84, 94];
  const blue: Rgb = [56, 105, 212];
  const look = (colour: Rgb, stroke: number, underline = false): WordLook => ({ colour, stroke, underline });
  const regular = look(grey, 1.6);
  const paragraph = { colour: grey, bold: false, fontSize: 14 };

  it("marks a bold lead-in and a link against the paragraph's usual stroke, not a short word's wider bowls", () => {
    const marks = wordMarks(
      [
        { text: "Getting", look: look(grey, 2.6) },
        { text: "started:", look: look(grey, 2.55) },
        { text: "Where", look: regular },
        { text: "can", look: regular },
        { text: "be", look: look(grey, 2.2) },
        { text: "found", look: look(blue, 1.6, true) },
        // (A short word's ink a few levels off its link's is the link's.)
        { text: "online", look: look([60, 100, 205], 1.6, true) },
        { text: "today.", look: regular },
      ],
      paragraph,
    );
    expect(marks).toEqual([
      { bold: true },
      { bold: true },
      {},
      {},
      {},
      { colour: blue, underline: true },
      { colour: blue, underline: true },
      {},
    ]);
  });

  it("gives a word of one or two letters a mark only beside a word with the same, and a dash none", () => {
    const marks = wordMarks(
      [
        { text: "Heading", look: regular },
        { text: "1", look: look(grey, 1.6, true) },
        { text: "and", look: regular },
        { text: "Export", look: look(blue, 2.6, true) },
        { text: "your", look: look(blue, 1.9, true) },
        { text: "data", look: look(blue, 2.6, true) },
        { text: "-", look: look(grey, 2.6) },
        { text: "Is", look: look(grey, 1.6, true) },
        { text: "this", look: regular },
      ],
      paragraph,
    );
    expect(marks).toEqual([
      {},
      {},
      {},
      { colour: blue, bold: true, underline: true },
      // Between two bold words of the link: bold too, so the link stays one.
      { colour: blue, bold: true, underline: true },
      { colour: blue, bold: true, underline: true },
      {},
      {},
      {},
    ]);
  });

  it("takes a paragraph's ink from most of its letters when its line read as a bold link's colour", () => {
    const words = [
      { text: "Close", look: look(blue, 2.6, true) },
      { text: "your", look: look(blue, 2.6, true) },
      { text: "account", look: look(blue, 2.6, true) },
      { text: "You", look: regular },
      { text: "can", look: regular },
      { text: "close", look: regular },
      { text: "your", look: regular },
      { text: "account", look: regular },
    ];
    expect(paragraphInk(words, blue)).toEqual(grey);
    expect(paragraphInk(words.slice(0, 4), blue)).toEqual(blue);
  });
});
