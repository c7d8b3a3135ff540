import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { diffImages } from "./image-diff.js";

const solid = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** White picture with a black block at (x, y). */
const withBlock = (x: number, y: number, size = 20) =>
  sharp({ create: { width: 100, height: 100, channels: 3, background: "#ffffff" } })
    .composite([
      {
        input: { create: { width: size, height: size, channels: 3, background: "#000000" } },
        left: x,
        top: y,
      },
    ])
    .png()
    .toBuffer();

describe("diffImages", () => {
  it("finds no difference between a picture and itself, whatever the format", async () => {
    const png = await withBlock(10, 10);
    const webp = await sharp(png).webp({ lossless: true }).toBuffer();
    expect(await diffImages(png, png)).toEqual({ mismatchRatio: 0, width: 100, height: 100 });
    expect((await diffImages(png, webp)).mismatchRatio).toBe(0);
  });

  it("measures the share of pixels that moved", async () => {
    // A 20×20 block moved right by 40 px: its old and its new place differ, 2 × 400 of 10 000 pixels.
    const { mismatchRatio } = await diffImages(await withBlock(10, 10), await withBlock(50, 10));
    expect(mismatchRatio).toBeCloseTo(0.08, 2);
  });

  it("counts everything as different between black and white", async () => {
    const { mismatchRatio } = await diffImages(await solid(50, 50, 0, 0, 0), await solid(50, 50, 255, 255, 255));
    expect(mismatchRatio).toBe(1);
  });

  it("pads the shorter picture with white", async () => {
    // 100×50 white against 100×100 white: the padding is white too, so nothing differs.
    const same = await diffImages(await solid(100, 50, 255, 255, 255), await solid(100, 100, 255, 255, 255));
    expect(same).toEqual({ mismatchRatio: 0, width: 100, height: 100 });
    // 100×50 black against 100×100 black: the missing half is white against black.
    const half = await diffImages(await solid(100, 50, 0, 0, 0), await solid(100, 100, 0, 0, 0));
    expect(half.mismatchRatio).toBeCloseTo(0.5, 5);
  });

  it("tolerates small colour shifts below the threshold and not above", async () => {
    const a = await solid(40, 40, 200, 200, 200);
    const b = await solid(40, 40, 190, 190, 190);
    expect((await diffImages(a, b)).mismatchRatio).toBe(0);
    expect((await diffImages(a, b, { threshold: 0.01 })).mismatchRatio).toBe(1);
  });
});
