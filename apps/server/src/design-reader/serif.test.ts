import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Raster } from "./raster.js";
import { familyOf, pooled, type SerifReading, stemsOf } from "./serif.js";

/** A line drawn in a face at a size (SVG through sharp), read for its stems. */
async function readLine(font: string, size: number, text: string, weight = "normal"): Promise<SerifReading> {
  const width = Math.ceil(text.length * size * 0.7) + 20;
  const height = Math.ceil(size * 1.6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fff"/><text x="10" y="${Math.round(size * 1.15)}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="#333">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const r: Raster = { width: info.width, height: info.height, data: new Uint8Array(data) };
  return stemsOf(r, { x: 0, y: 0, width, height }, [255, 255, 255]);
}

const PARAGRAPH = "Thank you for your order, here is a summary of what you bought";
const CAPITALS = "SPRING SALE ENDS MONDAY";

describe("serif or sans-serif from the letters' stems", () => {
  it.each([
    ["Liberation Sans", "sans-serif"],
    ["DejaVu Sans", "sans-serif"],
    ["Liberation Serif", "serif"],
    ["DejaVu Serif", "serif"],
  ] as const)("reads %s as %s, a paragraph at 14 and 24 px and a line of bold capitals", async (font, family) => {
    for (const [size, text, weight] of [
      [14, PARAGRAPH, "normal"],
      [24, PARAGRAPH, "normal"],
      [24, CAPITALS, "bold"],
    ] as const) {
      const reading = await readLine(font, size, text, weight);
      expect(reading.stems, `${font} ${size}px`).toBeGreaterThanOrEqual(10);
      expect(familyOf(reading, reading), `${font} ${size}px ${text}`).toBe(family);
    }
  });

  it("lets a two-word heading take the design's face: its own few stems say too little", async () => {
    const heading = await readLine("Liberation Serif", 30, "Weekly Digest", "bold");
    const serifBody = await readLine("Liberation Serif", 15, PARAGRAPH);
    const sansBody = await readLine("Liberation Sans", 15, PARAGRAPH);
    const sansHeading = await readLine("Liberation Sans", 30, "Weekly Digest", "bold");
    expect(heading.stems).toBeLessThan(10);
    expect(familyOf(heading, pooled([heading, serifBody]))).toBe("serif");
    expect(familyOf(sansHeading, pooled([sansHeading, sansBody]))).toBe("sans-serif");
    // A paragraph's own letters outweigh the design's: serif type in a sans-serif design stays serif.
    expect(familyOf(serifBody, pooled([serifBody, sansBody, sansBody, sansBody]))).toBe("serif");
  });

  it("finds no stems in a blank box or a filled block", () => {
    const r: Raster = { width: 60, height: 30, data: new Uint8Array(60 * 30 * 3).fill(255) };
    expect(stemsOf(r, { x: 0, y: 0, width: 60, height: 30 }, [255, 255, 255]).stems).toBe(0);
    r.data.fill(20);
    expect(stemsOf(r, { x: 0, y: 0, width: 60, height: 30 }, [255, 255, 255]).stems).toBe(0);
  });
});
