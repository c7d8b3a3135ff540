import { expect, test } from "@playwright/test";
import { loginAsAdmin, registerThroughUi, verifyEmailThroughMail, waitForMail } from "../fixtures/helpers";

test("a new member sees the verification reminder, resends the mail, opens the link and gets the 3 credits", async ({
  page,
  browser,
}) => {
  const { email, name } = await registerThroughUi(page, { name: "Unverified Ursula", verify: false });

  // Nothing blocked, 0 credits, and a reminder with "Resend verification email" on every member page.
  const banner = page.getByRole("status").filter({ hasText: "Confirm your email address" });
  await expect(banner).toContainText("Open it to activate your 3 free credits.");
  await expect(page.getByTestId("dashboard-credits")).toHaveText("0");
  await page.goto("/user/support");
  await expect(banner).toBeVisible();

  await banner.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByText("Verification email sent. Check your inbox.")).toBeVisible();
  await waitForMail((m) => m.to.includes(email) && m.subject === "Confirm your Mailsmith email address");

  // An admin sees the account as unverified, with the address it signed up from.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/users");
  await admin.getByLabel("Search users").fill(email);
  const row = admin.getByRole("table", { name: "Users" }).locator("tbody tr").first();
  await expect(row).toContainText(name);
  await expect(row).toContainText("Unverified");
  await expect(row).toContainText("127.0.0.1");
  await adminContext.close();

  await verifyEmailThroughMail(page, email);
  await expect(page.getByTestId("dashboard-credits")).toHaveText("3");
  await expect(page.getByText("Confirm your email address")).toHaveCount(0);
});
