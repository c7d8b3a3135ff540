import type { TLayoutText } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import type { Raster } from "./raster.js";
import {
  alignAlike,
  alignmentOf,
  groupParagraphs,
  joinBullets,
  lineOf,
  type TextLine,
  withBullet,
} from "./text-blocks.js";

const word = (text: string, x: number, width: number, height = 14) => ({
  text,
  box: { x, y: 10, width, height },
  confidence: 80,
});

describe("withBullet", () => {
  it("reads a list item's mark as a bullet, whatever OCR made of the dot", () => {
    for (const mark of ["=", "«", "e"]) {
      const line = withBullet([word(mark, 10, 6, 6), word("Facebook", 30, 70)]);
      expect(line.map((w) => w.text)).toEqual(["•", "Facebook"]);
    }
  });

  it("leaves a one-letter word at a word space from the next as it is (Spanish 'o', a maths '=')", () => {
    expect(withBullet([word("o", 10, 7, 7), word("bien", 21, 30)]).map((w) => w.text)).toEqual(["o", "bien"]);
    expect(withBullet([word("=", 10, 8, 5), word("Total", 22, 36)]).map((w) => w.text)).toEqual(["=", "Total"]);
  });
});

const line = (text: string, y: number, height = 14, colour: [number, number, number] = [80, 80, 80]): TextLine => ({
  box: { x: 40, y, width: 300, height },
  words: text.split(" ").map((t, i) => ({ text: t, box: { x: 40 + i * 40, y, width: 30, height }, confidence: 90 })),
  background: [255, 255, 255],
  colour,
  fontSize: height,
  serifFontSize: height * 0.86,
  letterSpacing: 0,
  serifLetterSpacing: 0,
  italic: false,
  bold: false,
  serif: { stems: 0, footed: 0, headed: 0 },
});

describe("withBullet on a drawn mark", () => {
  it("reads a filled square read as a letter ('M') as a bullet, and a letter as a letter", () => {
    const solid = { solid: () => true, tight: (b: TextLine["box"]) => b };
    expect(withBullet([word("M", 10, 8, 8), word("Friend", 30, 40, 10)], solid).map((w) => w.text)).toEqual([
      "•",
      "Friend",
    ]);
    expect(withBullet([word("M", 10, 8, 8), word("Friend", 30, 40, 10)]).map((w) => w.text)).toEqual(["M", "Friend"]);
  });
});

describe("groupParagraphs", () => {
  it("breaks where the gap is far wider than the paragraph's own line spacing", () => {
    // A subtitle 12 px above a paragraph whose lines are 6 px apart, in a shade near its own.
    const lines = [
      line("Make your email easy", 279),
      line("After you enter", 306),
      line("set in the", 327),
      line("of any", 348),
    ];
    expect(groupParagraphs(lines).map((p) => p.length)).toEqual([1, 3]);
  });

  it("keeps evenly spaced lines together", () => {
    const lines = [line("one", 100), line("two", 120), line("three", 140)];
    expect(groupParagraphs(lines).map((p) => p.length)).toEqual([3]);
  });

  it("keeps a paragraph's short last line whose size, fitted to one word, came out 15 % under the line above", () => {
    const long = { ...line("Now let us walk you through a step by step checklist that sets you up for", 100, 17) };
    const tail = { ...line("success:", 126, 17), fontSize: 14.5 };
    expect(groupParagraphs([long, tail]).map((p) => p.length)).toEqual([2]);
    // Two short lines keep the test: a heading over a smaller one stays two.
    expect(groupParagraphs([line("Heading", 100, 17), { ...line("Smaller", 126, 17), fontSize: 14.6 }])).toHaveLength(
      2,
    );
  });

  it("breaks between two greys a person tells apart (#808080 and #505050)", () => {
    const lines = [line("subtitle", 100, 14, [128, 128, 128]), line("text", 120)];
    expect(groupParagraphs(lines).map((p) => p.length)).toEqual([1, 1]);
  });
});

describe("joinBullets", () => {
  it("joins a dot drawn apart (read as its own line) to the item beside it", () => {
    const dot: TextLine = { ...line(".", 333, 9), box: { x: 24, y: 333, width: 9, height: 9 } };
    dot.words = [{ text: ".", box: dot.box, confidence: 40 }];
    const item = { ...line("Youth; save the world", 338, 15), box: { x: 44, y: 338, width: 500, height: 15 } };
    const joined = joinBullets([dot, item]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.words.map((w) => w.text).join(" ")).toBe("• Youth; save the world");
  });

  it("leaves a full stop below a line alone", () => {
    const dot: TextLine = { ...line(".", 400, 9), box: { x: 24, y: 400, width: 4, height: 4 } };
    dot.words = [{ text: ".", box: dot.box, confidence: 40 }];
    expect(joinBullets([dot, line("Next paragraph", 440)])).toHaveLength(2);
  });
});

describe("groupParagraphs on headings", () => {
  it("keeps headings of falling sizes apart, though each is within a fifth of the next", () => {
    const lines = [
      line("Heading 1", 40, 26),
      line("Heading 2", 74, 22),
      line("Heading 3", 104, 20),
      line("Heading 4", 130, 18),
    ];
    expect(groupParagraphs(lines).length).toBeGreaterThanOrEqual(3);
  });
});

