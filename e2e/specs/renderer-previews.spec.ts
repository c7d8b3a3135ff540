import { expect, request as playwrightRequest, test } from "@playwright/test";
import { ADMIN, signUpMember } from "../fixtures/helpers";

/** Seeds a Gemini key through the admin API (the e2e server talks to the local stand-in). */
async function seedKey(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).ok()).toBe(true);
  const res = await admin.post("/api/gemini-keys", {
    data: { name: "Renderer e2e", key: `e2e-renderer-key-${Date.now()}` },
  });
  expect(res.status()).toBe(201);
  await admin.dispose();
}

test("a generated template shows how it renders: desktop, phone, dark and forced dark side by side", async ({
  page,
  baseURL,
}, testInfo) => {
  await seedKey(baseURL!);
  await signUpMember(page);

  // Generate through the API with the member's session (the generator UI has its own tests).
  const res = await page.request.post("/api/generate", {
    headers: { origin: baseURL! },
    multipart: { emailType: "Newsletter Email Templates", instructions: "Rendered in the browser test" },
    timeout: 120_000,
  });
  expect(res.ok()).toBe(true);
  const done = (await res.text())
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .at(-1);
  expect(done.type).toBe("done");

  await page.goto(`/user/templates/${done.template._id}`);
  const section = page.getByRole("region", { name: "How it renders" });
  await expect(section).toBeVisible();
  const pictures = [
    ["Desktop (600 px) preview", 600],
    ["Phone (375 px) preview", 375],
    ["Phone, dark mode preview", 375],
    ["Phone, forced dark (apps that darken emails) preview", 375],
  ] as const;
  for (const [name, width] of pictures) {
    const img = section.getByRole("img", { name });
    await img.scrollIntoViewIfNeeded();
    // Loaded (allowed by the page's CSP and served by the app) at its rendered width.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await section.screenshot({ path: testInfo.outputPath("previews-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  // On a phone the page itself stays within the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath("template-375.png"), fullPage: true });
});
