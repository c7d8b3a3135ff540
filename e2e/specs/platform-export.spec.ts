import { readFile } from "node:fs/promises";
import { EXPORT_PLATFORM_LABELS, EXPORT_PLATFORMS } from "@mailsmith/shared";
import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/**
 * The platform export in the browser (decision 114): a template with personalisation fields is downloaded for each
 * sending platform with its file name and tags, copied for Mailchimp with the export's notes, and previewed with
 * sample data.
 */
const HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Autumn offer</title></head>
<body style="margin:0;background:#ffffff;"><table role="presentation" width="100%"><tr><td style="font-family:Arial,sans-serif;font-size:16px;padding:24px;">
<h1 style="font-size:24px;">Autumn offer</h1><p>Hi {{first_name|there}}, this one is for {{company|your team}}.</p>
</td></tr></table></body></html>`;

const TAGS = {
  mailchimp: "*|IF:FNAME|**|FNAME|**|ELSE:|*there*|END:IF|*",
  klaviyo: "{{ first_name|default:'there' }}",
  sendgrid: "{{#if first_name}}{{first_name}}{{else}}there{{/if}}",
  hubspot: "{{ contact.firstname|default('there') }}",
  brevo: "{{ contact.FIRSTNAME | default : 'there' }}",
  html: "Hi there, this one is for your team.",
} as const;

test("export a template to each sending platform: downloads, copy with notes, sample preview", async ({
  page,
  context,
  baseURL,
}) => {
  await signUpMember(page);
  const imported = await page.request.post("/api/templates/import", {
    data: { html: HTML },
    headers: { origin: baseURL! },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const id: string = (await imported.json()).data._id;
  await page.goto(`/user/templates/${id}`);
  const section = page.getByRole("region", { name: "Export to your sending platform" });
  await expect(section).toBeVisible({ timeout: 60_000 });

  for (const platform of EXPORT_PLATFORMS) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("link", { name: `Download for ${EXPORT_PLATFORM_LABELS[platform]}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`autumn-offer-${platform}.html`);
    const body = await readFile((await download.path())!, "utf8");
    expect(body, platform).toContain(TAGS[platform]);
  }

  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  await section.getByRole("button", { name: "Copy for Mailchimp" }).click();
  await expect(section.getByText("Copied the Mailchimp HTML.")).toBeVisible();
  await expect(section.getByTestId("export-notes")).toContainText("Added an unsubscribe link");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('href="*|UNSUB|*"');
  expect(copied).toContain("*|LIST:ADDRESSLINE|*");

  // Insert field: the field with its fallback goes into the follow-up instruction for the model.
  await section.getByLabel("Field").selectOption({ label: "Recipient's company" });
  await section.getByLabel("Fallback (optional)").fill("your team");
  await section.getByRole("button", { name: "Insert field {{company|your team}}" }).click();
  await expect(page.getByLabel("Follow-up instruction")).toHaveValue("{{company|your team}}");

  await section.getByLabel("Preview with sample data").check();
  const preview = page.frameLocator('iframe[title="Preview with sample data"]');
  await expect(preview.getByText("Hi Ada, this one is for Analytical Engines.")).toBeVisible();
});
