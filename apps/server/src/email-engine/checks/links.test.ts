import { describe, expect, it } from "vitest";
import { applyUseHttps } from "../autofix.js";
import { processEmail } from "../process-email.js";

const email = (links: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head><body><p>Hello there.</p>${links}</body></html>`;
const check = (html: string, id: string) =>
  processEmail({ html, source: "existing" }).report.checks.find((c) => c.id === id);

describe("links that lead nowhere from an inbox (issue 37 item 6)", () => {
  it('fails a link without a scheme (href="facebook.com") and offers https:// in one click', () => {
    const html = email('<a href="facebook.com/acme">Facebook</a> <a href="//cdn.example.com/x">CDN</a>');
    expect(check(html, "links.no-scheme")).toMatchObject({
      status: "fail",
      autofix: "use-https",
      items: ["facebook.com/acme", "//cdn.example.com/x"],
    });
    const fixed = applyUseHttps(html).html;
    expect(fixed).toContain('href="https://facebook.com/acme"');
    expect(fixed).toContain('href="https://cdn.example.com/x"');
    expect(check(fixed, "links.no-scheme")).toBeUndefined();
  });

  it("fails relative links and tells the member to use full addresses", () => {
    const c = check(email('<a href="/pricing">Pricing</a> <a href="about.html">About us</a>'), "links.relative");
    expect(c).toMatchObject({ status: "fail", items: ["/pricing", "about.html"] });
    expect(c?.fix).toMatch(/https:\/\//);
  });

  it("leaves full addresses, mailto:, tel:, in-page anchors and merge tags alone", () => {
    const html = email(
      '<a href="https://acme.example/">Site</a> <a href="mailto:a@b.example">Mail us</a> <a href="tel:+1555">Call us</a> <a href="#top">Back to the top</a> <a href="{{unsubscribe_url}}">Unsubscribe</a> <a href="*|ARCHIVE|*">View online</a>',
    );
    expect(check(html, "links.no-scheme")).toBeUndefined();
    expect(check(html, "links.relative")).toBeUndefined();
  });
});
