import { expect, test } from "@playwright/test";

// Decision 082: the landing page arrives prerendered, so a visitor without JavaScript (or before it loads) sees the
// content; with JavaScript the same page is hydrated without a console error (no hydration mismatch, no 4xx).
const HERO_HEADING = "Create Stunning HTML Email Templates";
const DEMO_PACKAGES = ["Starter", "Professional", "Agency"];

test("without JavaScript the landing page shows the hero and the pricing packages", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(HERO_HEADING);
  const pricing = page.locator("#pricing-sec");
  await expect(pricing.getByRole("heading", { name: "Choose Your Best Plan" })).toBeVisible();
  for (const name of DEMO_PACKAGES) {
    await expect(pricing.getByRole("link", { name: `Choose Plan: ${name}` })).toBeVisible();
  }
  await context.close();
});

test("with JavaScript the prerendered page hydrates with a clean console and stays interactive", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(HERO_HEADING);
  // Hydrated: the menu button answers (a prerendered page alone would not open it).
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a tap on the menu before the app has hydrated is not lost: the menu opens once it has", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Hold the app's code back so the tap lands on the prerendered page, as on a slow phone.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Open menu" }).click();
  release();
  await expect(page.getByRole("banner").getByRole("link", { name: "Testimonials" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
});
