import { type Browser, expect, request as playwrightRequest, test } from "@playwright/test";
import { ADMIN, signUpMember } from "../fixtures/helpers";

/**
 * Decision 123, browser side: a result far from its design is not announced as a success. The Gemini stand-in's email
 * (a yellow header, five sections on grey) is scored against a dark design with a teal band: the page says why, shows
 * the sections that differ with their picture pairs, and "Retry free" runs once without a credit.
 */

const LONG = { timeout: 120_000 };

async function seedKey(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).ok()).toBe(true);
  const res = await admin.post("/api/gemini-keys", { data: { name: "Below", key: `e2e-below-key-${Date.now()}` } });
  expect(res.status()).toBe(201);
  await admin.dispose();
}

/** A design nothing like the stand-in's email: a dark page, a teal band, an orange button. */
async function designPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 600, height: 900 } });
  await page.setContent(`<body style="margin:0;background:#1e293b">
    <div style="margin-top:320px;height:180px;background:#14b8a6"></div>
    <div style="margin:120px 40px 0;width:240px;height:60px;border-radius:8px;background:#f97316"></div></body>`);
  const png = await page.screenshot();
  await page.close();
  return png;
}

test("a result below the threshold says why, shows the differing sections and retries once for free", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await seedKey(baseURL!);
  await signUpMember(page);
  const design = await designPng(browser);

  await page.goto("/user/generate-code");
  await page.getByLabel("Design Images (optional)").setInputFiles({
    name: "design.png",
    mimeType: "image/png",
    buffer: design,
  });
  await page.getByRole("button", { name: "Generate Email Template" }).click();
  const notice = page.getByRole("region", { name: "Not close enough to your design" });
  await expect(notice).toBeVisible(LONG);
  await expect(page.getByText("Email template generated successfully!")).toHaveCount(0);
  await expect(
    notice.getByText(/Your email scored \d+\/100 against your design, below the 80 we aim for/),
  ).toBeVisible();
  await expect(notice.getByRole("heading", { name: "Where it differs" })).toBeVisible();
  await expect(notice.getByRole("img", { name: /^Section \d+: the design on the left/ }).first()).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`below-threshold-${width}.png`), fullPage: true });
  }

  // The member shell's balance link ("Credits: N. Buy credits") must read the same after the free retry.
  const credits = page.getByRole("link", { name: /^Credits: \d+\. Buy credits/ });
  const before = await credits.getAttribute("aria-label");
  await notice.getByRole("button", { name: "Retry free" }).click();
  // The free retry runs the same inputs: below the threshold again, now without a free retry of its own.
  await expect(page.getByText("You have used the free retry for this result.")).toBeVisible(LONG);
  await expect(notice.getByRole("button", { name: "Retry free" })).toHaveCount(0);
  await expect(credits).toHaveAttribute("aria-label", before!);
});
