import { wcagContrast } from "culori";
import { describe, expect, it } from "vitest";
import { processEmail } from "../process-email.js";

/** Decision 127: what the one-click accessibility fix left for axe's serious and critical rules on real templates. */
const doc = (body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${head}</head><body>${body}</body></html>`;
const fix = (html: string) => processEmail({ html, source: "existing", fixes: ["accessibility"] });
const TEXT = "Thanks for your order. We will tell you as soon as it ships, usually within two days.";

describe("links whose only content is a picture", () => {
  it("are named after where they go, or list the picture as waiting for the member's alt text", () => {
    const r = fix(
      doc(
        `<p>${TEXT}</p>` +
          '<a href="https://twitter.com/intent/tweet?url=x"><img src="https://cdn.example/i/1.png" width="24"></a>' +
          '<a href="https://www.instagram.com/acme"><img src="https://cdn.example/i/2.png" alt="" width="24"></a>' +
          '<a href="https://acme.example/p/9"><img src="https://cdn.example/summer-sale.jpg" width="600"></a>' +
          '<a href="https://acme.example/p/7"><img src="https://cdn.example/123.jpg" alt="" width="600"></a>',
      ),
    );
    expect(r.html).toContain('src="https://cdn.example/i/1.png" width="24" alt="Share on X (Twitter)"');
    expect(r.html).toContain('src="https://cdn.example/i/2.png" alt="Instagram"');
    expect(r.html).toContain('src="https://cdn.example/summer-sale.jpg" width="600" alt="Summer sale"');
    // Nothing says what 123.jpg shows: it waits for the member, it is not invented.
    expect(r.html).toContain('src="https://cdn.example/123.jpg" alt=""');
    const waiting = r.fixes.filter((f) => f.id === "a11y.alt" && !f.applied);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.reason).toMatch(/^Waiting for your alt text/);
    expect(waiting[0]?.before).toContain("123.jpg");
  });
});

describe("links told from their sentence by colour alone", () => {
  it("are underlined when their colour is within 3:1 of the text; buttons and distinct links are not", () => {
    const r = fix(
      doc(
        `<p style="color:#333333">${TEXT} Read the <a href="https://x.example/docs" style="color:#556cd6;text-decoration-line:none">docs</a> first.</p>` +
          `<p style="color:#333333">${TEXT} Or <a href="https://x.example/help" style="color:#333333;text-decoration:underline">ask us</a>.</p>` +
          '<p><a href="https://x.example/buy" style="color:#ffffff;background:#0055cc;text-decoration:none;padding:12px">Buy now</a></p>',
      ),
    );
    expect(r.html).toMatch(/<a href="https:\/\/x\.example\/docs" style="color:#556cd6;text-decoration:underline">/);
    expect(r.html).toMatch(/<a href="https:\/\/x\.example\/buy" style="[^"]*text-decoration:none/);
    expect(r.fixes.filter((f) => f.id === "a11y.linkUnderline")).toHaveLength(1);
  });
});

describe("contrast set by a kept style rule", () => {
  it("repairs a phone's @media class colour like an inline one, and leaves dark mode and hover alone", () => {
    const head = `<style>
@media (max-width: 600px) { .muted { color: #cccccc !important; } }
@media (prefers-color-scheme: dark) { .muted { color: #444444 !important; } }
a.muted:hover { color: #eeeeee; }
</style>`;
    const r = fix(
      doc(`<table><tr><td style="background:#ffffff"><p class="muted">${TEXT}</p></td></tr></table>`, head),
    );
    const phone = r.html.match(/@media \(max-width: 600px\)\s*\{\s*\.muted\s*\{\s*color:\s*(#[0-9a-f]{6}) !important/i);
    expect(phone?.[1]).toBeDefined();
    expect(wcagContrast(phone![1]!, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(r.html).toMatch(/prefers-color-scheme: dark\)\s*\{\s*\.muted\s*\{\s*color:\s*#444444/);
    expect(r.html).toMatch(/a\.muted:hover\s*\{\s*color:\s*#eeeeee/);
    expect(r.fixes).toContainEqual(
      expect.objectContaining({ id: "a11y.contrast", before: "#cccccc on #ffffff (1.61:1)" }),
    );
  });
});

describe("layout tables", () => {
  it('get role="presentation" even when the author called them a table; data tables keep theirs', () => {
    const r = fix(
      doc(
        `<table role="table" width="600"><tr><td>${TEXT}</td></tr></table>` +
          '<table role="table"><caption>Order</caption><tr><th>Item</th></tr><tr><td>Mug</td></tr></table>',
      ),
    );
    expect(r.html).toMatch(/<table role="presentation" width="600">/);
    expect(r.html).toMatch(/<table role="table"><caption>/);
  });
});
