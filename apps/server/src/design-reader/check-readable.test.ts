import { DESIGN_READER_MESSAGES } from "@mailsmith/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkDesignReadable } from "./check-readable.js";

/** The fast check before a credit is taken: each kind of picture the reader cannot use, and designs it can. */

const FONT = "Liberation Sans, Arial, sans-serif";
const svg = (width: number, height: number, body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`))
    .png()
    .toBuffer();

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A small email: a coloured header, a heading, two lines, a button. */
const design = () =>
  svg(
    600,
    500,
    `<rect width="600" height="500" fill="#ffffff"/><rect width="600" height="90" fill="#264653"/>
     <text x="40" y="58" font-family="${FONT}" font-size="28" fill="#ffffff">Acme news</text>
     <text x="40" y="160" font-family="${FONT}" font-size="24" font-weight="bold" fill="#222">A new season</text>
     <text x="40" y="200" font-family="${FONT}" font-size="16" fill="#444">Our autumn range is here, with warm coats.</text>
     <text x="40" y="224" font-family="${FONT}" font-size="16" fill="#444">Free delivery on every order this week.</text>
     <rect x="40" y="260" width="180" height="48" rx="8" fill="#e76f51"/>
     <text x="130" y="290" font-family="${FONT}" font-size="16" fill="#fff" text-anchor="middle">Shop now</text>`,
  );

describe("checkDesignReadable", () => {
  it("lets an email design through", async () => {
    expect(await checkDesignReadable(await design())).toEqual({ ok: true });
  });

  it("lets a phone screenshot of a text-only email through", async () => {
    const lines = Array.from(
      { length: 8 },
      (_, i) =>
        `<text x="60" y="${300 + i * 70}" font-family="${FONT}" font-size="42" fill="#333">Line ${i + 1} of the message</text>`,
    ).join("");
    expect(
      await checkDesignReadable(await svg(1125, 1400, `<rect width="1125" height="1400" fill="#fff"/>${lines}`)),
    ).toEqual({ ok: true });
  });

  it("refuses a picture of one colour", async () => {
    expect(await checkDesignReadable(await solid(600, 800, "#f0f0f0"))).toEqual({
      ok: false,
      code: "DESIGN_BLANK",
      message: DESIGN_READER_MESSAGES.blank,
    });
  });

  it("refuses a picture narrower than 200 px", async () => {
    expect(await checkDesignReadable(await solid(150, 400, "#ffffff"))).toMatchObject({
      ok: false,
      code: "DESIGN_TINY",
      message: DESIGN_READER_MESSAGES.tiny,
    });
  });

  it("refuses an animated picture", async () => {
    const frame = await solid(300, 300, "#ff0000");
    const other = await solid(300, 300, "#0000ff");
    const animated = await sharp([frame, other], { join: { animated: true } })
      .webp()
      .toBuffer();
    expect(await checkDesignReadable(animated)).toMatchObject({ ok: false, code: "DESIGN_ANIMATED" });
  });

  it("refuses a file that is not a picture, or a cut-off one", async () => {
    expect(await checkDesignReadable(Buffer.from("%PDF-1.7 not a picture"))).toMatchObject({
      ok: false,
      code: "DESIGN_CORRUPT",
      message: DESIGN_READER_MESSAGES.corrupt,
    });
    const png = await design();
    expect(await checkDesignReadable(png.subarray(0, Math.floor(png.length / 3)))).toMatchObject({
      ok: false,
      code: "DESIGN_CORRUPT",
    });
  });

  it("refuses a lone photo", async () => {
    const photo = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: "#6a8f5b",
        noise: { type: "gaussian", mean: 110, sigma: 50 },
      },
    })
      .blur(1.2)
      .png()
      .toBuffer();
    expect(await checkDesignReadable(photo)).toMatchObject({
      ok: false,
      code: "DESIGN_LONE_PHOTO",
      message: DESIGN_READER_MESSAGES.lonePhoto,
    });
  });

  it("refuses a scanned letter: a white page of dense small text", async () => {
    const prose = "we write to confirm the terms of the agreement reached at our meeting last week and";
    const lines = Array.from(
      { length: 48 },
      (_, i) =>
        `<text x="70" y="${120 + i * 22}" font-family="Liberation Serif" font-size="15" fill="#222">${prose}</text>`,
    ).join("");
    const letter = await svg(760, 1200, `<rect width="760" height="1200" fill="#fdfdfb"/>${lines}`);
    expect(await checkDesignReadable(letter)).toMatchObject({
      ok: false,
      code: "DESIGN_SCANNED_LETTER",
      message: DESIGN_READER_MESSAGES.scannedLetter,
    });
  });
});
