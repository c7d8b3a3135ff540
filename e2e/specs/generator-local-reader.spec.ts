import { GENERATOR_UI } from "@mailsmith/shared";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { ADMIN, signInAdmin, signUpMember } from "../fixtures/helpers";

/**
 * The local reader (decision 122): with no AI key the local reader writes the email from the uploaded design. The lane's server
 * may hold keys other specs added, so the admin sets the local reader to write every generation for this spec (the
 * same path as a fresh server with no key) and puts the default back afterwards.
 */

/** The design: a small newsletter drawn in the browser and photographed at 600 px, as a designer's export. */
const DESIGN_HTML = `<!doctype html><html><head><style>
  body { margin: 0; background: #eef2f7; font-family: Arial, Helvetica, sans-serif; }
  .email { width: 600px; margin: 0 auto; background: #ffffff; }
  .hero { background: #12355b; color: #ffffff; text-align: center; padding: 40px 32px; }
  .hero h1 { margin: 0 0 12px; font-size: 34px; }
  .hero p { margin: 0 0 24px; font-size: 17px; color: #dbe6f3; }
  .button { display: inline-block; background: #f26b21; color: #ffffff; font-weight: bold; font-size: 17px;
    padding: 14px 30px; border-radius: 6px; text-decoration: none; }
  .body { padding: 32px; color: #333333; font-size: 16px; line-height: 1.5; }
  .body h2 { margin: 0 0 8px; font-size: 22px; color: #12355b; }
  .footer { background: #f4f4f4; color: #666666; font-size: 13px; text-align: center; padding: 24px 32px; }
</style></head><body><div class="email">
  <div class="hero"><h1>Autumn trail week</h1><p>New boots, warm layers and maps for every path.</p>
    <span class="button">Plan my trip</span></div>
  <div class="body"><h2>Ready when you are</h2><p>Pick a route, pack light and set off early. Our guides share their
    favourite walks every Friday.</p></div>
  <div class="footer">You get this email because you joined Trailhead. Unsubscribe any time.</div>
</div></body></html>`;

let admin: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).ok()).toBe(true);
  const res = await admin.put("/api/local-reader", { data: { credits: 1, mode: "always" } });
  expect(res.status(), await res.text()).toBe(200);
});

test.afterAll(async () => {
  await admin.put("/api/local-reader", { data: { credits: 1, mode: "fallback" } });
  await admin.put("/api/score-threshold", { data: { threshold: 80 } });
  await admin.dispose();
});

test("no key: upload a design → the local reader writes it in live text, with previews, at 1280 and 375 px", async ({
  page,
  browser,
}, testInfo) => {
  // The design picture, drawn in its own page.
  const drawing = await browser.newPage({ viewport: { width: 600, height: 400 } });
  await drawing.setContent(DESIGN_HTML);
  const design = await drawing.screenshot({ fullPage: true });
  await drawing.close();

  await signUpMember(page);
  await page.goto("/user/generate-code");
  await expect(page.getByText(/Emails are written by the local reader/)).toBeVisible();
  // The local reader writes one version: no variants to choose.
  await expect(page.getByTestId("generation-cost")).toHaveCount(0);
  await page.getByLabel("Design Images (optional)").setInputFiles({
    name: "design.png",
    mimeType: "image/png",
    buffer: design,
  });
  await page.getByRole("button", { name: "Generate Email Template" }).click();
  // Reading (OCR), building, five renders and the score: a busy machine takes a while.
  // The result (announced as a success, or below the fidelity threshold with its sections).
  await expect(page.getByTestId("written-by")).toContainText("Local reader", { timeout: 240_000 });
  await expect(page.getByTestId("generator-credits")).toHaveText("2");
  // Live text: the design's heading is a heading in the email, its words are text.
  const preview = page.frameLocator('iframe[title="Live Preview"]');
  await expect(preview.getByRole("heading", { name: /Autumn trail week/i })).toBeVisible();
  await expect(preview.getByText(/Pick a route, pack light/i)).toBeVisible();
  // Buttons (bulletproof, linking to https://example.com/, listed under "Links to fill in") are checked on a corpus
  // design by generator-local-reader.test.ts: whether this drawn button is read as a button is the reader's (121).

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("local-reader-result-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("local-reader-result-375.png"), fullPage: true });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);

  // The template page (the result's "saved to" link) says who wrote it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .locator("p", { hasText: GENERATOR_UI.savedTo })
    .getByRole("link", { name: GENERATOR_UI.myTemplates })
    .click();
  await expect(page).toHaveURL(/\/user\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("written-by")).toContainText("Local reader");
});

test("the admin sets the local reader's price, when it writes and the score threshold, under AI keys", async ({
  page,
}, testInfo) => {
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=gemini-keys");
  const panel = page.getByRole("region", { name: "Local reader" });
  await expect(panel.getByLabel("For every new generation, even when AI keys work")).toBeChecked();
  await panel.getByLabel("Credits per generation").fill("-1");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(panel.getByText("Enter a whole number of credits from 0 to 10")).toBeVisible();
  await panel.getByLabel("Credits per generation").fill("0");
  await panel.getByLabel("Only when no AI key works").check();
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Local reader settings saved")).toBeVisible();
  const saved = await (await admin.get("/api/local-reader")).json();
  expect(saved.data).toEqual({ credits: 0, mode: "fallback" });

  // The score threshold: refused outside 0–100 with the reason in the field, saved, audited in words.
  const threshold = page.getByRole("region", { name: "Score threshold" });
  const score = threshold.getByRole("spinbutton", { name: "Score to reach (0–100)" });
  await expect(score).toHaveValue("80");
  await score.fill("101");
  await threshold.getByRole("button", { name: "Save" }).click();
  await expect(threshold.getByText("Enter a whole number from 0 to 100")).toBeVisible();
  expect((await (await admin.get("/api/score-threshold")).json()).data).toEqual({ threshold: 80 });
  await score.fill("90");
  await threshold.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Score threshold saved")).toBeVisible();
  expect((await (await admin.get("/api/score-threshold")).json()).data).toEqual({ threshold: 90 });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await threshold.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`score-threshold-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/audit-log");
  await page.getByLabel("Action").fill("score_threshold.update");
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByRole("row").filter({ hasText: "Changed the score threshold" }).first();
  await expect(row.getByTestId("audit-diff-row").filter({ hasText: "threshold" }).locator("ins")).toHaveText("90");
});
