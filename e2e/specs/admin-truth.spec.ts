import { expect, test } from "@playwright/test";
import { axeViolations } from "../fixtures/axe";
import { signInAdmin } from "../fixtures/helpers";

/**
 * Admin pages that tell the truth (decision 127) — the outbox says where mail goes when SMTP is set
 * (the e2e server delivers to a loopback SMTP catcher), the settings tabs show that they scroll, System status names
 * the tabs as the Settings page calls them, dates in the browser's format. At 375 and 1280 px, with screenshots.
 */
for (const viewport of [
  { width: 375, height: 760 },
  { width: 1280, height: 860 },
]) {
  test(`outbox, settings tabs and status at ${viewport.width} px`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    await signInAdmin(page);

    await page.goto("/admin/outbox");
    const delivery = page.getByTestId("outbox-delivery");
    await expect(delivery).toContainText(/^Mail is delivered through the SMTP server 127\.0\.0\.1:\d+, sent as /);
    await expect(page.getByText("Without SMTP settings")).toBeHidden();
    await page.screenshot({ path: info.outputPath(`outbox-${viewport.width}.png`), fullPage: true });
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

    await page.goto("/admin/settings");
    const tabs = page.getByRole("navigation", { name: "Settings" });
    await expect(tabs.getByRole("button", { name: "Account" })).toBeVisible();
    if (viewport.width < 1024) {
      // More tabs than fit: the row says so on the side that has more, and on both once scrolled.
      await expect(page.getByTestId("scroll-more-right")).toBeVisible();
      await tabs.getByRole("button", { name: "Contact Page" }).scrollIntoViewIfNeeded();
      await expect(page.getByTestId("scroll-more-left")).toBeVisible();
    }
    await page.screenshot({ path: info.outputPath(`settings-${viewport.width}.png`) });

    await page.goto("/admin/system-status");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/Settings → Payment\b/)).toHaveCount(0);
  });
}
