import { EXPORT_PLATFORMS, type ExportPlatform } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { renderWithEngine, sampleValues } from "../../../test/platform-render.js";
import { neutraliseTemplateCode } from "./foreign-template-code.js";
import { exportForPlatform } from "./platform-export.js";

/**
 * Template-engine code in a member's HTML (decision 125) is exported as text: rendered by each
 * platform's engine (handlebars for SendGrid, liquidjs for Klaviyo and Brevo, nunjucks for HubSpot, the merge-tag
 * renderer for Mailchimp) it runs nothing and shows as written; our fields and plain variables still fill in.
 */
const ATTACKS = [
  // Handlebars: a block, a partial (throws when no such partial), raw output, a comment, a helper call.
  "{{#each list}}LOOPED{{/each}}",
  "{{> secrets}}",
  "{{{raw_html}}}",
  "{{!-- hidden --}}",
  '{{lookup this "constructor"}}',
  // Liquid: file tags, assignment, a filter on a variable.
  "{% include 'config' %}",
  "{% render 'snippet' %}",
  '{% assign who = "ASSIGNED" %}',
  "{{ first_name | upcase }}",
  // Jinja / HubL: an attribute walk to code, a set, a comment.
  '{{ range.constructor("return 6*7")() }}',
  "{{ foo.__class__ }}",
  "{% set answer = 6 * 7 %}",
  "{# note #}",
  // Mailchimp merge tags that print raw HTML or steer the email.
  "*|HTML:FNAME|*",
  "*|IF:FNAME|*SHOWN*|END:IF|*",
  "*|FEEDBLOCK:https://example.com/feed|*",
  // An opener left open.
  "{{ unclosed",
];

const TEMPLATE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Hi</title>
<style>@media (max-width:600px){.col{width:100%!important}}</style></head><body><table role="presentation"><tr><td>
<p>Hi {{first_name|there}},</p>
${ATTACKS.map((a) => `<p class="attack">${a}</p>`).join("\n")}
<p class="set">{{ who }}{{ answer }}</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>
</td></tr></table></body></html>`;

/** The text a reader sees: character references decoded (the engines leave them alone, the mail client does not). */
const decoded = (html: string) =>
  html.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, "&");

const values = { ...sampleValues(), raw_html: "<script>alert(1)</script>", list: "x" };

describe("foreign template code in an export", () => {
  for (const platform of EXPORT_PLATFORMS) {
    it(`${platform}: the platform's engine runs none of it, the reader sees it as written, the notes list it`, async () => {
      const out = exportForPlatform(TEMPLATE, platform);
      const rendered = decoded(await renderWithEngine(platform, out.html, values));
      for (const attack of ATTACKS) expect(rendered).toContain(`<p class="attack">${attack}</p>`);
      expect(rendered).not.toContain("<script>");
      expect(rendered).not.toMatch(/>\s*(?:LOOPED|ASSIGNED|42|SHOWN)\s*</);
      if (platform !== "html") expect(rendered).toContain("Hi Ada,");
      expect(rendered).not.toMatch(/<p class="set">[^<]*(?:ASSIGNED|42)/);
      const note = out.notes.find((n) => n.startsWith("Template code that"));
      expect(note).toContain("{% include 'config' %}");
      expect(note).toContain("and 9 more");
      const { found } = neutraliseTemplateCode(TEMPLATE, platform);
      for (const attack of ["*|HTML:FNAME|*", "{{ foo.__class__ }}", "{% render 'snippet' %}", "{{"])
        expect(found).toContain(attack);
    });
  }

  it("plain platform variables and the platforms' own tags stay live on their platform", async () => {
    const html = `<p>{{ contact.firstname }} *|FNAME|* {{name}}</p><p>*|LIST:ADDRESSLINE|*</p>`;
    expect(neutraliseTemplateCode(html, "hubspot")).toEqual({ html, found: [] });
    const sendgrid = '<a href="{{{unsubscribe}}}">Unsubscribe</a>';
    expect(neutraliseTemplateCode(sendgrid, "sendgrid").found).toEqual([]);
    expect(neutraliseTemplateCode(sendgrid, "klaviyo").found).toEqual(["{{{unsubscribe}}}"]);
    const klaviyo = '<a href="{% unsubscribe_link %}">Unsubscribe</a>';
    const out = exportForPlatform(`<html><body>${klaviyo}</body></html>`, "klaviyo");
    expect(out.html).toContain(klaviyo);
    expect(out.notes.some((n) => n.startsWith("Added an unsubscribe link"))).toBe(false);
    const hub = await renderWithEngine("hubspot", exportForPlatform(`<p>{{ contact.firstname }}</p>`, "hubspot").html, {
      first_name: "Ada",
    });
    expect(hub).toContain("<p>Ada</p>");
  });

  it("an unknown field with a 'fallback' is a filter call to an engine: escaped; without one it is a plain variable", () => {
    expect(neutraliseTemplateCode("{{coupon|upcase}}", "klaviyo").found).toEqual(["{{coupon|upcase}}"]);
    expect(neutraliseTemplateCode("{{coupon}}", "klaviyo").found).toEqual([]);
  });

  it("a template with no template code is exported byte for byte as before", () => {
    const plain = "<html><body><style>a{b:c}}</style><p>50% off * all | items {braces}</p></body></html>";
    for (const platform of EXPORT_PLATFORMS as readonly ExportPlatform[])
      expect(neutraliseTemplateCode(plain, platform)).toEqual({ html: plain, found: [] });
  });
});
