import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/** A member's own email with an http: link and image, a vague link, small print and a merge-tag link. */
const EMAIL = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Spring news</title></head>
<body style="margin:0;background-color:#f4f4f5;font-family:Arial,sans-serif;color:#111111;">
<table role="presentation" width="100%"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:600px;background-color:#ffffff;"><tr><td style="padding:24px;font-size:16px;">
<h1 style="font-size:26px;margin:0 0 12px;">Spring news</h1>
<img src="http://example.com/hero.png" alt="Flowers on a table" width="552" style="width:100%;max-width:552px;height:auto;">
<p>Our spring collection is here. <a href="http://example.com/spring" style="color:#1d4ed8;">Click here</a>.</p>
<p style="font-size:11px;color:#6b7280;">Sent to {{email}}. <a href="{{unsubscribe_url}}" style="color:#6b7280;">Unsubscribe</a></p>
</td></tr></table></td></tr></table></body></html>`;

test("the report groups its checks and Use https fixes the template's links on the server", async ({
  page,
}, testInfo) => {
  await signUpMember(page, { verify: false });
  const saved = await page.request.post("/api/templates/import", { data: { html: EMAIL } });
  expect(saved.status()).toBe(201);
  const id = (await saved.json()).data._id as string;

  await page.goto(`/user/templates/${id}`);
  const report = page.getByRole("region", { name: "Quality report" });
  await expect(report).toBeVisible();
  for (const group of ["Email clients", "Accessibility", "Links", "Size"])
    await expect(report.getByRole("region", { name: group })).toBeVisible();
  const links = report.getByRole("region", { name: "Links" });
  await expect(links.getByText("Secure links (https)")).toBeVisible();
  await expect(links.getByText("http://example.com/spring", { exact: true })).toBeVisible();
  await expect(links.getByText('"Click here" → http://example.com/spring')).toBeVisible();
  await expect(report.getByText("Text size")).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await report.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`email-report-${width}.png`), fullPage: true });
  }

  await links.getByRole("button", { name: "Use https" }).click();
  // The first fix starts a worker thread: give a busy machine time.
  await expect(page.getByText("Fixed: every link and image now uses https.")).toBeVisible({ timeout: 60_000 });
  await expect(links.getByText("http://example.com/spring", { exact: true })).toHaveCount(0);
  await expect(links.getByText('"Click here" → https://example.com/spring')).toBeVisible();
  await expect(links.getByRole("button", { name: "Use https" })).toHaveCount(0);
  // The server saved it: a reload shows the fixed report, with the passed https check folded away.
  await page.reload();
  await expect(page.getByRole("region", { name: "Links" }).getByText("Secure links (https)")).toHaveCount(0);
  await page.getByRole("button", { name: /Show \d+ passed checks/ }).click();
  await expect(page.getByRole("region", { name: "Links" }).getByText("Secure links (https)")).toBeVisible();
  await expect(page.getByRole("region", { name: "Links" }).getByText("Every link and image uses https.")).toBeVisible();
});
