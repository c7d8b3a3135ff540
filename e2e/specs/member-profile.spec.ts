import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "../fixtures/axe";
import { signUpMember } from "../fixtures/helpers";

test("a member uploads a photo, sees it in the header, edits the profile and removes the photo", async ({ page }) => {
  const { email } = await signUpMember(page, { name: "Photo Member" });
  await page.goto("/update-profile");
  await expect(page.getByRole("heading", { name: "Update Profile" })).toBeVisible();
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Email Address")).toHaveAttribute("readonly", "");
  await expect(page.getByText("Email address cannot be changed")).toBeVisible();

  const avatar = page.getByRole("button", { name: "Account menu" }).locator("img");
  await expect(avatar).toHaveCount(0);

  // Too large: refused in the browser with the spec's message.
  await page.getByLabel("Choose a profile photo").setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(3 * 1024 * 1024, 1),
  });
  await expect(page.getByText("File size exceeds 2 MB. Please upload a smaller image.")).toBeVisible();

  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#e11d48" } })
    .png()
    .toBuffer();
  await page.getByLabel("Choose a profile photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Image uploaded successfully!")).toBeVisible();
  await expect(avatar).toHaveAttribute("src", /^\/uploads\/profile\/[0-9a-f-]+\.png$/);
  // The stored image really loads.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);

  // Personal information.
  await page.getByLabel("Full Name").fill("Photo Member Renamed");
  await page.getByLabel("City").fill("Lisbon");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue("Photo Member Renamed");
  await expect(page.getByLabel("City")).toHaveValue("Lisbon");
  await expect(avatar).toHaveAttribute("src", /\/uploads\/profile\//);

  await page.getByRole("button", { name: "Remove Photo" }).click();
  await expect(avatar).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove Photo" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Change Photo" })).toBeVisible();
  await expect(avatar).toHaveCount(0);
});

test("a member chooses the language of their emails, and a short email gets it as its lang", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpMember(page, { name: "Language Member" });
  await page.goto("/update-profile");
  const language = page.getByLabel("Language of your emails");
  await expect(language).toHaveValue("en");
  await language.selectOption({ label: "French (français)" });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await language.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`profile-language-${width}.png`) });
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await page.reload();
  await expect(language).toHaveValue("fr");

  // Too little text to tell its language: Fix accessibility writes the member's.
  await page.goto("/user/check-email");
  await page
    .getByLabel("Email HTML")
    .fill(
      '<!doctype html><html><head><meta charset="utf-8"><title>Soldes</title></head><body><table role="presentation"><tr><td><h1>Soldes</h1><p>A bientot</p></td></tr></table></body></html>',
    );
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const a11y = page.getByRole("region", { name: "Email report" }).getByRole("region", { name: "Accessibility" });
  await a11y.getByRole("button", { name: "Fix accessibility" }).first().click();
  await expect(page.getByText(/^Accessibility fixed/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("check-output")).toContainText('lang="fr"');
});
