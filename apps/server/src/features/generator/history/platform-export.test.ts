import { EXPORT_PLATFORMS, type ExportPlatform, fillTokens } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { LEFTOVER_TAG, renderWithEngine, SAMPLE_ADDRESS, sampleValues } from "../../../../test/platform-render.js";
import { exportForPlatform } from "./platform-export.js";

/** A template with our tokens in text, in attributes and in links, with and without fallbacks, and a style block. */
export const TOKEN_TEMPLATE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Hello</title>
<style>@media (max-width:600px){.col{width:100%!important}}</style></head>
<body style="margin:0;background:#ffffff;"><table role="presentation" width="100%"><tr><td style="font-family:Arial,sans-serif;font-size:16px;">
<p>Hi {{first_name|there}} {{last_name}},</p>
<p title="For {{email}}">Your team at {{company|your company}} &amp; friends &mdash; 50% off.</p>
<img src="https://example.com/a.png" alt="Hello {{first_name|friend}}" width="100" style="display:block;">
<a href="{{view_in_browser_url}}" style="color:#0b57d0;">View in your browser</a>
<p style="font-size:12px;">{{company_address}}<br><a href="{{unsubscribe_url}}">Unsubscribe</a></p>
</td></tr></table></body></html>`;

const PLATFORMS = EXPORT_PLATFORMS.filter((p): p is Exclude<ExportPlatform, "html"> => p !== "html");

/** What the member's recipient should see: our preview with the same values (Brevo has no address tag). */
function expected(platform: ExportPlatform, html: string, values: Record<string, string | undefined>) {
  const v = { ...values };
  if (platform === "brevo") v.company_address = "";
  if (platform === "sendgrid" || platform === "hubspot") v.company_address = SAMPLE_ADDRESS;
  return fillTokens(html, v);
}

describe("export to each platform, rendered by an engine of its family", () => {
  for (const platform of PLATFORMS) {
    it(`${platform}: every token rendered, nothing escaped, the rest byte for byte`, async () => {
      const out = exportForPlatform(TOKEN_TEMPLATE, platform);
      expect(out.html).not.toContain("{{first_name|");
      const rendered = await renderWithEngine(platform, out.html, sampleValues());
      expect(rendered).not.toMatch(LEFTOVER_TAG);
      expect(rendered).toContain('href="https://example.com/unsubscribe/ada"');
      expect(rendered).toContain("Hi Ada Lovelace,");
      expect(rendered).toBe(expected(platform, TOKEN_TEMPLATE, sampleValues()));
      // Nothing to add: the template has an unsubscribe link and an address already.
      expect(out.notes.join(" ")).not.toMatch(/Added/);
    });

    it(`${platform}: a contact without a first name gets the fallback`, async () => {
      const values = { ...sampleValues(), first_name: undefined };
      const rendered = await renderWithEngine(platform, exportForPlatform(TOKEN_TEMPLATE, platform).html, values);
      expect(rendered).toContain("Hi there Lovelace,");
      expect(rendered).toContain('alt="Hello friend"');
      expect(rendered).toBe(expected(platform, TOKEN_TEMPLATE, values));
    });

    it(`${platform}: adds the unsubscribe link (and address) when missing, and says so`, async () => {
      const bare = "<html><body><p>Hello {{first_name}}</p></body></html>";
      const out = exportForPlatform(bare, platform);
      expect(out.notes.some((n) => n.startsWith("Added an unsubscribe link"))).toBe(true);
      const rendered = await renderWithEngine(platform, out.html, sampleValues());
      expect(rendered).not.toMatch(LEFTOVER_TAG);
      expect(rendered).toMatch(
        /<a href="https:\/\/example\.com\/unsubscribe\/ada"[^>]*>Unsubscribe<\/a><\/td><\/tr><\/table><\/body>/,
      );
      if (platform === "brevo") expect(out.notes.some((n) => n.includes("no postal address tag"))).toBe(true);
      else {
        expect(out.notes.some((n) => n.startsWith("Added your postal address"))).toBe(true);
        expect(rendered).toContain(
          platform === "klaviyo" || platform === "mailchimp" ? sampleValues().company_address : SAMPLE_ADDRESS,
        );
      }
    });
  }

  it("no engine escapes a link's query string into the href (SendGrid's three braces, Klaviyo's tag)", async () => {
    const values = { ...sampleValues(), unsubscribe_url: "https://example.com/u?id=1&list=2" };
    for (const platform of PLATFORMS) {
      const rendered = await renderWithEngine(platform, exportForPlatform(TOKEN_TEMPLATE, platform).html, values);
      expect(rendered, platform).toContain('<a href="https://example.com/u?id=1&list=2">Unsubscribe</a>');
    }
  });

  it("keeps the platform's own unsubscribe tag and adds no second one", () => {
    const cases: [ExportPlatform, string][] = [
      ["mailchimp", '<a href="*|UNSUB|*">Leave</a> *|LIST:ADDRESSLINE|*'],
      ["klaviyo", "{% unsubscribe %} {{ organization.full_address }}"],
      ["sendgrid", '<a href="{{{unsubscribe}}}">Leave</a> {{Sender_Address}}'],
      ["hubspot", '<a href="{{ unsubscribe_link }}">Leave</a> {{ site_settings.company_street_address_1 }}'],
      ["brevo", '<a href="{{ unsubscribe }}">Leave</a>'],
    ];
    for (const [platform, footer] of cases) {
      const html = `<html><body><p>Hi</p>${footer}</body></html>`;
      const out = exportForPlatform(html, platform);
      expect(out.html, platform).toBe(html);
      expect(out.notes.join(" "), platform).not.toMatch(/Added/);
    }
  });

  it("plain HTML: tokens become their fallbacks or nothing, links without one become # (with a note)", () => {
    const out = exportForPlatform(TOKEN_TEMPLATE, "html");
    expect(out.html).not.toMatch(LEFTOVER_TAG);
    expect(out.html).toContain("Hi there ,");
    expect(out.html).toContain('href="#"');
    expect(out.notes.some((n) => n.includes("{{unsubscribe_url}} had no fallback"))).toBe(true);
    expect(out.html.replace(/\s+/g, "")).not.toContain("{{");
  });

  it("leaves unknown tokens as written and names them", () => {
    const out = exportForPlatform(
      "<html><body>{{coupon_code}} {{unsubscribe_url}} {{company_address}}</body></html>",
      "klaviyo",
    );
    expect(out.html).toContain("{{coupon_code}}");
    expect(out.notes.some((n) => n.includes("{{coupon_code}}"))).toBe(true);
  });
});
