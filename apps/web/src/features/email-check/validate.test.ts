import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { readHtmlFile, validateHtml } from "./validate";

const file = (parts: BlobPart[], name: string, type = "") => new File(parts, name, { type });

describe("Check my email input", () => {
  it("needs something pasted and at most 500 KB (counted in UTF-8 bytes)", () => {
    expect(validateHtml("  ")).toBe(EMAIL_CHECK_MESSAGES.htmlRequired);
    expect(validateHtml("<p>hi</p>")).toBeNull();
    expect(validateHtml("é".repeat(EMAIL_CHECK_LIMITS.maxHtmlBytes / 2))).toBeNull();
    expect(validateHtml("é".repeat(EMAIL_CHECK_LIMITS.maxHtmlBytes / 2 + 1))).toBe(EMAIL_CHECK_MESSAGES.tooLarge);
  });

  it("reads .html files and refuses other types, oversize and binary files renamed .html", async () => {
    expect(await readHtmlFile(file(["\uFEFF<p>hi</p>"], "email.HTML"))).toEqual({ html: "<p>hi</p>" });
    expect(await readHtmlFile(file(["<p>hi</p>"], "email", "text/html"))).toEqual({ html: "<p>hi</p>" });
    expect(await readHtmlFile(file(["<p>hi</p>"], "email.txt", "text/plain"))).toEqual({
      error: EMAIL_CHECK_MESSAGES.fileType,
    });
    expect(await readHtmlFile(file(["x".repeat(EMAIL_CHECK_LIMITS.maxHtmlBytes + 1)], "big.html"))).toEqual({
      error: EMAIL_CHECK_MESSAGES.tooLarge,
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect(await readHtmlFile(file([png], "design.html"))).toEqual({ error: EMAIL_CHECK_MESSAGES.binary });
  });
});
