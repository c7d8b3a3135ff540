import { expect, type Page, test } from "@playwright/test";
import { holdRequests, signUpMember } from "../fixtures/helpers";

// Decision 082: the landing page arrives prerendered, so a visitor without JavaScript (or before it loads) sees the
// content; with JavaScript the same page is hydrated without a console error (no hydration mismatch, no 4xx).
const HERO_HEADING = "Create Stunning HTML Email Templates";
const DEMO_PACKAGES = ["Starter", "Professional", "Agency"];

/** Holds the app's script back until the returned function is called: the page is the prerendered one alone. */
function holdAppScript(page: Page): Promise<() => void> {
  return holdRequests(page, /\/assets\/app-[^/]+\.js$/);
}

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
  const release = await holdAppScript(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Open menu" }).click();
  release();
  await expect(page.getByRole("banner").getByRole("link", { name: "Testimonials" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
});

test("a signed-in member never sees the visitor's Login / Join Now on the prerendered page: the account menu replaces them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpMember(page);
  const banner = page.getByRole("banner");
  // Hold the app's code back: what shows now is the prerendered page alone, as on a slow phone.
  const release = await holdAppScript(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toContainText(HERO_HEADING);
  await expect(banner.getByRole("link", { name: "Join Now" })).toBeHidden();
  await expect(banner.getByRole("link", { name: "Login" })).toBeHidden();
  release();
  await expect(banner.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Join Now" })).toHaveCount(0);
});

test("a visitor whose session has ended gets the Login / Join Now links once the app has asked the server", async ({
  page,
  context,
}) => {
  await signUpMember(page);
  // Signed out elsewhere: the browser still sends the (now dead) session cookie.
  const cookies = await context.cookies();
  await page.request.post("/api/auth/sign-out", { headers: { origin: new URL(page.url()).origin } });
  await context.addCookies(cookies);
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Join Now" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Account menu" })).toHaveCount(0);
});
