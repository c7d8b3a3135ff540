import { describe, expect, it } from "vitest";
import { processEmail } from "./process-email.js";

/**
 * The email engine leaves every sending platform's own tags as written (decision 114): in links,
 * in other attributes and in text, through the sanitiser (parse5, decision 100) and every pass, for an existing email
 * and a generated one. MJML issues 42, 1839 and 2744 are this bug in another tool.
 */
const PLATFORM_TAGS = {
  ours: {
    link: "{{unsubscribe_url}}",
    attr: "{{first_name|friend}}",
    text: "{{first_name|there}} {{company_address}}",
  },
  mailchimp: {
    link: "*|UNSUB|*",
    attr: "*|FNAME|*",
    text: "*|IF:FNAME|*Hi *|FNAME|**|ELSE:|*Hi there*|END:IF|* *|LIST:ADDRESSLINE|* *|ARCHIVE|*",
  },
  klaviyo: {
    link: "{% unsubscribe_link %}",
    attr: "{{ first_name|default:'' }}",
    text: "{{ first_name|default:'there' }} {% unsubscribe %} {{ organization.full_address }}",
  },
  sendgrid: {
    link: "{{{unsubscribe}}}",
    attr: "{{first_name}}",
    text: "{{#if first_name}}{{first_name}}{{else}}there{{/if}} {{Sender_Address}}, {{Sender_City}}",
  },
  hubspot: {
    link: "{{ unsubscribe_link }}",
    attr: "{{ contact.firstname }}",
    text: "{{ contact.firstname|default('there') }} {{ site_settings.company_street_address_1 }}",
  },
  brevo: {
    link: "{{ unsubscribe }}",
    attr: "{{ contact.FIRSTNAME }}",
    text: "{{ contact.FIRSTNAME | default : 'there' }} {{ mirror }}",
  },
} as const;

function email(t: { link: string; attr: string; text: string }) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Platform tags</title></head>
<body style="margin:0;background:#ffffff;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px;color:#222222;padding:24px;">
<h1 style="font-size:24px;">Hello</h1>
<p>${t.text}</p>
<img src="https://example.com/a.png" alt="For ${t.attr}" title="${t.attr}" width="200" style="display:block;border:0;">
<p><a href="${t.link}" title="${t.attr}" style="color:#0b57d0;">Unsubscribe</a></p>
</td></tr></table></body></html>`;
}

describe("processEmail keeps each platform's tags as written", () => {
  for (const [platform, t] of Object.entries(PLATFORM_TAGS)) {
    for (const source of ["existing", "generated"] as const) {
      it(`${platform} (${source}): in a link, in attributes and in text`, () => {
        const out = processEmail({ html: email(t), source }).html;
        expect(out).toContain(`href="${t.link}"`);
        expect(out).toContain(`alt="For ${t.attr}"`);
        expect(out).toContain(`title="${t.attr}"`);
        expect(out).toContain(t.text);
      });
    }
  }

  it("does not call a platform's unsubscribe tag an empty or insecure link", () => {
    for (const [platform, t] of Object.entries(PLATFORM_TAGS)) {
      const links = processEmail({ html: email(t), source: "existing" }).report.checks.find((c) => c.id === "links");
      expect(`${platform}: ${links?.status} ${links?.reason ?? ""}`).not.toMatch(/fail/);
    }
  });
});

describe("the tokens check", () => {
  const run = (text: string) =>
    processEmail({
      html: email({ link: "https://example.com/u", attr: "x", text }),
      source: "generated",
    }).report.checks.find((c) => c.id === "tokens");

  it("passes when every token is known and names the unknown ones", () => {
    expect(run("Hi {{first_name|there}}")?.status).toBe("pass");
    const unknown = run("Hi {{first_name}}, your code {{coupon_code}}");
    expect(unknown?.status).toBe("warn");
    expect(unknown?.items).toEqual(["{{coupon_code}}"]);
  });

  it("is not in the report of an email without our tokens (platform tags are not ours)", () => {
    expect(run("{{ contact.firstname }} *|FNAME|*")).toBeUndefined();
  });
});
