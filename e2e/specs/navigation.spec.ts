import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "../fixtures/axe";
import { signInAdmin, signUpMember } from "../fixtures/helpers";

/**
 * Navigation a person can read (decision 127) — named links, an icon of its own for each,
 * collapsible on a desktop, a drawer on a phone with no rail taking the page's width; the first visit says Welcome;
 * the dashboard leads to Generate, Check my email, Templates and Brand kits; a failure is said in words and is on
 * screen. At 375 and 1280 px, with screenshots (test-results) and axe.
 */
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 860 };

async function iconsOf(nav: ReturnType<Page["getByRole"]>) {
  return nav.getByRole("link").evaluateAll((links) => links.map((a) => a.querySelector("svg")?.innerHTML ?? ""));
}

async function expectNoAxeViolations(page: Page) {
  const found = await axeViolations(page);
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("member at 375 px: no rail, a menu button opens the named links; first visit says Welcome", async ({
  page,
}, info) => {
  await page.setViewportSize(PHONE);
  const { name } = await signUpMember(page, { name: "Nadia Phone" });
  await expect(page.getByRole("heading", { name: `Welcome, ${name}`, level: 1 })).toBeVisible();
  // The page has the whole width: no sidebar, no 64 px rail.
  await expect(page.getByRole("complementary", { name: "Member sidebar" })).toBeHidden();
  const main = await page.locator("#main-content").boundingBox();
  expect(main?.x).toBe(0);
  expect(main?.width).toBe(PHONE.width);
  // The dashboard leads to the four things a member comes for.
  const start = page.getByRole("region", { name: "Start here" });
  const cards: [string, string][] = [
    ["Generate a template", "/user/generate-code"],
    ["Check my email", "/user/check-email"],
    ["My templates", "/user/templates"],
    ["Brand kits", "/user/brand-kits"],
  ];
  for (const [label, path] of cards)
    await expect(start.getByRole("link", { name: new RegExp(`^${label}`) })).toHaveAttribute("href", path);
  await page.screenshot({ path: info.outputPath("member-dashboard-375.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Open the member menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Member navigation" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Close the menu" })).toBeFocused();
  const links = drawer.getByRole("navigation", { name: "Member navigation" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  for (const label of ["Dashboard", "Generate Template", "Check my email", "My Templates", "Brand kits", "Profile"])
    await expect(drawer.getByRole("link", { name: label, exact: true })).toBeVisible();
  const icons = await iconsOf(drawer.getByRole("navigation"));
  expect(new Set(icons).size, "every link has an icon of its own").toBe(icons.length);
  await page.screenshot({ path: info.outputPath("member-drawer-375.png") });
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Open the member menu" })).toBeFocused();

  await page.getByRole("button", { name: "Open the member menu" }).click();
  await drawer.getByRole("link", { name: "Brand kits", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/brand-kits$/);
  await expect(drawer).toBeHidden();

  // A later visit: Welcome back.
  await page.goto("/user/dashboard");
  await expect(page.getByRole("heading", { name: `Welcome back, ${name}`, level: 1 })).toBeVisible();
});

test("member at 1280 px: a sidebar of named links, collapsible and remembered", async ({ page }, info) => {
  await page.setViewportSize(DESKTOP);
  await signUpMember(page, { name: "Dora Desk" });
  const nav = page.getByRole("navigation", { name: "Member navigation" });
  await expect(nav.getByRole("link", { name: "Check my email", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open the member menu" })).toBeHidden();
  const icons = await iconsOf(nav);
  expect(new Set(icons).size).toBe(icons.length);
  await page.screenshot({ path: info.outputPath("member-dashboard-1280.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  // The sidebar narrows with a transition: wait for the rail's width rather than reading it mid-way.
  const sidebar = page.getByRole("complementary", { name: "Member sidebar" });
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
  await page.reload();
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(nav.getByText("Check my email", { exact: true })).toBeVisible();
});

test("admin menus name every page with an icon of its own, at 1280 and 375 px", async ({ page }, info) => {
  await page.setViewportSize(DESKTOP);
  await signInAdmin(page);
  await page.goto("/admin/dashboard");
  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  for (const label of [
    "Total Orders",
    "Item Orders",
    "Packages",
    "Premium Items",
    "Outbox",
    "System status",
    "Audit log",
  ])
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  const icons = await iconsOf(nav);
  expect(new Set(icons).size).toBe(icons.length);
  await page.screenshot({ path: info.outputPath("admin-1280.png") });

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("complementary", { name: "Admin sidebar" })).toBeHidden();
  await page.getByRole("button", { name: "Open the admin menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Admin navigation" });
  await expect(drawer.getByRole("link", { name: "Audit log" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("admin-drawer-375.png") });
  await expectNoAxeViolations(page);
});

test("a failure at 375 px says what happened in words and is on screen", async ({ page }, info) => {
  await page.setViewportSize(PHONE);
  await signUpMember(page, { name: "Fay Failure" });
  // A provider's raw failure as a proxy or the model service would send it.
  await page.route("**/api/support-messages*", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          status: 502,
          contentType: "application/json",
          body: '{"error":{"code":502,"status":"BAD_GATEWAY"}}',
        })
      : route.continue(),
  );
  await page.goto("/user/support");
  const alert = page.getByRole("alert");
  // The query retries a server failure before it gives up.
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).not.toContainText(/\d{3}|[{}]|BAD_GATEWAY/);
  await expect(alert).toContainText(/try again/i);
  await expect(alert).toBeInViewport();
  await page.screenshot({ path: info.outputPath("failure-375.png") });
});
