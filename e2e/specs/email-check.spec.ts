import { readFile } from "node:fs/promises";
import { expect, type Locator, request as playwrightRequest, test } from "@playwright/test";
import { ADMIN, signUpMember } from "../fixtures/helpers";

/** A real MJML template (three coloured columns that stack below 480 px), compiled with the mjml package. */
const FIXTURE = new URL("../../apps/server/test/fixtures/email-check/multi-column.html", import.meta.url);

/**
 * Where each coloured column shows in a preview picture: first and last row where its colour runs across at least
 * `minRun` of the width (so that a button's colour fringe in the compressed picture does not count), and its widest
 * run. Side-by-side columns start on the same row; stacked ones follow one another at nearly full width.
 */
function columnBands(img: Locator, minRun: number) {
  return img.evaluate(async (el: HTMLImageElement, minRunShare: number) => {
    await el.decode();
    const canvas = document.createElement("canvas");
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const g = canvas.getContext("2d")!;
    g.drawImage(el, 0, 0);
    const { data } = g.getImageData(0, 0, canvas.width, canvas.height);
    const colours = [
      [0xe0, 0xf2, 0xfe],
      [0xfe, 0xf3, 0xc7],
      [0xdc, 0xfc, 0xe7],
    ];
    return colours.map((rgb) => {
      let top = -1;
      let bottom = -1;
      let widest = 0;
      for (let y = 0; y < canvas.height; y++) {
        let run = 0;
        let best = 0;
        for (let x = 0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          run = rgb.every((c, k) => Math.abs(data[i + k]! - c) <= 10) ? run + 1 : 0;
          best = Math.max(best, run);
        }
        if (best >= minRunShare * canvas.width) {
          if (top < 0) top = y;
          bottom = y;
        }
        widest = Math.max(widest, best);
      }
      return { top, bottom, widest, width: canvas.width, height: canvas.height };
    });
  }, minRun);
}

test("a member pastes a multi-column template: report, three previews, and the phone preview stacks the columns", async ({
  page,
}, testInfo) => {
  const html = await readFile(FIXTURE, "utf8");
  await signUpMember(page);
  await page
    .getByRole("navigation", { name: "Member navigation" })
    .getByRole("link", { name: "Check my email" })
    .click();
  await expect(page).toHaveURL(/\/user\/check-email$/);
  await expect(page.getByRole("heading", { name: "Check my email" })).toBeVisible();

  await page.getByLabel("Email HTML").fill(html);
  await page.getByRole("button", { name: "Check", exact: true }).click();

  const report = page.getByRole("region", { name: "Email report" });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText(/^(Passed|Needs fixing)$/)).toBeVisible();
  // A well-made email may have nothing to warn about: the passed checks are folded away until asked for.
  await report.getByRole("button", { name: /^Show \d+ passed checks?$/ }).click();
  await expect(report.getByRole("listitem").first()).toBeVisible();

  const previews = page.getByRole("region", { name: "Rendered previews" });
  const desktop = previews.getByRole("img", { name: "Desktop (600 px) preview" });
  const phone = previews.getByRole("img", { name: "Phone (375 px) preview" });
  const dark = previews.getByRole("img", { name: "Dark mode preview" });
  const forcedDark = previews.getByRole("img", { name: "Forced dark (apps that darken emails) preview" });
  for (const img of [desktop, phone, dark, forcedDark]) await expect(img).toBeVisible();

  // Desktop: the three columns side by side. Phone: one below the other, each across nearly the whole screen.
  const wide = await columnBands(desktop, 0.2);
  expect(wide[0]!.width).toBe(600);
  for (const b of wide) expect(b.top, "every column shows on desktop").toBeGreaterThanOrEqual(0);
  for (const b of wide) {
    expect(Math.abs(b.top - wide[0]!.top), "columns start on the same row").toBeLessThanOrEqual(4);
    expect(b.widest, "each column is a third of the width").toBeLessThan(b.width * 0.4);
  }
  const narrow = await columnBands(phone, 0.6);
  const seen = JSON.stringify({ wide, narrow });
  for (const b of narrow) expect(b.top, seen).toBeGreaterThanOrEqual(0);
  expect(narrow[0]!.width).toBe(375);
  expect(narrow[0]!.bottom, seen).toBeLessThan(narrow[1]!.top);
  expect(narrow[1]!.bottom, seen).toBeLessThan(narrow[2]!.top);
  expect(narrow[0]!.height).toBeGreaterThan(wide[0]!.height);

  // The processed HTML keeps the stacking rule; the plain text has the words.
  const output = page.getByRole("region", { name: "Processed email" });
  await expect(output.getByTestId("check-output")).toContainText("@media");
  await output.getByRole("button", { name: "Plain text" }).click();
  await expect(output.getByTestId("check-output")).toContainText("Wool scarf");
  await expect(page.getByRole("button", { name: "Fix with AI (1 credit)" })).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath("check-email-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("check-email-375.png"), fullPage: true });
});

test("an image renamed .html is refused before upload, with a message", async ({ page }) => {
  await signUpMember(page);
  await page.goto("/user/check-email");
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  await page
    .getByLabel("Upload an .html file")
    .setInputFiles({ name: "email.html", mimeType: "text/html", buffer: png });
  await expect(page.getByRole("alert")).toContainText("not HTML text");
  await page.getByLabel("Upload an .html file").setInputFiles({
    name: "email.html",
    mimeType: "text/html",
    buffer: Buffer.from("<table><tr><td>Uploaded hello</td></tr></table>"),
  });
  await expect(page.getByLabel("Email HTML")).toHaveValue(/Uploaded hello/);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByRole("region", { name: "Email report" })).toBeVisible({ timeout: 60_000 });
});

test("Fix with AI imports the email and opens the refined version for 1 credit", async ({ page, baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).ok()).toBe(true);
  expect(
    (await admin.post("/api/gemini-keys", { data: { name: "E2E fix", key: `e2e-fix-${Date.now()}` } })).status(),
  ).toBe(201);

  await signUpMember(page);
  // The sign-up credits arrive with a verified address; here the admin grants them instead.
  const me = await page.request.get("/api/me");
  const memberId = ((await me.json()) as { user: { _id: string } }).user._id;
  const grant = await admin.put(`/api/users/${memberId}`, { data: { currentBalance: 3 } });
  expect(grant.ok()).toBe(true);
  await admin.dispose();
  await page.goto("/user/check-email");
  // No alt text and a vague link: checks a careful developer would flag.
  await page
    .getByLabel("Email HTML")
    .fill(
      '<html><body><img src="https://example.com/a.png"><p><a href="http://example.com">click here</a></p></body></html>',
    );
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByRole("region", { name: "Email report" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Fix with AI (1 credit)" }).click();
  await expect(page).toHaveURL(/\/user\/templates\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByText("Version 2")).toBeVisible();
  // The checked email is version 1 of the same chain, and the refinement took the credit.
  await expect(page.getByRole("link", { name: "the previous version" })).toBeVisible();
  const after = (await (await page.request.get("/api/me")).json()) as { user: { currentBalance: number } };
  expect(after.user.currentBalance).toBe(2);
});
