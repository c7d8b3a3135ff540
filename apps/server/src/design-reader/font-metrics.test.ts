import { describe, expect, it } from "vitest";
import { fitFontSize, inkEms, spacedFit } from "./font-metrics.js";

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

describe("spacedFit", () => {
  // Capitals at 20 px are 14.3 px tall; each word as wide as its letters set 4 px apart.
  const spaced = (text: string, size: number, spacing: number) =>
    text.split(" ").map((t) => word(t, inkEms(t) * size + spacing * (t.length - 1)));

  it("reads capitals set 4 px apart at 20 px as 20 px with 4 px between letters, not as bigger type", () => {
    const line = spaced("FREE SHIPPING ON EVERY ORDER", 20, 4);
    const fit = spacedFit(line, 0.716 * 20);
    expect(fit?.size).toBeCloseTo(20, 1);
    expect(fit?.spacing).toBeCloseTo(4, 1);
  });

  it("leaves plain type unspaced, a line with one over-wide word (a misread) too", () => {
    expect(spacedFit(spaced("FREE SHIPPING ON EVERY ORDER", 20, 0), 0.716 * 20)).toBeNull();
    expect(spacedFit(spaced("Transactional emails serve a purpose", 14, 0), 0.93 * 14)).toBeNull();
    const misread = [...spaced("FREE SHIPPING", 20, 0), word("ORDER", inkEms("ORDER") * 20 + 40)];
    expect(spacedFit(misread, 0.716 * 20)).toBeNull();
  });

  it("says nothing of lower-case lines, whose height depends on their letters", () => {
    expect(spacedFit(spaced("a new season", 16, 3), 0.519 * 16)).toBeNull();
  });
});

describe("inkEms in italic", () => {
  it("measures Times italic capitals narrower than upright ones (Times-Italic's widths), Arial's oblique as upright", () => {
    // "BLACK FRIDAY": Times-Italic's capitals are 611–667 where Times-Roman's are 667–722.
    expect(inkEms("BLACK", "serif", false, true)).toBeLessThan(inkEms("BLACK", "serif") * 0.95);
    expect(inkEms("BLACK", "sans-serif", false, true)).toBe(inkEms("BLACK", "sans-serif"));
    expect(inkEms("Edition", "serif", true, true)).not.toBe(inkEms("Edition", "serif", true));
  });
});

describe("inkEms beyond ASCII", () => {
  it("measures curly quotes, dashes and the euro by the face's own widths, not as an average letter", () => {
    // Arial's ’ is 222/1000 em (its ' 191): counted as an average letter (530), "don’t" came out a third of an em wide.
    expect(inkEms("don’t") - inkEms("don't")).toBeCloseTo(0.031, 3);
    expect(inkEms("“Hello”") - inkEms("Hello")).toBeCloseTo(0.666, 3);
    expect(inkEms("€20", "serif")).toBeCloseTo(inkEms("$20", "serif"), 3);
    expect(inkEms("a—b")).toBeCloseTo(inkEms("ab") + 1, 3);
  });
});
