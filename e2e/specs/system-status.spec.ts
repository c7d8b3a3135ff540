import { expect, test } from "@playwright/test";
import { signInAdmin } from "../fixtures/helpers";

/** System status: the operator sees each outside service checked for real, with what to do. */
test("the administrator checks every outside service from System status", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "System status" }).click();
  await expect(page.getByRole("heading", { name: "System status", level: 1 })).toBeVisible();

  const row = (name: string) => page.getByRole("listitem").filter({ hasText: name });
  // The suite's server: its own database, a loopback SMTP catcher, local storage and the renderer all work.
  await expect(row("Database")).toContainText("OK", { timeout: 60_000 });
  await expect(row("Database")).toContainText("migrations applied");
  await expect(row("Mail (SMTP)")).toContainText("OK");
  await expect(row("File storage")).toContainText("Wrote, read back and deleted");
  await expect(row("Email renderer")).toContainText("OK");

  // Background jobs: each periodic job with its interval, last and next run and last error.
  await expect(page.getByRole("heading", { name: "Background jobs", level: 2 })).toBeVisible();
  await expect(row("Generation queue")).toContainText("Every");
  await expect(row("Refunds of interrupted generations")).toContainText("Last error");
  await expect(row("Purge of deleted templates")).toContainText("Next run");

  // Check again runs every probe once more on the server.
  const again = page.waitForResponse((r) => r.url().endsWith("/api/admin/system-status") && r.status() === 200);
  await page.getByRole("button", { name: "Check again" }).click();
  await again;
  await expect(page.getByRole("button", { name: "Check again" })).toBeEnabled();
  await expect(row("Database")).toContainText("OK");
});
