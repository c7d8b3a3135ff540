import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/** A padding-based button (Cerberus, MIT): classic Outlook drops its padding and round corners (decision 109). */
const FIXTURE = new URL("../../apps/server/test/fixtures/outlook/button-padding.html", import.meta.url);

test("a member checks an email and sees the classic Outlook approximation and what differs", async ({ page }) => {
  const html = await readFile(FIXTURE, "utf8");
  await signUpMember(page);
  await page.getByRole("link", { name: "Check my email" }).click();
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
