import { ZEmailReportSchema } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { standInEmail, standInUnsafeEmail } from "../../stand-ins/gemini.js";
import { applyUseHttps } from "./autofix.js";
import { processEmail } from "./process-email.js";

const existing = (html: string) => processEmail({ html, source: "existing" });
const checkOf = (r: ReturnType<typeof processEmail>, id: string) => r.report.checks.find((c) => c.id === id);

/** A careful, email-safe template: hybrid layout, media query, dark mode, MSO conditionals, VML button. */
const WELL_MADE = `<!DOCTYPE html>
<html lang="en" dir="ltr" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your March update</title>
<style>
  .col { display:inline-block; width:100%; max-width:280px; vertical-align:top; }
  .btn:hover { background-color:#0b3a8f !important; }
  @media screen and (max-width:600px) { .col { max-width:100% !important; } .pad { padding:16px !important; } }
  @media (prefers-color-scheme: dark) { .dark-bg { background-color:#111111 !important; } .dark-text { color:#f5f5f5 !important; } }
</style>
<!--[if mso]><style>table,td{font-family:Arial,sans-serif !important;}</style><![endif]-->
</head>
<body style="margin:0;padding:0;background-color:#eeeeee;font-family:Arial,Helvetica,sans-serif;color:#222222;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">Three things worth reading this month</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">
<!--[if mso]><table role="presentation" width="600"><tr><td><![endif]-->
<table role="presentation" class="dark-bg" width="100%" style="max-width:600px;background-color:#ffffff;" cellpadding="0" cellspacing="0" border="0">
<tr><td class="pad" style="padding:32px;">
<h1 class="dark-text" style="margin:0 0 16px;font-size:28px;line-height:34px;color:#111111;">March update</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px;">Here is what changed for your account this month, and what is coming next.</p>
<div class="col"><h2 style="font-size:20px;margin:0 0 8px;color:#111111;">New reports</h2><p style="font-size:16px;margin:0;">Export any view as a spreadsheet.</p></div>
<!--[if mso]></td><td><![endif]-->
<div class="col"><h2 style="font-size:20px;margin:0 0 8px;color:#111111;">Faster search</h2><p style="font-size:16px;margin:0;">Results appear while you type.</p></div>
<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" href="https://example.com/account" style="height:44px;width:200px;" arcsize="10%" fillcolor="#1d4ed8"><center style="color:#ffffff;">Open your account</center></v:roundrect><![endif]-->
<!--[if !mso]><!--><a class="btn" href="https://example.com/account" style="display:inline-block;padding:12px 24px;background-color:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px;">Open your account</a><!--<![endif]-->
<p style="margin:24px 0 0;font-size:14px;color:#555555;">Hi {{first_name}}, <a href="{{unsubscribe_url}}" style="color:#555555;">unsubscribe</a> · <a href="mailto:help@example.com" style="color:#555555;">help@example.com</a> · <a href="tel:+15551234567" style="color:#555555;">call us</a></p>
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table>
</body></html>`;

