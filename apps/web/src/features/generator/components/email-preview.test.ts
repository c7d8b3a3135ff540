import { describe, expect, it } from "vitest";
import { livePreviewHtml } from "./email-preview";

describe("livePreviewHtml (the email while the model is still writing it)", () => {
  it("replaces pictures not cut from the design yet (image:<id>) with a data: placeholder the page may load", () => {
    const out = livePreviewHtml(
      `<img src="image:logo" alt="Logo"><img width="600" src='image:hero-1'><td style="background-image:url(image:bg)">`,
    );
    expect(out).not.toMatch(/image:(logo|hero-1|bg)/);
    expect(out.match(/data:image\/svg\+xml/g)).toHaveLength(3);
    expect(out).toContain('alt="Logo"');
    expect(out).toContain('width="600"');
  });

  it("leaves real image URLs and text that merely mentions image: alone", () => {
    const html = `<img src="https://cdn.example.com/a.png"><p>image:logo in text</p>`;
    expect(livePreviewHtml(html)).toBe(html);
  });
});
