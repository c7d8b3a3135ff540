import { EMAIL_ENGINE_MESSAGES, ZEmailCheckResponseSchema } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_BOUNDS } from "../src/email-engine/sanitizer/bounds.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * A member's email with its pictures inlined as base64 data: URLs (decision 116): an <img src> that is a
 * well-formed PNG, JPEG, GIF or WebP data: URL is exempt from the 64 KB attribute bound of decision 100, up to the
 * size of the email itself; every other attribute over the bound is still refused with the same 413 message.
 */
let server: TestServer;
let member: TestClient;
/** A 360 × 240 PNG of red noise (it does not compress): about 220 KB once base64-encoded. */
let picture: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.member();
  const pixels = Buffer.alloc(360 * 240 * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = 255;
    pixels[i + 1] = Math.floor(Math.random() * 80);
    pixels[i + 2] = Math.floor(Math.random() * 80);
  }
  const png = await sharp(pixels, { raw: { width: 360, height: 240, channels: 3 } })
    .png()
    .toBuffer();
  picture = `data:image/png;base64,${png.toString("base64")}`;
});
afterAll(async () => {
  await server?.close();
});

const email = (body: string) =>
  `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Spring sale</title></head><body style="margin:0;background:#ffffff"><h1 style="font-family:Arial,sans-serif">Spring sale</h1>${body}<p style="font-family:Arial,sans-serif">Everything in the shop is 20% off this week.</p></body></html>`;

/** Share of the pixels of a preview's top 300 rows that are the picture's red. */
async function redShare(dataUrl: string): Promise<number> {
  const { data, info } = await sharp(Buffer.from(dataUrl.split(",")[1]!, "base64"))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0;
  const rows = Math.min(300, info.height);
  for (let y = 0; y < rows; y += 1)
    for (let x = 0; x < info.width; x += 1) {
      const i = (y * info.width + x) * 3;
      if (data[i]! > 200 && data[i + 1]! < 110 && data[i + 2]! < 110) red += 1;
    }
  return red / (rows * info.width);
}

describe("a member's email with a picture inlined as a data: URL", () => {
  it("is processed with the picture kept, rendered with it, and scored against its design", async () => {
    expect(picture.length).toBeGreaterThan(200 * 1024);
    expect(picture.length).toBeGreaterThan(EMAIL_BOUNDS.maxAttributeChars);
    const html = email(`<img src="${picture}" alt="Our spring collection" width="360" height="240">`);
    const res = await member.post("/api/email-check", { html });
    expect(res.status).toBe(200);
    const body = ZEmailCheckResponseSchema.parse(res.body);
    expect(body.html).toContain(picture);
    expect(body.text).toContain("Everything in the shop is 20% off");
    // The previews show the picture (its red fills a good part of the top of the desktop preview).
    expect(body.report.render).toMatchObject({ available: true });
    expect(await redShare(body.report.previews!.desktop!)).toBeGreaterThan(0.15);

    // Fidelity renders it too: against its own rendering as the design, it scores near the top.
    const design = (await server.ctx.renderer.render({ html: body.html, width: 600 })).png;
    const fd = new FormData();
    fd.append("html", html);
    fd.append("design", new Blob([new Uint8Array(design)], { type: "image/png" }), "design.png");
    const scored = await member.request("POST", "/api/email-check", fd);
    expect(scored.status).toBe(200);
    expect(scored.body.fidelity.score).toBeGreaterThanOrEqual(90);

    // The one-click fixes take it too.
    const fixed = await member.post("/api/email-fix", { html, fixes: ["accessibility"] });
    expect(fixed.status).toBe(200);
    expect(fixed.body.html).toContain(picture);
  });

  it("still refuses any other attribute over 64 KB with the same 413 message", async () => {
    const base64 = picture.slice(picture.indexOf(",") + 1);
    for (const markup of [
      `<p title="${"x".repeat(200 * 1024)}">x</p>`,
      `<img src="${picture}" alt="${"x".repeat(200 * 1024)}">`,
      // Not a picture type, not in an <img src>, not well-formed base64.
      `<img src="data:text/html;base64,${base64}" alt="">`,
      `<img src="data:image/svg+xml;base64,${base64}" alt="">`,
      `<a href="${picture}">the picture</a>`,
      `<img srcset="${picture} 1x" alt="">`,
      `<img src="${picture.slice(0, -4)}!${picture.slice(-3)}" alt="">`,
      `<img src="${picture}=AAAA" alt="">`,
    ]) {
      const res = await member.post("/api/email-check", { html: email(markup) });
      expect(res.status, markup.slice(0, 40)).toBe(413);
      expect(res.body.message).toBe(EMAIL_ENGINE_MESSAGES.attributeTooLarge(64));
    }
  });

  it("refuses a picture whose header declares more than 25 megapixels with its own 413 message (the renderer would draw it)", async () => {
    // A 6 000 × 6 000 lossless WebP of one colour (36 Mpx) is a few KB: its size is only in its header.
    const webp = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#ffffff" } })
      .webp({ lossless: true })
      .toBuffer();
    expect(webp.length).toBeLessThan(64 * 1024);
    const res = await member.post("/api/email-check", {
      html: email(`<img src="data:image/webp;base64,${webp.toString("base64")}" width="600" alt="">`),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(EMAIL_ENGINE_MESSAGES.pictureTooLarge(EMAIL_BOUNDS.maxInlinePicturePixels / 1e6));
    expect(res.body.message).toContain("25 megapixels");
  });
});
