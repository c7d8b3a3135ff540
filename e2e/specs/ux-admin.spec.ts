import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { axeViolations } from "../fixtures/axe";
import { signInAdmin } from "../fixtures/helpers";

/** Admin pages: one admin navigation listing every page, named confirmations, editors that guard changes. */
test("admin menu lists every admin page; settings sections are tabs above the pane", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/dashboard");
  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  for (const [name, path] of [
    ["Dashboard", "/admin/dashboard"],
    ["Total Orders", "/admin/orders"],
    ["Item Orders", "/admin/items-orders"],
    ["Total Users", "/admin/users"],
    ["Support Messages", "/admin/support-messages"],
    ["Packages", "/admin/packages"],
    ["Premium Items", "/admin/items"],
    ["Outbox", "/admin/outbox"],
    ["System status", "/admin/system-status"],
    ["Audit log", "/admin/audit-log"],
    ["Settings", "/admin/settings"],
  ] as const)
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
  await nav.getByRole("link", { name: "Outbox", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);

  // One side menu: at 1280 px the settings sections sit in a row above a pane that keeps most of the width.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/settings?tab=footer");
  const tabs = page.getByRole("navigation", { name: "Settings" });
  const pane = await page
    .locator("section", { has: page.getByRole("heading", { name: "Footer Management" }) })
    .first()
    .boundingBox();
  const bar = await tabs.boundingBox();
  expect(bar && pane && bar.y + bar.height <= pane.y).toBe(true);
  expect(pane!.width).toBeGreaterThan(900);
});

test("a content editor tracks unsaved changes and asks before leaving", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=footer");
  await expect(page.getByRole("heading", { name: "Footer Management" })).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  const logoText = page.getByLabel("Logo text");
  await logoText.fill(`${await logoText.inputValue()} edited`);
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

  // Another section: asked first; Stay keeps the edit.
  await page.getByRole("navigation", { name: "Settings" }).getByRole("button", { name: "Logo Update" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/tab=footer/);
  await expect(logoText).toHaveValue(/ edited$/);

  // Leave without saving goes on.
  await page.getByRole("navigation", { name: "Settings" }).getByRole("button", { name: "Logo Update" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/tab=logo/);
});

test("destructive actions say their effect and name the object", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=packages");
  await page.getByRole("button", { name: "Retire Starter" }).click();
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  await expect(dialog.getByText('Retire the package "Starter"? It disappears from the pricing section')).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Retire package" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Retire Starter" })).toBeVisible();
});

/**
 * With a realistic long e-mail address (40+ characters) the users table of /admin/users and of the
 * dashboard fits a 1280 px laptop — the address is cut with an ellipsis (full value on hover and on keyboard focus)
 * instead of pushing the Actions column out of view behind a sideways scroll.
 */
test("long e-mail addresses truncate: at 1280 px the users tables show the Actions column without sideways scrolling", async ({
  page,
  baseURL,
}) => {
  const name = "Christopher Montgomery-Whitfield";
  const email = `christopher.montgomery-whitfield.${randomBytes(4).toString("hex")}@e2e.local`;
  expect(email.length).toBeGreaterThanOrEqual(40);
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL ?? "" },
    body: JSON.stringify({ email, password: "secret-pass-1", name }),
  });
  expect(res.status).toBe(200);

  await signInAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const route of ["/admin/users", "/admin/dashboard"]) {
    await page.goto(route);
    const table = page.getByRole("table", { name: "Users" });
    const row = table.locator("tbody tr").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    // No sideways scrolling: the table fits its box, and the row's Actions button is inside the box and the window.
    const overflow = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(overflow, `${route}: the users table is wider than its box`).toBeLessThanOrEqual(1);
    await expect(page.getByTestId("table-scroll-hint")).toHaveCount(0);
    const actions = await row.getByRole("button", { name: `Actions for ${name}` }).boundingBox();
    const box = await table.evaluate((t) => t.parentElement!.getBoundingClientRect().right);
    expect(actions && actions.x + actions.width <= Math.min(box, 1280)).toBe(true);
    // The whole address on hover (title) and for screen readers (text), however much of it the column shows.
    await expect(row.getByTitle(email)).toHaveText(email);
  }

  // In the dashboard's card (the narrowest place) the address is cut; a cut value takes a tab stop and unfolds on focus.
  const address = page.getByRole("table", { name: "Users" }).getByTitle(email);
  expect(await address.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await address.focus();
  await expect(address).toBeFocused();
  expect(await address.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  // On a phone the table scrolls inside its box; that scroll box is a landmark of its own and must not share the
  // dashboard section's name ("Users"): axe's landmark-unique.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("table-scroll-hint")).toBeVisible();
  const violations = (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" "))}`);
  expect(violations.filter((v) => v.startsWith("landmark"))).toEqual([]);
});
