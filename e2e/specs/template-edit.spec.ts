import { expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "../fixtures/axe";
import { signUpMember } from "../fixtures/helpers";

/**
 * Edit in place and the report's fixes on a template (decision 126): a member changes a
 * heading, a link and a picture on the template page, saves, and gets a new version, free, that passes the checks;
 * a paragraph that holds links is edited in place with its links (decision 140);
 * the report's fixes save a new version and the report line changes after the click.
 */

const EMAIL = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Spring sale</title></head>
<body style="margin:0;background-color:#f4f4f5;font-family:Arial,sans-serif;color:#111111;">
<table role="presentation" width="100%"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:600px;background-color:#ffffff;">
<tr><td style="padding:24px;font-size:16px;"><h1 style="font-size:26px;margin:0 0 12px;">Spring sale</h1>
<p>Everything in the shop is half price this week, with free delivery on every order.</p>
<p>Read <a href="https://example.com/story" style="color:#1d4ed8;">the whole story on our blog</a>.
<a href="{{unsubscribe_url}}" style="color:#374151;">Unsubscribe</a>. Acme Ltd, 1 Main Street, Springfield.</p></td></tr>
<tr><td style="padding:0 24px 24px;"><img src="https://example.com/hero.png" alt="Our spring collection" width="552" style="width:100%;max-width:552px;height:auto;"></td></tr>
</table></td></tr></table></body></html>`;

/** A 40×20 green PNG: what the member uploads as the new picture. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAMElEQVRIiWNQWhU6IIhh1OJVo0GtNJq4Qkez06rRAkRptMgMHa0kVo1Wi6HDv1oEABF3h06eB7nDAAAAAElFTkSuQmCC",
  "base64",
);

async function importTemplate(page: Page, html: string): Promise<string> {
  const saved = await page.request.post("/api/templates/import", { data: { html } });
  expect(saved.status(), await saved.text()).toBe(201);
  return (await saved.json()).data._id as string;
}
const balance = async (page: Page): Promise<number> =>
  (await (await page.request.get("/api/me")).json()).user.currentBalance;

test("a member edits a heading, a link and a picture in place and saves a new version, free", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpMember(page);
  const id = await importTemplate(page, EMAIL);
  const before = await balance(page);
  await page.goto(`/user/templates/${id}`);
  const editor = page.getByRole("region", { name: "Edit this email" });
  const parts = editor.getByRole("navigation", { name: "Parts of the email" });
  await expect(parts.getByRole("button", { name: /Spring sale/ })).toBeVisible();
  // The email itself stays in its sandboxed preview: no scripts, no same origin.
  await expect(page.locator("iframe[sandbox]").first()).toHaveAttribute("sandbox", "");

  await parts.getByRole("button", { name: /Text\s*Spring sale/ }).click();
  await editor.getByLabel("Text", { exact: true }).fill("Summer sale");
  await parts.getByRole("button", { name: /Link\s*the whole story/ }).click();
  const address = editor.getByLabel(/^Address/);
  await address.fill("javascript:alert(1)");
  await expect(editor.getByText("Use an address that starts with https://, http://, mailto: or tel:.")).toBeVisible();
  await expect(editor.getByRole("button", { name: "Save as new version" })).toBeDisabled();
  await address.fill("https://example.org/summer");
  await parts.getByRole("button", { name: /Our spring collection/ }).click();
  await editor.locator('input[type="file"]').setInputFiles({ name: "summer.png", mimeType: "image/png", buffer: PNG });
  await expect(editor.getByText(/Picture:\s*\S+\/generated\/[a-z0-9-]+\.png/)).toBeVisible({ timeout: 30_000 });
  await editor.getByLabel(/^Alternative text/).fill("Green summer dresses");
  await expect(editor.getByText("3 unsaved changes.")).toBeVisible();

  // Undo steps back one change; doing it again brings the state forward by hand.
  await editor.getByRole("button", { name: "Undo" }).click();
  await expect(editor.getByLabel(/^Alternative text/)).toHaveValue("Our spring collection");
  await editor.getByLabel(/^Alternative text/).fill("Green summer dresses");

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`template-edit-${width}.png`), fullPage: true });
  }
  expect(await axeViolations(page)).toEqual([]);

  await editor.getByRole("button", { name: "Save as new version" }).click();
  await expect(page.getByText("Saved as version 2 (free). The checks ran again.")).toBeVisible({ timeout: 90_000 });
  await expect(page).not.toHaveURL(new RegExp(`${id}$`));
  await expect(page.getByText("Version 2", { exact: true })).toBeVisible();
  const report = page.getByRole("region", { name: "Quality report" });
  await expect(report.getByText("Passed", { exact: true })).toBeVisible();
  const newId = page.url().split("/").pop()!;
  const saved = (await (await page.request.get(`/api/templates/${newId}`)).json()).data;
  expect(saved.html).toContain("Summer sale");
  expect(saved.html).toContain('href="https://example.org/summer"');
  expect(saved.html).toContain('alt="Green summer dresses"');
  expect(saved.html).toMatch(/src="[^"]+\/generated\/[a-z0-9-]+\.png"/);
  expect(saved.report.passed).toBe(true);
  expect(await balance(page)).toBe(before);
  // Both versions are listed; the first is as it was.
  await expect(page.getByRole("navigation", { name: "Versions" }).getByRole("link", { name: /v1/ })).toBeVisible();
  const first = (await (await page.request.get(`/api/templates/${id}`)).json()).data;
  expect(first.html).toContain("Spring sale");
});

/** Selects `words` inside an editable field, as a member does with the mouse, ready to type over or delete them. */
async function selectWords(field: Locator, words: string) {
  await field.evaluate((el, w) => {
    (el as HTMLElement).focus();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent?.indexOf(w) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + w.length);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      return;
    }
    throw new Error(`"${w}" is not in the field`);
  }, words);
}

test("a member edits a paragraph that holds links in place: its words, a link's words, a link removed and undone", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpMember(page);
  const id = await importTemplate(page, EMAIL);
  const before = await balance(page);
  await page.goto(`/user/templates/${id}`);
  const editor = page.getByRole("region", { name: "Edit this email" });
  const parts = editor.getByRole("navigation", { name: "Parts of the email" });
  await parts.getByRole("button", { name: /Text\s*Read the whole story/ }).click();
  const field = editor.getByRole("textbox", { name: "Text" });
  await expect(field).toHaveText(
    "Read the whole story on our blog. Unsubscribe. Acme Ltd, 1 Main Street, Springfield.",
  );
  // The links are drawn as links, with their address on hover.
  const story = field.getByText("the whole story on our blog", { exact: true });
  await expect(story).toHaveCSS("text-decoration-line", "underline");
  await expect(story).toHaveAttribute("title", "https://example.com/story");

  // The words around a link, then a link's words, typed over in place; what is typed is text.
  await selectWords(field, "Acme Ltd");
  await page.keyboard.type("Acme & Sons <Ltd>");
  await selectWords(field, "the whole story on our blog");
  await page.keyboard.type("our terms");
  await expect(field.getByText("our terms", { exact: true })).toHaveCSS("text-decoration-line", "underline");
  await expect(editor.getByText("1 unsaved change.")).toBeVisible();

  // Deleting all of a link's words removes the link, and the editor says so; Undo brings back just it.
  await selectWords(field, "Unsubscribe");
  await page.keyboard.press("Backspace");
  const removed = editor.getByText("The link “Unsubscribe” is removed with its words. Undo brings it back.");
  await expect(removed).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`template-edit-linked-text-${width}.png`), fullPage: true });
  }
  expect(await axeViolations(page)).toEqual([]);
  await editor.getByRole("button", { name: "Undo" }).click();
  await expect(removed).toHaveCount(0);
  await expect(field).toHaveText("Read our terms. Unsubscribe. Acme & Sons <Ltd>, 1 Main Street, Springfield.");
  await expect(field.getByText("Unsubscribe", { exact: true })).toHaveCSS("text-decoration-line", "underline");

  // The link's own part: its words are the paragraph's, its address its own.
  await parts.getByRole("button", { name: /Link\s*the whole story/ }).click();
  await expect(editor.getByLabel("Label")).toHaveValue("our terms");
  await editor.getByLabel(/^Address/).fill("https://example.org/terms");
  await expect(editor.getByText("2 unsaved changes.")).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await editor.getByLabel("Label").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`template-edit-link-in-text-${width}.png`), fullPage: true });
  }

  await editor.getByRole("button", { name: "Save as new version" }).click();
  await expect(page.getByText("Saved as version 2 (free). The checks ran again.")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("region", { name: "Quality report" }).getByText("Passed", { exact: true })).toBeVisible();
  const newId = page.url().split("/").pop()!;
  const saved = (await (await page.request.get(`/api/templates/${newId}`)).json()).data;
  expect(saved.html).toMatch(/Read <a href="https:\/\/example\.org\/terms"[^>]*>our terms<\/a>\./);
  expect(saved.html).toMatch(/<a href="\{\{unsubscribe_url\}\}"[^>]*>Unsubscribe<\/a>/);
  expect(saved.html).toContain("Acme &amp; Sons &lt;Ltd&gt;, 1 Main Street");
  expect(saved.report.passed).toBe(true);
  expect(await balance(page)).toBe(before);
  // The new version's editor reads the paragraph back as written.
  await parts.getByRole("button", { name: /Text\s*Read our terms/ }).click();
  await expect(editor.getByRole("textbox", { name: "Text" })).toHaveText(
    "Read our terms. Unsubscribe. Acme & Sons <Ltd>, 1 Main Street, Springfield.",
  );
});

test("the report's fixes on a template: Fix accessibility and the alt text fields change the report", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpMember(page);
  const broken = EMAIL.replace('<html lang="en" dir="ltr">', "<html>").replace(' alt="Our spring collection"', "");
  const id = await importTemplate(page, broken);
  const before = await balance(page);
  await page.goto(`/user/templates/${id}`);
  const report = page.getByRole("region", { name: "Quality report" });
  const a11y = report.getByRole("region", { name: "Accessibility" });
  await expect(a11y.getByRole("button", { name: "Fix accessibility" }).first()).toBeVisible();
  const altForm = a11y.getByRole("form", { name: "Alternative texts for the pictures" });
  await expect(altForm.getByLabel(/Picture 1: hero\.png/)).toBeVisible();

  await a11y.getByRole("button", { name: "Fix accessibility" }).first().click();
  await expect(page.getByText(/^Accessibility fixed/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText("Version 2", { exact: true })).toBeVisible();
  // The language line is fixed (folded away with the passed checks); the picture still needs a person.
  await expect(a11y.getByRole("button", { name: "Fix accessibility" })).toHaveCount(0);
  await expect(altForm).toBeVisible();

  await altForm.getByLabel(/Picture 1: hero\.png/).fill("Dresses on a rail");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await report.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`template-fix-${width}.png`), fullPage: true });
  }
  expect(await axeViolations(page)).toEqual([]);
  await altForm.getByRole("button", { name: "Save alt texts" }).click();
  await expect(page.getByText(/^Alt texts saved/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText("Version 3", { exact: true })).toBeVisible();
  await expect(a11y.getByRole("form", { name: "Alternative texts for the pictures" })).toHaveCount(0);
  await expect(report.getByText("Passed", { exact: true })).toBeVisible();
  expect(await balance(page)).toBe(before);
});

test("Check my email: the report's Fix accessibility replaces the shown report and HTML at once", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpMember(page);
  await page.goto("/user/check-email");
  await page.getByLabel("Email HTML").fill(EMAIL.replace('<html lang="en" dir="ltr">', "<html>"));
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const report = page.getByRole("region", { name: "Email report" });
  const a11y = report.getByRole("region", { name: "Accessibility" });
  await expect(a11y.getByText("Language (lang)")).toBeVisible({ timeout: 60_000 });
  await a11y.getByRole("button", { name: "Fix accessibility" }).first().click();
  await expect(page.getByText(/^Accessibility fixed/)).toBeVisible({ timeout: 90_000 });
  // The language line passed (folded away with the passed checks), and the shown HTML is the fixed one.
  await expect(a11y.getByText("Language (lang)")).toHaveCount(0);
  await expect(a11y.getByRole("button", { name: "Fix accessibility" })).toHaveCount(0);
  await expect(page.getByTestId("check-output")).toContainText('lang="en"');
});

test("Check my email: Use https and the alt text fields change the report, previews and HTML at once", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpMember(page);
  await page.goto("/user/check-email");
  const loose = EMAIL.replace('href="https://example.com/story"', 'href="example.com/story"').replace(
    ' alt="Our spring collection"',
    "",
  );
  await page.getByLabel("Email HTML").fill(loose);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const report = page.getByRole("region", { name: "Email report" });
  const links = report.getByRole("region", { name: "Links" });
  const a11y = report.getByRole("region", { name: "Accessibility" });
  await expect(links.getByText("Links without https://")).toBeVisible({ timeout: 60_000 });

  await links.getByRole("button", { name: "Use https" }).click();
  await expect(page.getByText(/^Fixed: every link and image now uses https/)).toBeVisible({ timeout: 90_000 });
  await expect(links.getByText("Links without https://")).toHaveCount(0);
  await expect(report.getByRole("button", { name: "Use https" })).toHaveCount(0);
  await expect(page.getByTestId("check-output")).toContainText('href="https://example.com/story"');

  // The picture waits for a person: its field starts with the file name's words, written in only on Save.
  const altForm = a11y.getByRole("form", { name: "Alternative texts for the pictures" });
  const field = altForm.getByLabel(/Picture 1: hero\.png/);
  await expect(field).toHaveValue("Hero");
  await expect(page.getByTestId("check-output")).not.toContainText('alt="Hero"');
  await field.fill("Dresses on a rail");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await altForm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`check-email-fixes-${width}.png`), fullPage: true });
  }
  expect(await axeViolations(page)).toEqual([]);
  await altForm.getByRole("button", { name: "Save alt texts" }).click();
  await expect(page.getByText(/^Alt texts saved/)).toBeVisible({ timeout: 90_000 });
  await expect(a11y.getByRole("form", { name: "Alternative texts for the pictures" })).toHaveCount(0);
  await expect(page.getByTestId("check-output")).toContainText('alt="Dresses on a rail"');
  await page.screenshot({ path: testInfo.outputPath("check-email-fixed-1280.png"), fullPage: true });
});
