import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/** A real MJML template (three coloured columns), compiled with the mjml package. */
const FIXTURE = new URL("../../apps/server/test/fixtures/email-check/multi-column.html", import.meta.url);

test("a member adds the design beside their HTML: a closeness score with its parts and a design-vs-result slider", async ({
  page,
  browser,
}, testInfo) => {
  const html = await readFile(FIXTURE, "utf8");
  // The designer's mock-up: the email itself as a 600 px picture.
  const shot = await browser.newPage({ viewport: { width: 600, height: 800 } });
  await shot.setContent(html);
  const design = await shot.screenshot({ fullPage: true });
  await shot.close();

  await signUpMember(page);
  await page.goto("/user/check-email");
  await page.getByLabel("Email HTML").fill(html);
  // Not an image: refused before upload, with the message.
  await page
    .getByLabel("Design image (optional)")
    .setInputFiles({ name: "design.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
  await expect(page.getByRole("alert")).toContainText("The design must be a PNG, JPEG, WebP or GIF image.");
  await page
    .getByLabel("Design image (optional)")
    .setInputFiles({ name: "mockup.png", mimeType: "image/png", buffer: design });
  await expect(page.getByText("mockup.png")).toBeVisible();
  await page.getByRole("button", { name: "Check", exact: true }).click();

  const score = page.getByRole("region", { name: "Closeness to the design" });
  await expect(score).toBeVisible({ timeout: 60_000 });
  expect(
    Number(
      await score
        .getByTestId("fidelity-score")
        .innerText()
        .then((t) => t.split("/")[0]),
    ),
  ).toBeGreaterThan(80); // the mock-up is this browser's own screenshot: not pixel-identical to the server's render
  await expect(score.getByRole("meter", { name: "Layout" })).toHaveAttribute("aria-valuenow", /^(9\d|100)$/);
  await expect(score.getByRole("meter", { name: "Colours" })).toBeVisible();
  // The mock-up's words are read and found in the email (decision 155), not "no text to compare".
  await expect(score.getByRole("meter", { name: "Text" })).toHaveAttribute("aria-valuenow", /^(9\d|100)$/);
  await expect(score.getByText("no text to compare")).toHaveCount(0);

  const compare = page.getByRole("region", { name: "Design vs result" });
  await expect(compare.getByRole("img", { name: "Your design" })).toBeVisible();
  await expect(compare.getByRole("img", { name: "Rendered result" })).toBeVisible();
  await compare.getByRole("button", { name: "Overlay" }).click();
  const slider = page.getByRole("slider", { name: "Reveal the result" });
  await slider.focus();
  await page.keyboard.press("End");
  await expect(slider).toHaveValue("100");

  await page.screenshot({ path: testInfo.outputPath("check-design-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("check-design-375.png"), fullPage: true });

  // Removing the design: the next check answers without a score.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Remove design" }).click();
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByRole("region", { name: "Email report" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("region", { name: "Closeness to the design" })).toHaveCount(0);
});

test("on a phone, the design picker is whole and opens the file chooser; a long file name stays within the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpMember(page);
  await page.goto("/user/check-email");
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
    "base64",
  );
  const name = "newsletter-spring-campaign-final-mockup-v3.png";
  // Before a design is chosen: one whole "Choose an image" control (the browser's own input cut its text to
  // "No fil…hosen" at this width), and a tap on it opens the file chooser.
  const pick = page.getByText("Choose an image", { exact: true });
  await pick.scrollIntoViewIfNeeded();
  await expect(pick).toBeInViewport({ ratio: 1 });
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), pick.click()]);
  expect(chooser.isMultiple()).toBe(false);
  await chooser.setFiles({ name, mimeType: "image/png", buffer: png });
  await expect(page.getByRole("button", { name: "Remove design" })).toBeVisible();
  await page.getByRole("button", { name: "Remove design" }).click();
  await page.getByLabel("Design image (optional)").setInputFiles({ name, mimeType: "image/png", buffer: png });
  await expect(page.getByRole("button", { name: "Remove design" })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  // The page does not scroll sideways: the file name is cut with an ellipsis instead of widening the form.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.getByRole("button", { name: "Remove design" })).toBeInViewport({ ratio: 1 });
});
