import { describe, expect, it } from "vitest";
import { applyEdits, EditRefused } from "./apply-edits.js";
import { readParts } from "./template-parts.js";

const EMAIL = `<!DOCTYPE html><html lang="en"><head><title>News</title><style>p{margin:0}</style></head><body>
<div style="display:none">Preheader text</div>
<table role="presentation" width="100%"><tr><td align="center">
<table role="presentation" width="600">
<tr><td><img src="https://cdn.example.com/logo.png" alt="Acme" width="120"></td></tr>
<tr><td><h1 style="font-size:28px"><span style="color:#111111">Spring sale</span></h1>
<p>Everything <strong>half</strong> price.</p>
<p>Read <a href="https://example.com/story?a=1&amp;b=2">the story</a>.</p></td></tr>
<tr><td bgcolor="#1a73e8" style="background-color:#1a73e8;border-radius:4px"><a href="https://example.com/shop" style="color:#ffffff">Shop now</a></td></tr>
<tr><td><img src="https://cdn.example.com/hero.jpg" width="600" height="300"></td></tr>
</table></td></tr></table></body></html>`;

const partsOf = (html: string) => readParts(html).parts;

describe("readParts", () => {
  it("lists sections, texts, links, buttons and pictures with ids in document order, hidden text left out", () => {
    const parts = partsOf(EMAIL);
    const kinds = parts.map((p) => `${p.id}:${p.text ?? p.src ?? p.name}`);
    expect(kinds).toEqual([
      "section-0:Acme",
      "section-1:Spring sale",
      "section-2:Shop now",
      "section-3:#4",
      "image-0:https://cdn.example.com/logo.png",
      "text-0:Spring sale",
      "text-1:Everything half price.",
      "link-0:the story",
      "button-0:Shop now",
      "image-1:https://cdn.example.com/hero.jpg",
    ]);
    expect(parts.find((p) => p.id === "link-0")).toMatchObject({ href: "https://example.com/story?a=1&b=2" });
    expect(parts.find((p) => p.id === "button-0")).toMatchObject({ background: "#1a73e8", section: "section-2" });
    expect(parts.find((p) => p.id === "image-1")).toMatchObject({ alt: null });
    expect(parts.find((p) => p.id === "text-1")).toMatchObject({ formatted: true });
  });
});

describe("applyEdits", () => {
  it("writes text escaped, keeps the heading's styled wrapper, and changes links, buttons and pictures", () => {
    const { html } = applyEdits(EMAIL, [
      { op: "text", id: "text-0", text: 'Summer <script>alert("x")</script> & more' },
      { op: "link", id: "link-0", href: "https://example.org/a?x=1&y=2", label: "the whole story" },
      { op: "button", id: "button-0", label: "Buy", background: "#0B8043" },
      { op: "image", id: "image-1", src: "https://cdn.example.com/new.png", alt: 'Two "friends"' },
    ]);
    expect(html).toContain(
      '<span style="color:#111111">Summer &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</span>',
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain('<a href="https://example.org/a?x=1&amp;y=2">the whole story</a>');
    expect(html).toContain('bgcolor="#0b8043" style="background-color:#0b8043;border-radius:4px"');
    expect(html).toContain(">Buy</a>");
    expect(html).toContain('src="https://cdn.example.com/new.png" width="600" alt="Two &quot;friends&quot;"');
    // The read-back is what the member wrote.
    const after = partsOf(html);
    expect(after.find((p) => p.id === "text-0")?.text).toBe('Summer <script>alert("x")</script> & more');
    expect(after.find((p) => p.id === "link-0")?.href).toBe("https://example.org/a?x=1&y=2");
    expect(after.find((p) => p.id === "image-1")?.alt).toBe('Two "friends"');
  });

  it("removes and reorders sections", () => {
    const { html } = applyEdits(EMAIL, [{ op: "sections", order: ["section-2", "section-1"] }]);
    const names = partsOf(html)
      .filter((p) => p.kind === "section")
      .map((p) => p.name);
    expect(names).toEqual(["Shop now", "Spring sale"]);
    expect(html).not.toContain("logo.png");
    expect(html).toContain("Preheader text");
  });

  it("refuses javascript:, data: and scheme-less addresses, bad colours, unknown ids and duplicated sections", () => {
    const refused = (edit: Parameters<typeof applyEdits>[1][number]) => () => applyEdits(EMAIL, [edit]);
    expect(refused({ op: "link", id: "link-0", href: "javascript:alert(1)" })).toThrow(EditRefused);
    expect(refused({ op: "link", id: "link-0", href: " JavaScript:alert(1)" })).toThrow(EditRefused);
    expect(refused({ op: "link", id: "link-0", href: "example.com" })).toThrow(EditRefused);
    expect(refused({ op: "image", id: "image-0", src: "data:image/png;base64,AAAA" })).toThrow(EditRefused);
    expect(refused({ op: "image", id: "image-0", src: "mailto:a@b.c" })).toThrow(EditRefused);
    expect(refused({ op: "button", id: "button-0", background: "red;background:url(x)" })).toThrow(EditRefused);
    expect(refused({ op: "text", id: "text-9", text: "x" })).toThrow(EditRefused);
    expect(refused({ op: "text", id: "link-0", text: "x" })).toThrow(EditRefused);
    expect(refused({ op: "sections", order: ["section-1", "section-1"] })).toThrow(EditRefused);
    expect(applyEdits(EMAIL, [{ op: "link", id: "link-0", href: "mailto:hi@example.com" }]).html).toContain(
      'href="mailto:hi@example.com"',
    );
    expect(applyEdits(EMAIL, [{ op: "link", id: "link-0", href: "tel:+4420123" }]).html).toContain(
      'href="tel:+4420123"',
    );
  });
});
