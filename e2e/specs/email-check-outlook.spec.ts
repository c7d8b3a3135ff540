import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/** A padding-based button (Cerberus, MIT): classic Outlook drops its padding and round corners (decision 109). */
const FIXTURE = new URL("../../apps/server/test/fixtures/outlook/button-padding.html", import.meta.url);

test("a member checks an email and sees the classic Outlook approximation and what differs", async ({ page }) => {
  const html = await readFile(FIXTURE, "utf8");
  await signUpMember(page);
  await page
    .getByRole("navigation", { name: "Member navigation" })
    .getByRole("link", { name: "Check my email" })
    .click();
  await page.getByLabel("Email HTML").fill(html);
  await page.getByRole("button", { name: "Check", exact: true }).click();

  const report = page.getByRole("region", { name: "Email report" });
  await expect(report).toBeVisible({ timeout: 60_000 });
  const previews = page.getByRole("region", { name: "Rendered previews" });
  const outlook = previews.getByRole("img", { name: "Classic Outlook (approximation) preview" });
  await expect(outlook).toBeVisible();
  await expect(previews.getByText("Classic Outlook (approximation)", { exact: true })).toBeVisible();
  expect(await outlook.evaluate((el: HTMLImageElement) => el.decode().then(() => el.naturalWidth))).toBe(600);

  await expect(report.getByText("Classic Outlook (approximation)")).toBeVisible();
  await expect(
    report.getByText("The button loses its padding: Outlook shows a small coloured strip around the link text."),
  ).toBeVisible();
  await expect(report.getByText("The rounded corners become square.")).toBeVisible();
});

test("a member repairs text that vanishes in forced dark and sees the re-rendered dark previews", async ({ page }) => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sale</title></head><body style="margin:0">
<table role="presentation" width="375" cellpadding="0" cellspacing="0" border="0"><tr>
<td height="100" style="background-color:#cccccc;color:#555555;font-family:Arial,sans-serif;font-size:28px;font-weight:bold">Summer sale</td>
</tr></table></body></html>`;
  await signUpMember(page);
  await page
    .getByRole("navigation", { name: "Member navigation" })
    .getByRole("link", { name: "Check my email" })
    .click();
  await page.getByLabel("Email HTML").fill(html);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const report = page.getByRole("region", { name: "Email report" });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText("Text in dark mode")).toBeVisible();

  const repair = page.getByRole("region", { name: "Dark-mode repair" });
  await repair.getByRole("button", { name: "Repair dark mode" }).click();
  for (const name of ["Forced dark, before", "Forced dark, after", "Dark mode, after"])
    await expect(repair.getByRole("img", { name })).toBeVisible({ timeout: 60_000 });
  await expect(repair.getByTestId("dark-mode-changes")).toContainText('Text "Summer sale" drops to');
  const download = page.waitForEvent("download");
  await repair.getByRole("button", { name: "Download repaired HTML" }).click();
  expect((await download).suggestedFilename()).toBe("email_dark_mode.html");
});
