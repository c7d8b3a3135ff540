import { describe, expect, it } from "vitest";
import { fitFontSize, inkEms } from "./font-metrics.js";

const word = (text: string, width: number) => ({ text, box: { width } });

describe("fitFontSize", () => {
  it("leaves out a word whose box gives a size far from the line's other words'", () => {
    // Mailchimp's button as the engine boxed it: "Mandrill" ran over "Can" (27 px by its box, the others 15–16).
    const line = [word("See", 26.5), word("What", 33), word("Mandrill", 106.5), word("Can", 22), word("Do", 17.5)];
    // (The words' boxes are 18.5 px tall, so the bound on the ink's height would allow 25 px.)
    const size = fitFontSize(line, 18.5);
    expect(size).toBeGreaterThan(13);
    expect(size).toBeLessThan(16);
  });

  it("keeps every word of a line whose words agree: their widths over their ems", () => {
    const line = ["Transactional", "emails", "serve", "a", "purpose"].map((t) => word(t, inkEms(t) * 14));
    expect(fitFontSize(line, 13.5)).toBeCloseTo(14, 5);
  });

  it("sizes a line of x-height letters only by the height its letters would have with ascenders", () => {
    // "success:" at 17 px: its ink is the x-height alone, 8.5 px; held to 1.35 times that it came out 11 px.
    expect(fitFontSize([word("success:", inkEms("success:") * 17)], 8.5)).toBeCloseTo(17, 0);
  });
});
