import { parse as parseHtml } from "parse5";
import { describe, expect, it } from "vitest";
import { approximateOutlook, wordFont } from "./approximate.js";
import { msoCondition, resolveConditionals } from "./conditional.js";
import { describeDifferences, outlookDifferencesCheck } from "./differences.js";

const body = (html: string) => approximateOutlook(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);

describe("conditional comments as the Word engine reads them", () => {
  it.each([
    ["mso", true],
    ["!mso", false],
    ["gte mso 9", true],
    ["lt mso 12", false],
    ["(gte mso 9)|(IE)", true],
    ["(mso)&(!IE)", true],
    ["IE", false],
    ["mso 16", true],
    ["mso 12", false],
  ])("[if %s] → %s", (cond, on) => {
    expect(msoCondition(cond)).toBe(on);
  });

  it("switches [if mso] branches on and [if !mso] branches off, across comments (ghost tables)", () => {
    const out = resolveConditionals(
      "<!--[if mso]><table><tr><td><![endif]-->A<!--[if mso]></td></tr></table><![endif]--><!--[if !mso]><!-->web<!--<![endif]-->",
    );
    expect(out.html).toBe("<table><tr><td>A</td></tr></table>");
    expect(out).toMatchObject({ msoOn: 2, nonMsoOff: 1 });
  });
});

describe("VML through its fallback", () => {
  it("a v:roundrect with a fill colour becomes a cell with that colour and the text", () => {
    const out = body(
      '<!--[if mso]><v:roundrect style="width:180px;height:44px;v-text-anchor:middle" fillcolor="#0a7d33" strokecolor="#0a7d33"><w:anchorlock/><center style="color:#fff">Shop</center></v:roundrect><![endif]-->',
    );
    expect(out.html).toContain(
      '<td data-vml="v:roundrect" style="background-color:#0a7d33;height:44px;width:180px;border:1px solid #0a7d33;vertical-align:middle',
    );
    expect(out.html).toContain('<center style="color:#fff">Shop</center>');
    expect(out.html).not.toContain("anchorlock");
  });
});

describe("CSS the Word engine ignores, property by property (caniemail outlook.windows)", () => {
  it.each([
    ['<div style="border-radius:8px;background:#eee">x</div>', "border-radius"],
    ['<div style="float:left">x</div>', "float"],
    ['<div style="position:relative;top:4px">x</div>', "position"],
    ['<div style="box-shadow:0 0 4px #000">x</div>', "box-shadow"],
    ['<div style="max-width:300px">x</div>', "max-width"],
    ['<div style="min-height:90px;background:#eee">x</div>', "min-height"],
    ['<p style="padding:20px">x</p>', "padding"],
    ['<div style="margin:0 auto">x</div>', "margin"],
    ['<div style="display:flex"><span>a</span><span>b</span></div>', "display"],
  ])("%s loses %s", (html, prop) => {
    expect(body(html).html).not.toContain(prop);
  });

  it("keeps what Word supports: padding on cells, max-width on tables, colours, display:none", () => {
    const out = body(
      '<table style="max-width:600px"><tr><td style="padding:12px;color:#333;background-color:#fff">x</td></tr></table><div style="display:none">h</div>',
    );
    expect(out.html).toContain("max-width:600px");
    expect(out.html).toContain("padding:12px;color:#333;background-color:#fff");
    expect(out.html).toContain("display:none");
    expect(out.changes).toEqual([]);
  });

  it("drops @media rules and web-font links, hides mso-hide:all", () => {
    const out = approximateOutlook(
      '<html><head><link rel="stylesheet" href="https://fonts.example/x.css"><style>@media (max-width:600px){.c{width:100%}} .c{color:red;border-radius:3px}</style></head><body><p class="c">a</p><p style="mso-hide:all">web only</p></body></html>',
    );
    expect(out.html).toContain("<style>.c{color:red}</style>");
    expect(out.html).not.toContain("fonts.example");
    expect(out.html).not.toContain("web only");
    expect(out.counts.mediaRules).toBe(1);
  });

  it("web fonts fall back to the stack's Windows font, or Times New Roman", () => {
    expect(wordFont("'Open Sans', Helvetica, Arial, sans-serif")).toEqual({ font: "Arial", skipped: "Open Sans" });
    expect(wordFont("Georgia, serif")).toEqual({ font: "Georgia" });
    expect(wordFont("Lobster")).toEqual({ font: "Times New Roman", skipped: "Lobster" });
  });
});

describe("widths from attributes", () => {
  it("the width attribute wins over CSS; an image without one shows at its own size", () => {
    const out = body(
      '<table width="500" style="width:100%"><tr><td width="50%" style="width:300px"><img src="a.png" width="120" style="width:100%;max-width:300px"><img src="b.png" style="width:100%"></td></tr></table>',
    );
    expect(out.html).toContain('<table width="500" style="width:500px">');
    expect(out.html).toContain('<td width="50%" style="width:50%">');
    expect(out.html).toContain('<img src="a.png" width="120" style="width:120px">');
    expect(out.html).toContain('<img src="b.png">');
    expect(out.changes.map((c) => c.kind)).toContain("image-size");
  });
});

describe("the outlook-differences check", () => {
  const changes = body('<a href="#" style="background:#222;color:#fff;padding:12px 20px">Buy</a>').changes;
  it("lists the visible differences in plain words", () => {
    const check = outlookDifferencesCheck(changes, 0.03);
    expect(check).toMatchObject({ status: "warn", items: [expect.stringContaining("The button loses its padding")] });
  });
  it("lists nothing when the two pictures are the same (the changes are invisible)", () => {
    expect(outlookDifferencesCheck(changes, 0)).toMatchObject({ status: "pass" });
  });
});

describe("invisible changes are not differences (corpus noise)", () => {
  it.each([
    ['<table><tr><td style="position:relative">x</td></tr></table>', "position relative without an offset"],
    ['<table><tr><td style="margin:0 auto">x</td></tr></table>', "margin:auto on a cell"],
    ['<center><div style="margin:0 auto;width:300px">x</div></center>', "margin:auto inside <center>"],
    ['<img src="a.png" style="width:auto;max-width:100%">', "an image whose CSS width is auto"],
  ])("%s (%s)", (html) => {
    expect(describeDifferences(body(html).changes)).toEqual([]);
  });
  it("still reports what shows: an absolutely positioned badge, a centred block without a centring parent", () => {
    const kinds = body('<div style="position:absolute;top:0">New</div><div style="margin:0 auto;width:300px">x</div>')
      .changes.filter((c) => c.visible)
      .map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(["position", "margin-auto"]));
  });
});

describe("Office XML in the head", () => {
  it("the <noscript><xml> settings block for 96 dpi leaves no text on the picture (the renderer runs without scripts)", () => {
    const out = approximateOutlook(
      "<!DOCTYPE html><html><head><!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]--></head><body><p>Hello</p></body></html>",
    );
    // Parsed as the renderer's Chromium parses it (scripting off: noscript content is markup).
    const doc = parseHtml(out.html, { scriptingEnabled: false });
    const text: string[] = [];
    const collect = (n: { nodeName: string; value?: string; childNodes?: unknown[] }) => {
      if (n.nodeName === "#text") text.push(n.value ?? "");
      for (const c of (n.childNodes ?? []) as (typeof n)[]) collect(c);
    };
    collect(doc as never);
    expect(text.join("").trim()).toBe("Hello");
  });
});
