import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { signUpMember } from "../fixtures/helpers";

// Decision 105: Download my data and Delete my account from the profile page.

test("a member downloads their data as a zip from the profile page", async ({ page }, testInfo) => {
  const { email } = await signUpMember(page, { name: "Export Member" });
  await page.goto("/update-profile");
  const section = page.getByRole("region", { name: "Your data" });
  await section.getByRole("button", { name: "Download my data" }).click();
  const link = section.getByRole("link", { name: "Download the zip" });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(/Your data is ready\. The link works until/)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`member-data-${width}.png`), fullPage: true });
  }
  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mailsmith-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await file.path();
  const { readFileSync } = await import("node:fs");
  const files = unzipSync(new Uint8Array(readFileSync(path)));
  const profile = JSON.parse(new TextDecoder().decode(files["profile.json"]));
  expect(profile.profile).toMatchObject({ email, userName: "Export Member" });
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["orders.json", "credit-ledger.json", "support-tickets.json", "README.txt"]),
  );
});

test("a member deletes their account: a wrong password is refused, the right one signs them out for good", async ({
  page,
}) => {
  const { email, password } = await signUpMember(page, { name: "Leaving Member" });
  await page.goto("/update-profile");
  const zone = page.getByRole("region", { name: "Danger zone" });
  await zone.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByText(/Your orders and payments are kept/)).toBeVisible();
  await expect(dialog.getByText(/templates, uploaded designs, support tickets/)).toBeVisible();

  await dialog.getByLabel("Your password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(dialog.getByText("The password is not correct.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("delete-dialog.png") });

  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/me")).status()).toBe(401);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signIn.status()).not.toBe(200);
  // The address is free again: it signs up as a new member.
  await signUpMember(page, { email, name: "Returning Member" });
});
