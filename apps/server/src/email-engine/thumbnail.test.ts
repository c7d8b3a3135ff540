import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { THUMBNAIL, thumbnailOf } from "./render-report.js";

/** A 600 px wide render: white, a grey footer band in its last 10 rows, a black "heading" block at (20, 20)–(220, 50). */
async function render(height: number): Promise<Buffer> {
  const heading = await sharp({ create: { width: 200, height: 30, channels: 3, background: "#000000" } })
    .png()
    .toBuffer();
  const footer = await sharp({ create: { width: 600, height: 10, channels: 3, background: "#cccccc" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height, channels: 3, background: "#ffffff" } })
    .composite([
      { input: heading, left: 20, top: 20 },
      { input: footer, left: 0, top: height - 10 },
    ])
    .png()
    .toBuffer();
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe("thumbnailOf", () => {
  it("shows a short email whole at 0.8 scale, its heading top left, the rest in the email's last colour", async () => {
    const thumb = await thumbnailOf(await render(300));
    expect(await sharp(thumb).metadata()).toMatchObject(THUMBNAIL);
    // The heading (20–220, 20–50 at 600 px) lands at 16–176, 16–40: before, the email was scaled up and its blank
    // middle kept, so these pixels were white.
    expect(await pixel(thumb, 60, 28)).toEqual([0, 0, 0]);
    expect(await pixel(thumb, 240, 100)).toEqual([255, 255, 255]);
    // Below the email (300 px → 240 px): the grey of its last rows, not black or transparent.
    expect(await pixel(thumb, 240, 500)).toEqual([204, 204, 204]);
  });

  it("encodes straight to WebP when asked, the same picture", async () => {
    const email = await render(300);
    const webp = await thumbnailOf(email, "webp");
    expect(await sharp(webp).metadata()).toMatchObject({ ...THUMBNAIL, format: "webp" });
    // Lossy: the colours within a few levels of the PNG's.
    for (const [x, y] of [
      [60, 28],
      [240, 100],
      [240, 500],
    ] as const) {
      const [a, b] = [await pixel(webp, x, y), await pixel(await thumbnailOf(email), x, y)];
      expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]!)))).toBeLessThanOrEqual(8);
    }
  });

  it("keeps the top of a tall email at 0.8 scale", async () => {
    const thumb = await thumbnailOf(await render(2000));
    expect(await sharp(thumb).metadata()).toMatchObject(THUMBNAIL);
    expect(await pixel(thumb, 60, 28)).toEqual([0, 0, 0]);
    expect(await pixel(thumb, 240, 600)).toEqual([255, 255, 255]);
  });
});