describe("lineOf", () => {
  it("sizes a line by its words' own boxes, leaving out a box the engine ran on into the next word's", () => {
    // Easy Email's "Get Started Now" pill at 13 px: the engine boxed "Started" 72 px wide, over "Now", and the
    // label was set at 18 px and wrapped in its button.
    const r: Raster = { width: 600, height: 100, data: new Uint8Array(600 * 100 * 3).fill(255) };
    const at = (text: string, x: number, width: number) => ({
      text,
      box: { x, y: 40, width, height: 17 },
      confidence: 95,
    });
    const words = [at("Get", 250, 21.5), at("Started", 276.5, 72), at("Now", 326.5, 24.5)];
    const line = lineOf(r, { x: 250, y: 40, width: 101, height: 17 }, words, [255, 255, 255]);
    expect(line.fontSize).toBeGreaterThan(12);
    expect(line.fontSize).toBeLessThan(14);
  });
});

describe("alignmentOf", () => {
  const column = { x: 40, y: 0, width: 509, height: 200 };
  it("sets a single line as wide as its column left, and one that ends at its edge from further in right", () => {
    // Colorlib's reset letter: a line 508.5 px wide in a 509 px column, half a pixel in, was set right.
    expect(alignmentOf([{ x: 41, y: 10, width: 508.5, height: 14 }], column)).toBe("left");
    expect(alignmentOf([{ x: 349, y: 10, width: 200, height: 14 }], column)).toBe("right");
    expect(alignmentOf([{ x: 194.5, y: 10, width: 200, height: 14 }], column)).toBe("center");
  });

  it("sets lines of one width far in from both edges alike centred, and from the column's edge left", () => {
    // Easy Email 2's offer: two lines 258 px wide, 171 px in from each side of a 600 px column.
    const page = { x: 0, y: 0, width: 600, height: 100 };
    const offer = [
      { x: 172, y: 166, width: 256, height: 13 },
      { x: 171, y: 179, width: 258, height: 13 },
    ];
    expect(alignmentOf(offer, page)).toBe("center");
    const atEdge = offer.map((l) => ({ ...l, x: l.x - 150 }));
    expect(alignmentOf(atEdge, page)).toBe("left");
  });
});

describe("alignAlike", () => {
  const block = (x: number, y: number, width: number, align: TLayoutText["align"]): TLayoutText =>
    ({ kind: "text", box: { x, y, width, height: 15 }, text: "item", lines: [], align }) as unknown as TLayoutText;

  it("sets left a run of lines that start at one edge and end raggedly, each judged alone centred or right", () => {
    // Mailbakery's luxury estates: a list's lines 34 px apart in a 228 px cell, each a block of its own.
    const list = [
      block(409, 918, 145, "center"),
      block(410, 952, 145, "center"),
      block(410, 986, 155, "left"),
      block(410, 1020, 170, "right"),
      block(410, 1054, 126, "center"),
    ];
    alignAlike(list, 1);
    expect(list.map((b) => b.align)).toEqual(["left", "left", "left", "left", "left"]);
  });

  it("sets right a run ending at one edge; leaves centred lines, two lines and lines of one width alone", () => {
    const right = [block(300, 0, 200, "left"), block(380, 30, 120, "center"), block(340, 60, 160, "right")];
    alignAlike(right, 1);
    expect(right.map((b) => b.align)).toEqual(["right", "right", "right"]);
    const centred = [block(250, 0, 100, "center"), block(200, 30, 200, "center"), block(230, 60, 140, "center")];
    alignAlike(centred, 1);
    expect(centred.map((b) => b.align)).toEqual(["center", "center", "center"]);
    const two = [block(100, 0, 200, "center"), block(100, 30, 120, "right")];
    alignAlike(two, 1);
    expect(two.map((b) => b.align)).toEqual(["center", "right"]);
    const buttons = [block(200, 0, 200, "center"), block(200, 30, 200, "center"), block(200, 60, 200, "center")];
    alignAlike(buttons, 1);
    expect(buttons.map((b) => b.align)).toEqual(["center", "center", "center"]);
  });

  it("sets left a one-line heading judged centred above a left-set paragraph from the same edge", () => {
    // Easy Email 2: "Products made to last" (x 45–238 in a 300 px column) over its two-line paragraph set left at 45.
    const lines = (n: number) =>
      Array.from({ length: n }, () => ({ text: "w", box: { x: 0, y: 0, width: 1, height: 1 }, words: [] }));
    const withLines = (b: TLayoutText, n: number): TLayoutText => ({ ...b, lines: lines(n) }) as TLayoutText;
    const pair = [withLines(block(45, 771, 193, "center"), 1), withLines(block(45, 815, 219, "left"), 2)];
    alignAlike(pair, 1);
    expect(pair.map((b) => b.align)).toEqual(["left", "left"]);
    // From another edge, or beside a centred paragraph, it stays.
    const apart = [withLines(block(80, 771, 150, "center"), 1), withLines(block(45, 815, 219, "left"), 2)];
    alignAlike(apart, 1);
    expect(apart[0]!.align).toBe("center");
    const centred = [withLines(block(45, 771, 193, "center"), 1), withLines(block(45, 815, 219, "center"), 2)];
    alignAlike(centred, 1);
    expect(centred[0]!.align).toBe("center");
  });
});
