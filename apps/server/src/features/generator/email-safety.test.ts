import { describe, expect, it } from "vitest";
import { postProcessEmail } from "./email-safety.js";

const UNSAFE = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="https://example.com/site.css">
<style>.row{display:flex;gap:8px}.title{color:var(--brand);font-size:20px}</style>
<script>document.cookie</script></head>
<body>
<div class="row" onclick="track()" onmouseover="x()">
  <img src="https://example.com/images/company-logo.png" width="900">
  <p class="title">Big sale</p>
  <a href="http://example.com/offer">Offer</a> <a href="javascript:alert(1)">Bad</a> <a href="#">Placeholder</a>
</div>
<div style="display:grid;grid-template-columns:1fr 1fr;position:absolute">Grid</div>
<form action="https://example.com"><input name="q"><button>Go</button></form>
<iframe src="https://example.com/embed"></iframe>
</body></html>`;

const GOOD = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Welcome</title></head>
<body style="margin:0;background-color:#eeeeee;">
<div class="preheader" style="display:none;max-height:0;overflow:hidden;">Thanks for joining us</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;background-color:#ffffff;">
<tr><td style="padding:24px;font-family:Arial,sans-serif;font-size:16px;line-height:24px;color:#333333;">
<h1 style="margin:0 0 12px;font-size:24px;">Welcome aboard</h1>
<img src="https://example.com/hero.png" width="552" alt="Our team waving" style="display:block;width:100%;height:auto;border:0;">
<p style="margin:12px 0;">We are glad you are here.</p>
<a href="https://example.com/start" style="color:#1d4ed8;">Get started</a>
<a href="mailto:help@example.com" style="color:#1d4ed8;">Email us</a>
</td></tr></table></td></tr></table></body></html>`;

describe("postProcessEmail", () => {
  it("removes scripts, handlers, flex/grid, <style>, forms, frames and var(), and adds alt text", () => {
    const { html, report, text } = postProcessEmail({ html: UNSAFE, subject: "Sale" });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+\s*=/i);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(/<link/i);
    expect(html).not.toMatch(/<(form|input|button|iframe)/i);
    expect(html).not.toMatch(/display\s*:\s*(flex|grid)/i);
    expect(html).not.toMatch(/grid-template|gap\s*:|position\s*:/i);
    expect(html).not.toMatch(/var\(/i);
    expect(html).not.toContain("javascript:");
    expect(html).not.toMatch(/class=/);
    // Every image has alt text; the one without is reported.
    expect(html).toContain('alt="Company logo"');
    expect(report.missingAlt).toEqual(["https://example.com/images/company-logo.png"]);
    expect(html).toContain('width="600"');
    // Inlined before the <style> block went: the font size survived.
    expect(html).toContain("font-size:20px");
    expect(report.insecureLinks).toEqual(["http://example.com/offer", "(empty link)", "#"]);
    expect(report.passed).toBe(false);
    expect(report.fixes).toEqual(
      expect.arrayContaining([
        "Removed 1 <script> element",
        "Removed 2 event handler attributes (onclick …)",
        "Inlined and removed 1 <style> block",
        "Removed 1 external stylesheet link",
        "Removed flex/grid layout from 2 elements",
        "Removed 3 form elements",
        "Removed 1 embedded element (iframe, video, svg …)",
        "Added placeholder alt text to 1 image: review it",
      ]),
    );
    // caniemail findings per client: what the AI output would have broken, now fixed.
    const outlook = report.clients.find((c) => c.client === "Outlook")!;
    expect(outlook.fixed.map((f) => f.feature)).toEqual(
      expect.arrayContaining(["display:flex", "display:grid", "<form> element"]),
    );
    const gmail = report.clients.find((c) => c.client === "Gmail")!;
    expect(gmail.fixed.map((f) => f.feature)).toContain("Class selector");
    // What is left: only the "#" placeholder link (local anchors), which the report also lists.
    for (const c of report.clients) for (const f of c.issues) expect(f.feature).toBe("Local anchors");
    expect(text).toContain("Big sale");
  });

  it("gives every email the skeleton: doctype, lang, charset, viewport, color-scheme, preheader, 600 px MSO column", () => {
    const { html, preheader } = postProcessEmail({ html: "<p>Just a paragraph</p>", subject: "Hi" });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain("<title>Hi</title>");
    expect(html).toContain(
      '<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td width="600"><![endif]-->',
    );
    expect(html).toContain('<div style="max-width:600px;margin:0 auto;">');
    expect(preheader).toBe("Just a paragraph");
    expect(html).toContain('mso-hide:all;">Just a paragraph');
  });

  it("a known-good table email passes clean", () => {
    const { html, report, preheader, text, subject } = postProcessEmail({ html: GOOD });
    expect(report.passed).toBe(true);
    expect(report.fixes).toEqual([]);
    expect(report.missingAlt).toEqual([]);
    expect(report.insecureLinks).toEqual([]);
    expect(report.sizeStatus).toBe("ok");
    for (const c of report.clients) {
      expect(c.issues).toEqual([]);
      expect(c.fixed).toEqual([]);
    }
    expect(subject).toBe("Welcome");
    expect(preheader).toBe("Thanks for joining us");
    expect(html).toContain("background-color:#eeeeee");
    // Two tables of the email, the outer wrapper and the MSO one: all layout tables are presentation.
    expect(html.match(/<table/g)!.length).toBe(4);
    expect(html.match(/<table role="presentation"/g)!.length).toBe(4);
    expect(text).toContain("Welcome aboard");
    expect(text).toContain("Get started [https://example.com/start]");
    expect(text).not.toContain("Thanks for joining us");
  });

  it("warns from 90 KB and flags Gmail clipping above 102 KB", () => {
    const para = `<p style="margin:0;">${"Lorem ipsum dolor sit amet. ".repeat(40)}</p>`;
    const build = (n: number) => `<table role="presentation"><tr><td>${para.repeat(n)}</td></tr></table>`;
    const small = postProcessEmail({ html: build(10) }).report;
    expect(small.sizeStatus).toBe("ok");
    const warn = postProcessEmail({ html: build(85) }).report;
    expect(warn.sizeBytes).toBeGreaterThanOrEqual(90 * 1024);
    expect(warn.sizeBytes).toBeLessThanOrEqual(102 * 1024);
    expect(warn.sizeStatus).toBe("warn");
    expect(warn.passed).toBe(false);
    const clipped = postProcessEmail({ html: build(100) }).report;
    expect(clipped.sizeStatus).toBe("clipped");
  });
});
