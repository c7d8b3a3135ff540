import { EXPORT_PLATFORMS, type ExportPlatform, fillTokens } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { LEFTOVER_TAG, renderWithEngine, SAMPLE_ADDRESS, sampleValues } from "../../../test/platform-render.js";
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

/** A brand kit snapshot's footer: what a template generated with a kit carries. */
const KIT = { name: "Harbour & Co", footer: { address: "Harbour & Co\n1 Harbour Road, Bristol BS1 4RN" } };
const KIT_LINE = "Harbour &amp; Co, 1 Harbour Road, Bristol BS1 4RN";
const BARE = "<html><body><p>Hello {{first_name}}</p></body></html>";

describe("the brand kit's address where the export adds one (decision 118)", () => {
  it("Brevo (no address tag): the kit's address in the footer, noted, rendered as text", async () => {
    const out = exportForPlatform(BARE, "brevo", { kit: KIT });
    expect(out.notes.some((n) => n.startsWith("Added the postal address of your brand kit “Harbour & Co”"))).toBe(true);
    expect(out.notes.some((n) => n.includes("no postal address tag"))).toBe(false);
    const rendered = await renderWithEngine("brevo", out.html, sampleValues());
    expect(rendered).not.toMatch(LEFTOVER_TAG);
    expect(rendered).toContain(`${KIT_LINE}<br><a href="https://example.com/unsubscribe/ada"`);
    // Without a kit: as before, the member is asked to write it.
    expect(exportForPlatform(BARE, "brevo").notes.some((n) => n.includes("no postal address tag"))).toBe(true);
  });

  it("Klaviyo and SendGrid take the kit's address as text; Mailchimp and HubSpot keep their own tag", async () => {
    for (const platform of ["klaviyo", "sendgrid"] as const) {
      const out = exportForPlatform(BARE, platform, { kit: KIT });
      expect(out.html, platform).not.toMatch(/organization\.full_address|Sender_Address/);
      expect(await renderWithEngine(platform, out.html, sampleValues()), platform).toContain(KIT_LINE);
      expect(out.notes.some((n) => n.includes("brand kit “Harbour & Co”"))).toBe(true);
    }
    expect(exportForPlatform(BARE, "mailchimp", { kit: KIT }).html).toContain("*|LIST:ADDRESSLINE|*");
    expect(exportForPlatform(BARE, "hubspot", { kit: KIT }).html).toContain("site_settings.company_street_address_1");
  });

  it("a kit address with template syntax or markup stays text in every engine", async () => {
    const kit = { name: "Odd", footer: { address: "{{ contact.EMAIL }} {% unsubscribe %} *|FNAME|* <b>1 Road</b>" } };
    for (const platform of ["klaviyo", "sendgrid", "brevo"] as const) {
      const rendered = await renderWithEngine(
        platform,
        exportForPlatform(BARE, platform, { kit }).html,
        sampleValues(),
      );
      expect(rendered, platform).toContain(
        "&#123;&#123; contact.EMAIL &#125;&#125; &#123;&#37; unsubscribe &#37;&#125; *&#124;FNAME&#124;* &lt;b&gt;1 Road&lt;/b&gt;",
      );
    }
  });

  it("no second address when the email already shows the kit's, and {{company_address}} becomes it (plain HTML too)", () => {
    const shown = `<html><body><p>Hi</p><p>${KIT_LINE}</p><a href="{{unsubscribe_url}}">Leave</a></body></html>`;
    const out = exportForPlatform(shown, "brevo", { kit: KIT });
    expect(out.html.split("1 Harbour Road")).toHaveLength(2);
    expect(out.notes.join(" ")).not.toMatch(/Added/);
    const token = "<html><body><p>{{company_address}}</p></body></html>";
    expect(exportForPlatform(token, "html", { kit: KIT }).html).toContain(`<p>${KIT_LINE}</p>`);
    expect(exportForPlatform(token, "brevo", { kit: KIT }).html).toContain(`<p>${KIT_LINE}</p>`);
    expect(exportForPlatform(token, "html").html).toContain("<p></p>");
  });
});

describe("Mailchimp editable regions (mc:edit, decision 118)", () => {
  const LAYOUT = `<!DOCTYPE html><html><head><title>T</title><style>td{color:#111}</style></head><body>
<table role="presentation" width="100%"><tr><td align="center">
<table role="presentation" width="600"><tr><td style="padding:0"><img src="https://example.com/logo.png" alt="Logo" width="120"></td></tr>
<tr><td style="padding:24px"><h1>Spring sale</h1><p>Hi {{first_name|there}}</p></td></tr>
<tr><td style="padding:24px"><table role="presentation"><tr><TD><a href="https://example.com">Shop</a></TD><td>&nbsp;</td></tr></table></td></tr>
</table></td></tr></table></body></html>`;
  const strip = (html: string) => html.replace(/ mc:edit="content_\d+"/g, "");

  it("marks each content cell once, in order, and nothing else changes", async () => {
    const out = exportForPlatform(LAYOUT, "mailchimp", { editable: true });
    const names = [...out.html.matchAll(/<td mc:edit="(content_\d+)"|<TD mc:edit="(content_\d+)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(names).toEqual(["content_1", "content_2", "content_3"]);
    expect(out.html).toContain('<td mc:edit="content_1" style="padding:0"><img');
    expect(out.html).toContain('<TD mc:edit="content_3"><a href="https://example.com">Shop</a>');
    // The layout cells that hold tables, the empty spacer cell and the added footer are not regions.
    expect(out.html).toContain('<tr><td align="center">');
    expect(out.html).toContain("<td>&nbsp;</td>");
    expect(out.html).toContain('<td align="center" style="padding:16px;');
    expect(out.notes.some((n) => n.startsWith("Marked 3 content blocks as editable"))).toBe(true);
    const plain = exportForPlatform(LAYOUT, "mailchimp");
    expect(strip(out.html)).toBe(plain.html);
    expect(strip(await renderWithEngine("mailchimp", out.html, sampleValues()))).toBe(
      await renderWithEngine("mailchimp", plain.html, sampleValues()),
    );
  });

  it("only on request, and only for Mailchimp", () => {
    expect(exportForPlatform(TOKEN_TEMPLATE, "mailchimp").html).not.toContain("mc:edit");
    expect(exportForPlatform(TOKEN_TEMPLATE, "klaviyo", { editable: true }).html).not.toContain("mc:edit");
    const one = exportForPlatform(TOKEN_TEMPLATE, "mailchimp", { editable: true });
    expect(one.html.match(/mc:edit=/g)).toHaveLength(1);
    expect(strip(one.html)).toBe(exportForPlatform(TOKEN_TEMPLATE, "mailchimp").html);
  });

  it("keeps offsets right with CRLF line ends and non-ASCII text", () => {
    const crlf = LAYOUT.replace(/\n/g, "\r\n").replace("Spring sale", "Früh­lings­ver­kauf 🌷");
    const out = exportForPlatform(crlf, "mailchimp", { editable: true });
    expect(strip(out.html)).toBe(exportForPlatform(crlf, "mailchimp").html);
    expect(out.html).toContain('<td mc:edit="content_2" style="padding:24px"><h1>Früh');
  });
});
