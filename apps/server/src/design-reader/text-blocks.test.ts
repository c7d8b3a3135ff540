import { describe, expect, it } from "vitest";
import { withBullet } from "./text-blocks.js";

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
