import { EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readHtmlInput } from "./existing-html.js";

describe("readHtmlInput", () => {
  it("accepts HTML text and XHTML with an XML declaration", async () => {
    expect(await readHtmlInput("<table><tr><td>Hi</td></tr></table>")).toContain("Hi");
    expect(await readHtmlInput('<?xml version="1.0"?>\n<html><body><p>x</p></body></html>')).toContain("<p>x</p>");
    expect(await readHtmlInput(Buffer.from("\uFEFF<div>bom</div>"))).toBe("<div>bom</div>");
  });

  it("refuses text without tags, binary files and empty input with messages", async () => {
    await expect(readHtmlInput("hello <world>")).rejects.toMatchObject({
      status: 400,
      message: EMAIL_CHECK_MESSAGES.notHtml,
    });
    await expect(readHtmlInput(Buffer.from([0x3c, 0x70, 0x3e, 0, 1, 2]))).rejects.toMatchObject({
      status: 400,
      message: EMAIL_CHECK_MESSAGES.binary,
    });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(readHtmlInput(gif)).rejects.toMatchObject({ status: 400, message: EMAIL_CHECK_MESSAGES.binary });
    await expect(readHtmlInput(undefined)).rejects.toMatchObject({ message: EMAIL_CHECK_MESSAGES.htmlRequired });
    await expect(readHtmlInput(" \n ")).rejects.toMatchObject({ message: EMAIL_CHECK_MESSAGES.htmlRequired });
  });

  it("answers 413 above 500 KB", async () => {
    await expect(readHtmlInput(`<p>${"é".repeat(256 * 1024)}</p>`)).rejects.toMatchObject({ status: 413 });
  });
});