describe("processEmail: keeps what clients support", () => {
  it("a well-made template passes and keeps its media queries, dark mode, hover, conditionals and VML", () => {
    const r = existing(WELL_MADE);
    expect(ZEmailReportSchema.parse(r.report)).toBeTruthy();
    expect(r.report.checks.filter((c) => c.status === "fail")).toEqual([]);
    expect(r.report.passed).toBe(true);
    expect(r.html.match(/<style/g)).toHaveLength(2); // ours in <head> + the one inside <!--[if mso]>
    expect(r.html).toContain("@media screen and (max-width:600px)");
    expect(r.html).toContain("prefers-color-scheme: dark");
    expect(r.html).toMatch(/\.btn:hover\s*\{\s*background-color: #0b3a8f !important;/);
    expect(r.html).toContain("<!--[if mso]><v:roundrect");
    expect(r.html).toContain("<!--[if !mso]><!-->");
    expect(r.html).toContain(
      "<!--[if mso]><style>table,td{font-family:Arial,sans-serif !important;}</style><![endif]-->",
    );
    // Classes stay (the media queries need them) and rules were also inlined.
    expect(r.html).toMatch(/class="col" style="[^"]*max-width: ?280px/);
    // Merge tags, mailto: and tel: untouched and not flagged.
    expect(r.html).toContain('href="{{unsubscribe_url}}"');
    expect(r.html).toContain('href="mailto:help@example.com"');
    expect(checkOf(r, "links.https")?.status).toBe("pass");
    expect(checkOf(r, "links.text")?.status).toBe("pass");
    // The preheader is found by how it is hidden and kept, not removed.
    expect(r.preheader).toBe("Three things worth reading this month");
    expect(r.html).toContain("Three things worth reading this month");
    expect(r.text).not.toContain("Three things worth reading");
    expect(r.text).toContain("March update");
  });

  it("moves body styles to a wrapper that carries lang and dir; the body keeps margin and background", () => {
    const r = existing(WELL_MADE);
    expect(r.html).toContain('<body style="margin:0;padding:0;background-color:#eeeeee">');
    expect(r.html).toMatch(
      /<div style="background-color:#eeeeee;font-family:Arial,Helvetica,sans-serif;color:#222222" lang="en" dir="ltr">/,
    );
    expect(checkOf(r, "a11y.lang")?.status).toBe("pass");
    expect(checkOf(r, "a11y.dir")?.status).toBe("pass");
  });

  it("removes script, handlers, forms, frames, external stylesheets, var() and flex/grid — and keeps their text", () => {
    const r = processEmail({ ...standInUnsafeEmail(), source: "generated" });
    expect(r.html).not.toMatch(/<script|<iframe|<form|<input|<link/i);
    expect(r.html).not.toMatch(/\son\w+\s*=/i);
    expect(r.html).not.toMatch(/display:\s*flex|gap:|var\(/i);
    expect(r.html).toContain("Buy");
    expect(r.report.changes).toEqual(
      expect.arrayContaining([
        "Removed 1 event handler attribute (onclick …)",
        expect.stringMatching(/^Removed flex\/grid layout/),
        expect.stringMatching(/^Inlined CSS from 1 <style> block/),
      ]),
    );
    // The image without alt is reported with a suggestion, never filled in.
    expect(r.html).toMatch(/<img src="https:\/\/example.com\/logo.png"(?![^>]*alt=)[^>]*>/);
    const alt = checkOf(r, "a11y.alt");
    expect(alt?.status).toBe("fail");
    expect(alt?.items?.[0]).toContain('suggested alt "Logo"');
    // The http: link is flagged with the one-click fix.
    const https = checkOf(r, "links.https");
    expect(https).toMatchObject({ status: "warn", autofix: "use-https", items: ["http://example.com"] });
  });
});

describe("processEmail: never deletes visible content", () => {
  it("a visible element with class preheader stays visible; header/nav/footer keep their content", () => {
    const html = `<html lang="en"><body>
<div class="preheader" style="font-size:14px;color:#333333;">Visible intro line</div>
<header><h1 style="color:#111111;">Brand</h1></header><nav><a href="https://example.com/shop">Shop the sale</a></nav>
<section><p style="color:#111111;">Body text</p></section><footer><p style="color:#333333;">Footer words</p></footer>
</body></html>`;
    const r = existing(html);
    for (const word of ["Visible intro line", "Brand", "Shop the sale", "Body text", "Footer words"]) {
      expect(r.html).toContain(word);
      expect(r.text).toContain(word);
    }
    expect(r.html).toContain('<div role="banner">');
    expect(r.html).toContain('<div role="contentinfo">');
    expect(r.preheader).not.toBe("Visible intro line"); // it is not hidden, so it is not a preheader
  });
});

describe("processEmail: semantics and accessibility", () => {
  it('a data table keeps its semantics; layout tables get role=presentation; alt="" stays', () => {
    const html = `<html lang="en"><body><table><tr><td>
<table><caption>Order 123</caption><thead><tr><th>Item</th><th>Price</th></tr></thead><tbody><tr><td>Mug</td><td>$9</td></tr></tbody></table>
<img src="https://example.com/line.png" alt="" width="600">
</td></tr></table></body></html>`;
    const r = existing(html);
    expect(r.html).toContain("<table><caption>Order 123</caption>");
    // The browser's tree: a <tr> written straight in a <table> sits in a <tbody>.
    expect(r.html).toContain('<table role="presentation"><tbody><tr><td>');
    expect(r.html).toContain('alt=""');
    expect(checkOf(r, "a11y.alt")?.status).toBe("pass");
  });

  it("catches low contrast from computed (inherited) colours and a background set on an ancestor", () => {
    const html = `<html lang="en"><body><table><tr><td style="background-color:#ffffff;color:#cccccc;">
<p>Light grey on white is hard to read.</p><p style="color:#111111;">This line is fine.</p></td></tr></table></body></html>`;
    const c = checkOf(existing(html), "a11y.contrast");
    expect(c?.status).toBe("fail");
    expect(c?.items?.[0]).toMatch(/^#cccccc on #ffffff: 1\.6\d:1/);
    const ok = checkOf(existing(html.replace("#cccccc", "#595959")), "a11y.contrast");
    expect(ok?.status).toBe("pass");
  });

  it("fails unreadable small print, table headers and buttons; tolerates footer small print between 2:1 and AA", () => {
    const page = (inner: string) =>
      `<html lang="en"><head><meta charset="utf-8"><title>T</title></head><body><table><tr><td style="background-color:#ffffff;color:#111111;font-size:16px;"><h1>Hello</h1><p>Body copy that reads well.</p>${inner}</td></tr></table></body></html>`;
    // #999999 on white is 2.85:1: small print in a footer stays a warning
    const footer = checkOf(
      existing(page('<p style="font-size:12px;color:#999999;">© 2026 Company, 1 Road</p>')),
      "a11y.contrast",
    );
    expect(footer?.status).toBe("warn");
    // #cacaca on white is 1.6:1: fails at any size
    const faint = checkOf(
      existing(page('<p style="font-size:12px;color:#cacaca;">You received this email because…</p>')),
      "a11y.contrast",
    );
    expect(faint?.status).toBe("fail");
    // a small table header at 2.6:1 is content, not small print
    const th = existing(
      page('<table><tr><th style="font-size:12px;color:#9ba2ab;">Item</th></tr><tr><td>Shoes</td></tr></table>'),
    );
    expect(checkOf(th, "a11y.contrast")?.status).toBe("fail");
    // a small bulletproof button (white on #22bc66, 2.5:1) is content too
    const button = existing(
      page(
        '<a href="https://example.com" style="background-color:#22bc66;color:#ffffff;font-size:13px;padding:10px;">Confirm your account</a>',
      ),
    );
    expect(checkOf(button, "a11y.contrast")?.status).toBe("fail");
    expect(button.report.passed).toBe(false);
  });

  it("fails a fragment without a head or charset, and passes a tracking pixel (made decorative)", () => {
    const fragment = existing(
      '<body><p style="color:#111111;">Sign in with the link below, it expires soon.</p></body>',
    );
    expect(checkOf(fragment, "doc.charset")?.status).toBe("fail");
    expect(fragment.html).not.toContain("charset");
    const source = `<html lang="en"><head><meta charset="utf-8"><title>Hi</title></head><body><h1>Hello</h1>
<p style="color:#111111;">Sign in with the link below, it expires soon.</p><img src="https://t.example.com/open.gif" width="1" height="1"></body></html>`;
    const full = existing(source);
    expect(checkOf(full, "doc.charset")?.status).toBe("pass");
    expect(checkOf(full, "a11y.alt")?.status).toBe("pass");
    expect(checkOf(existing(source.replace('width="1" height="1"', "")), "a11y.alt")?.status).toBe("fail");
  });

  it("reports vague link text, bare URLs, tiny text, no headings, no title, no lang", () => {
    const html = `<body><p style="font-size:10px;color:#000000;">Legal small print</p>
<a href="https://example.com/a">Click here</a> <a href="https://example.com/b">https://example.com/b</a></body>`;
    const r = existing(html);
    expect(checkOf(r, "links.text")?.items).toEqual([
      '"Click here" → https://example.com/a',
      "https://example.com/b (a bare URL)",
    ]);
    expect(checkOf(r, "a11y.text-size")?.status).toBe("warn");
    expect(checkOf(r, "a11y.headings")?.status).toBe("warn");
    expect(checkOf(r, "a11y.title")?.status).toBe("warn");
    expect(checkOf(r, "a11y.lang")?.status).toBe("warn");
  });

  it("a web font without a fallback font is reported; with one it passes", () => {
    const page = (family: string) =>
      `<html lang="en"><head><title>T</title><link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700"></head><body><h1>Hi</h1><p style="font-family:${family};color:#111111;">Body text of the email, long enough to read.</p></body></html>`;
    expect(checkOf(existing(page("Inter")), "fonts.fallback")).toMatchObject({ status: "warn", items: ["Inter"] });
    expect(checkOf(existing(page("Inter, Arial, sans-serif")), "fonts.fallback")?.status).toBe("pass");
    expect(checkOf(existing("<p>No web font</p>"), "fonts.fallback")).toBeUndefined();
  });

  it("an image-only email fails: with images blocked the reader sees nothing", () => {
    const r = existing(
      `<html lang="en"><head><title>Sale</title></head><body><a href="https://example.com"><img src="https://example.com/whole-email.jpg" alt="Sale"></a></body></html>`,
    );
    expect(checkOf(r, "content.text")?.status).toBe("fail");
    expect(r.report.passed).toBe(false);
  });
});

describe("processEmail: generated output", () => {
  it("every stand-in output passes all checks (no fail) and gets our clean skeleton", () => {
    for (const instructions of ["", "make it red", "blue please", "green", "yellow", "purple", "orange", "black"]) {
      const answer = standInEmail({ emailType: "Promotional Email Templates", instructions, images: 1 });
      const r = processEmail({ ...answer, source: "generated" });
      expect(
        r.report.checks.filter((c) => c.status === "fail"),
        instructions,
      ).toEqual([]);
      expect(r.report.passed).toBe(true);
      // Our skeleton adds no caniemail finding beyond known fallbacks.
      for (const id of ["caniemail.gmail", "caniemail.apple-mail", "caniemail.yahoo"])
        expect(checkOf(r, id)?.status, id).toBe("pass");
      expect(r.html).toMatch(/^<!DOCTYPE html>\n<html lang="en" dir="ltr"/);
      expect(r.html).toContain('<div role="article" aria-roledescription="email"');
      expect(r.html).toContain('<div style="max-width:600px;margin:0 auto;">');
    }
  });

  it("our skeleton alone adds no caniemail finding in Gmail, Apple Mail, Outlook or Yahoo (and keeps the preheader)", () => {
    const r = processEmail({
      html: '<p style="color:#111111;">Hello there, a plain paragraph.</p>',
      subject: "Hi",
      preheader: "A short preview",
      source: "generated",
    });
    for (const id of ["caniemail.gmail", "caniemail.apple-mail", "caniemail.outlook", "caniemail.yahoo"])
      expect(checkOf(r, id), id).toMatchObject({ status: "pass" });
    expect(r.preheader).toBe("A short preview");
    expect(r.html).toContain('mso-hide:all;">A short preview');
    expect(r.report.passed).toBe(true);
  });

  it("flags Gmail clipping above 102 KB (fail) and warns from 90 KB", () => {
    const para = `<p style="margin:0;color:#111111;">${"Lorem ipsum dolor sit amet. ".repeat(40)}</p>`;
    const build = (n: number) => `<table><tr><td>${para.repeat(n)}</td></tr></table>`;
    expect(checkOf(processEmail({ html: build(10), source: "generated" }), "size.gmail-clip")?.status).toBe("pass");
    const warn = processEmail({ html: build(82), source: "generated" }).report;
    expect(warn.sizeBytes).toBeGreaterThanOrEqual(90 * 1024);
    expect(warn.sizeBytes).toBeLessThanOrEqual(102 * 1024);
    expect(warn.checks.find((c) => c.id === "size.gmail-clip")?.status).toBe("warn");
    const clipped = processEmail({ html: build(100), source: "generated" }).report;
    expect(clipped.checks.find((c) => c.id === "size.gmail-clip")?.status).toBe("fail");
    expect(clipped.passed).toBe(false);
  });
});

describe("processEmail: odd input", () => {
  it("never throws: empty, plain text, broken CSS, downlevel-revealed conditionals, svg, deep nesting, no body", () => {
    const inputs = [
      "",
      "just text",
      "<html><head><style>.a{color:red;;; }} @media {{ .b{ </style></head><body><p class=a>Hi</p></body></html>",
      "<html><body><![if !mso]><p>Not Outlook</p><![endif]></body></html>",
      '<svg width="10" height="10"><style>.x{fill:red}</style><rect class="x" onclick="x()" width="10" height="10"/></svg>',
      // 90 nested tables are 360 levels (table, tbody, tr, td): deep, and still under the bound (sanitizer/bounds.ts).
      `${"<table><tr><td>".repeat(90)}deep${"</td></tr></table>".repeat(90)}`,
      "<html><head><title>t</title></head></html>",
    ];
    for (const html of inputs)
      for (const source of ["existing", "generated"] as const) {
        const r = processEmail({ html, source });
        expect(ZEmailReportSchema.safeParse(r.report).success, `${source}: ${html.slice(0, 40)}`).toBe(true);
      }
    const downlevel = existing(inputs[3]!).html;
    // A browser reads <![if !mso]> as a bogus comment; it becomes the valid form Outlook reads the same way.
    expect(downlevel).toContain("<!--[if !mso]><!--><p>Not Outlook</p><!--<![endif]-->");
    expect(processEmail({ html: inputs[4]!, source: "existing" }).html).not.toContain("onclick");
  });

  it("a lone content block is not taken for the wrapper; an MJML-style wrapper (lang/dir) is reused", () => {
    const lone = existing('<body style="background-color:#eeeeee;"><div class="c" style="width:300px">x</div></body>');
    expect(lone.html).toContain('<div style="background-color:#eeeeee" dir="ltr"><div class="c" style="width:300px">');
    const mjml = existing('<body style="word-spacing:normal;"><div lang="en" dir="auto"><p>x</p></div></body>');
    expect(mjml.html).toContain('<div lang="en" dir="auto" style="word-spacing:normal"><p>x</p></div>');
  });
});

describe("applyUseHttps", () => {
  it("upgrades http: links and images, leaves merge tags, mailto: and tel: alone", () => {
    const { html, changed } = applyUseHttps(
      `<a href="http://example.com/a">A</a><img src="http://example.com/i.png" alt=""><a href="http://{{domain}}/x">M</a><a href="mailto:a@b.c">Mail</a>`,
    );
    expect(changed).toBe(2);
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('src="https://example.com/i.png"');
    expect(html).toContain('href="http://{{domain}}/x"');
    const again = existing(html);
    expect(checkOf(again, "links.https")?.status).toBe("pass");
  });
});

describe("processEmail: the site's own http origin", () => {
  const html = `<html lang="en"><head><meta charset="utf-8"><title>T</title></head><body><h1>Hello</h1>
<p style="color:#111111;">Our photo, hosted by the site itself on a local http address.</p>
<img src="http://localhost:3000/uploads/abc/photo.png" alt="Photo"><a href="http://example.com/shop">The shop</a></body></html>`;

  it("does not flag the site's own uploads as insecure, and the https fix leaves them alone", () => {
    const r = processEmail({ html, source: "existing", ownOrigins: ["http://localhost:3000"] });
    const https = r.report.checks.find((c) => c.id === "links.https");
    expect(https?.status).toBe("warn");
    expect(https?.items).toEqual(["http://example.com/shop"]);
    const fixed = applyUseHttps(html, ["http://localhost:3000"]).html;
    expect(fixed).toContain('src="http://localhost:3000/uploads/abc/photo.png"');
    expect(fixed).toContain('href="https://example.com/shop"');
  });

  it("without the own origin, the same image is flagged", () => {
    const https = processEmail({ html, source: "existing" }).report.checks.find((c) => c.id === "links.https");
    expect(https?.items).toContain("http://localhost:3000/uploads/abc/photo.png");
  });
});
