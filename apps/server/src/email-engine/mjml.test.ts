import { describe, expect, it } from "vitest";
import { compileMjml, looksLikeMjml, MJML_MAX_BYTES, MjmlCompileError } from "./mjml.js";

const TWO_COLUMNS = `<mjml>
  <mj-head><mj-preview>Spring is here</mj-preview><mj-font name="Lobster" href="https://fonts.example/lobster.css" /></mj-head>
  <mj-body width="600px">
    <mj-include path="/etc/passwd" />
    <mj-section background-color="#1d4ed8">
      <mj-column><mj-text color="#ffffff" font-size="28px">Spring sale</mj-text></mj-column>
    </mj-section>
    <mj-section>
      <mj-column><mj-image src="https://example.com/a.png" alt="Shoes" width="260px" /></mj-column>
      <mj-column><mj-text>Half price on all shoes this week.</mj-text>
        <mj-button href="https://example.com/shop" background-color="#dc2626">Shop now</mj-button></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

describe("MJML output path", () => {
  it("tells MJML from HTML", () => {
    expect(looksLikeMjml(TWO_COLUMNS)).toBe(true);
    expect(looksLikeMjml('<?xml version="1.0"?>\n<!-- hi -->\n<mjml><mj-body></mj-body></mjml>')).toBe(true);
    expect(looksLikeMjml("<!DOCTYPE html><html><body><p>mjml</p></body></html>")).toBe(false);
  });

  it("compiles to table HTML with Outlook fallbacks and phone stacking, without includes or web fonts", async () => {
    const { html } = await compileMjml(TWO_COLUMNS);
    expect(html).toMatch(/<!DOCTYPE html>/i);
    expect(html).toContain("<!--[if mso | IE]>");
    expect(html).toMatch(/@media only screen and \(min-width:480px\)/);
    expect(html).toContain("Half price on all shoes this week.");
    expect(html).toContain("Spring is here");
    expect(html).not.toContain("passwd");
    expect(html).not.toContain("fonts.example");
    expect(html).not.toContain("fonts.googleapis.com");
  });

  it("returns the validator's complaints and refuses what cannot be compiled", async () => {
    const { errors } = await compileMjml("<mjml><mj-body><mj-text>loose text</mj-text></mj-body></mjml>");
    expect(errors.join(" ")).toMatch(/mj-text/);
    await expect(compileMjml(`<mjml>${"x".repeat(MJML_MAX_BYTES)}</mjml>`)).rejects.toBeInstanceOf(MjmlCompileError);
  });
});
