import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/**
 * Fix accessibility end to end (decision 108): a member checks an email with low-contrast text and no lang, applies "Fix
 * accessibility", sees the email before and after side by side with the list of changes, and downloads the fixed
 * HTML, which has a lang and the repaired colour. (The Outlook preview is another helper's item and is not asserted.)
 */
const EMAIL = `<!doctype html><html><head><meta charset="utf-8"><title>Spring</title></head>
<body style="margin:0;background:#ffffff">
<table width="600" cellpadding="0" cellspacing="0"><tr><td style="padding:24px;font-family:Arial,sans-serif">
<h1 style="font-size:28px;color:#222222">Our spring collection is here</h1>
<p style="font-size:16px;color:#b0b0b0">Welcome to our store. We are glad to show you the new spring collection today, with
fresh colours and light fabrics for the warmer days ahead.</p>
</td></tr></table></body></html>`;

test("a member fixes accessibility in one click: before/after, the changes, and the fixed HTML to download", async ({
  page,
}, testInfo) => {
  await signUpMember(page);
  await page.goto("/user/check-email");
  await page.getByLabel("Email HTML").fill(EMAIL);
  await page.getByRole("button", { name: "Check", exact: true }).click();

  const panel = page.getByRole("region", { name: "Accessibility fixes" });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await panel.getByRole("button", { name: "Fix accessibility" }).click();

  await expect(panel.getByTestId("fix-before")).toContainText("Before", { timeout: 60_000 });
  await expect(panel.getByTestId("fix-after")).toContainText("After");
  await expect(panel.getByRole("img", { name: "Before" })).toBeVisible();
  await expect(panel.getByRole("img", { name: "After" })).toBeVisible();
  await expect(panel.getByTestId("fix-report")).toContainText("The fixed email's report:");
  const changes = panel.getByTestId("fix-changes");
  await expect(changes).toContainText('lang="en"');
  await expect(changes).toContainText("#b0b0b0 on #ffffff");
  const repaired = (await changes.innerText()).match(
    /#b0b0b0 on #ffffff \([\d.]+:1\) → (#[0-9a-f]{6}) on #ffffff/,
  )?.[1];
  expect(repaired, "the contrast change names the repaired colour").toBeTruthy();
  await page.screenshot({ path: testInfo.outputPath("email-fix-1280.png"), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Download fixed HTML" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("email_fixed.html");
  const fixed = await readFile(await download.path(), "utf8");
  expect(fixed).toMatch(/<html[^>]* lang="en"/);
  expect(fixed).toContain(`color:${repaired}`);
  expect(fixed).not.toContain("color:#b0b0b0");
});
