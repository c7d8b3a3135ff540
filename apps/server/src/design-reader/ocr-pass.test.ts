import { describe, expect, it } from "vitest";
import { clearUnderline } from "./ocr-pass.js";

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
});
