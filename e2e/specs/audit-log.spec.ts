import { expect, test } from "@playwright/test";
import { signInAdmin } from "../fixtures/helpers";

/** Decision 106: an admin's price change shows in the Audit log with who, what and before/after. */
test("admin changes a package price, then finds it in the Audit log with before and after", async ({ page }) => {
  await signInAdmin(page);
  const packages = (await (await page.request.get("/api/packages")).json()) as {
    _id: string;
    packageName: string;
    price: number;
  }[];
  expect(packages.length).toBeGreaterThan(0);
  const pkg = packages[0]!;
  // A price no other test uses, different from the current one.
  const newPrice = (Math.floor(pkg.price) + 1 + (Date.now() % 89) / 100).toFixed(2);

  await page.goto("/admin/settings?tab=packages");
  await page.getByRole("button", { name: `Edit ${pkg.packageName}`, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Price ($)").fill(newPrice);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await page.getByLabel("Action").fill("package.update");
  await page.getByRole("button", { name: "Filter" }).click();

  const row = page
    .getByRole("row")
    .filter({ hasText: "Changed a package" })
    .filter({ hasText: newPrice.replace(/\.?0+$/, "") });
  await expect(row.first()).toBeVisible();
  // The action and its target in words, the code in the tooltip.
  await expect(row.first().getByText("Changed a package", { exact: true })).toHaveAttribute("title", "package.update");
  // The target in words (its name when the entry records one); the id only in the tooltip.
  await expect(
    row
      .first()
      .getByRole("cell")
      .filter({ hasText: /^Package/ })
      .locator("span"),
  ).toHaveAttribute("title", pkg._id);
  await expect(row.first().getByText("admin@", { exact: false })).toBeVisible();
  const price = row.first().getByTestId("audit-diff-row").filter({ hasText: "price" });
  await expect(price.locator("del")).toHaveText(String(pkg.price));
  await expect(price.locator("ins")).toHaveText(String(Number(newPrice)));
  // Only package.update entries are listed, once the filtered list has replaced the whole one (the new entry is also
  // the first row of the unfiltered list, so seeing it does not mean the filter has answered yet).
  await expect
    .poll(() =>
      page
        .locator("tbody [data-action]")
        .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute("data-action")))]),
    )
    .toEqual(["package.update"]);

  // On a phone the wide table scrolls inside its box: the page itself never scrolls sideways (the diff's screen-reader
  // texts are absolutely positioned and widened the page by ~700 px before the box was positioned).
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row.first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

/**
 * A table box whose rows arrive and overflow it is a focusable region in the very frame they are first drawn. A resize
 * observer reports only after that frame's animation callbacks, so a box made focusable from it alone was, for a frame,
 * a scrolling region a keyboard could not reach: axe, run at that moment on a busy machine, failed the admin routes.
 * The probe looks in the first animation frame after each change of the page.
 */
test("a page of audit entries that overflows its box can be scrolled by keyboard from the first frame", async ({
  page,
}) => {
  await signInAdmin(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/admin/audit-log?*", async (route) => {
    await held;
    // A full page of long entries, more than the box's 75 % of the window holds.
    const data = Array.from({ length: 20 }, (_, i) => ({
      _id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      createdAt: new Date(Date.UTC(2026, 10, 29, 12, i)).toISOString(),
      actorId: "admin",
      actorEmail: "admin@e2e.local",
      ip: "127.0.0.1",
      userAgent: "e2e",
      action: "package.update",
      targetType: "package",
      targetId: `package-${i}`,
      before: { price: 10 + i, packageName: `Package number ${i} with a long name` },
      after: { price: 11 + i, packageName: `Package number ${i} with a longer name` },
    }));
    await route.fulfill({ json: { data, total: 45, page: 1, pageSize: 20 } });
  });
  await page.goto("/admin/audit-log");
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { unreachable: string[] }).unreachable = seen;
    let queued = false;
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        for (const box of document.querySelectorAll<HTMLElement>("div.overflow-auto:has(> table)")) {
          const scrolls = box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
          if (scrolls && box.tabIndex < 0) seen.push(`${box.scrollHeight}/${box.clientHeight}`);
        }
      });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  release();
  const box = page.getByRole("region", { name: /Audit log/ });
  await expect(box.getByText("Changed a package", { exact: true })).toHaveCount(20);
  await expect(box).toHaveAttribute("tabindex", "0");
  await box.focus();
  await page.keyboard.press("End");
  await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { unreachable: string[] }).unreachable)).toEqual([]);
});
