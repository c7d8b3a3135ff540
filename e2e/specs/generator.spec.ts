import { readFile } from "node:fs/promises";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { axeViolations } from "../fixtures/axe";
import { ADMIN, signInAdmin, signUpMember } from "../fixtures/helpers";

/**
 * The end of a generation: the success note, or — when the stand-in's email scores below the threshold against this
 * spec's design — the notice that replaces it (decision 123). Which one is not what this spec is about.
 */
const GENERATION_ENDED = /Email template generated successfully!|Not close enough to your design/;

/** A 1×1 PNG: the design image the member uploads. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Seeds a Gemini key through the admin API (the e2e server talks to the local stand-in). */
async function seedKey(baseURL: string, name: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).ok()).toBe(true);
  const res = await admin.post("/api/gemini-keys", { data: { name, key: `e2e-stand-in-key-${Date.now()}` } });
  expect(res.status()).toBe(201);
  await admin.dispose();
}

test("signed-out visitors are asked to log in", async ({ page }) => {
  await page.goto("/user/generate-code");
  await expect(page.getByText("Please log in to use the Email Template AI tool")).toBeVisible();
  await page.getByRole("link", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("sign in → upload → generate → preview, report, copy, download, credits, history", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await seedKey(baseURL!, "E2E key");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpMember(page);

  await page.goto("/user/generate-code");
  await expect(page.getByRole("heading", { name: "Generate HTML Email Templates with AI" })).toBeVisible();
  await expect(page.getByTestId("generator-credits")).toHaveText("3");
  await expect(page.getByRole("link", { name: "Buy Now" })).toHaveCount(0);
  await expect(page.getByLabel("Select Email Type")).toHaveValue("Promotional Email Templates");

  // Upload, see the thumbnail, remove it, upload again.
  const images = page.getByLabel("Design Images (optional)");
  await images.setInputFiles({ name: "design.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "design.png" })).toBeVisible();
  await page.getByRole("button", { name: "Remove design.png" }).click();
  await expect(page.getByRole("img", { name: "design.png" })).toHaveCount(0);
  await images.setInputFiles({ name: "design.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Specific Instructions (optional)").fill("make the header blue");

  await page.getByRole("button", { name: "Generate Email Template" }).click();
  // A generation now renders and scores its result too (and may run a repair pass): give a busy machine time.
  await expect(page.getByText(GENERATION_ENDED)).toBeVisible({ timeout: 90_000 });

  // The preview shows the email (sandboxed iframe), the report shows, one credit is gone.
  const preview = page.frameLocator('iframe[title="Live Preview"]');
  await expect(preview.getByRole("heading", { name: "Promotional Email" })).toBeVisible();
  await expect(preview.getByText("make the header blue")).toBeVisible();
  await expect(page.locator('iframe[title="Live Preview"]')).toHaveAttribute("sandbox", "");
  const report = page.getByRole("region", { name: "Quality report" });
  await expect(report).toBeVisible();
  await expect(report.getByText("Passed", { exact: true })).toBeVisible();
  await expect(report.getByRole("region", { name: "Email clients" })).toBeVisible();
  await expect(page.getByTestId("generator-credits")).toHaveText("2");

  // Mobile width switch.
  await page.getByRole("button", { name: "Mobile" }).click();
  await expect(page.locator('iframe[title="Live Preview"]')).toHaveCSS("width", "375px");
  await page.getByRole("button", { name: "Desktop" }).click();

  await page.screenshot({ path: testInfo.outputPath("generator-1440.png"), fullPage: true });

  // Copy HTML: the clipboard holds the document; the notice clears after 3 s.
  await page.getByRole("button", { name: "Copy HTML" }).click();
  await expect(page.getByText("HTML code copied to clipboard!")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^<!DOCTYPE html>/);
  expect(copied).toContain('<meta name="color-scheme" content="light dark">');
  await expect(page.getByText("HTML code copied to clipboard!")).toBeHidden({ timeout: 5_000 });

  // Download HTML as email_template.html.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download HTML" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("email_template.html");
  expect(await readFile((await download.path())!, "utf8")).toBe(copied);
  await expect(page.getByText("email_template.html downloaded successfully!")).toBeVisible();

  // The template is in the history, and opens.
  await page.goto("/user/templates");
  // The name comes from the email's main heading.
  const card = page.getByRole("link", { name: "Promotional Email", exact: true });
  await expect(card).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("templates-390.png"), fullPage: true });
  await card.click();
  await expect(page.getByRole("heading", { name: "Promotional Email", exact: true })).toBeVisible();
  await expect(page.getByLabel("Follow-up instruction")).toBeVisible();
  // The fifth picture: classic Outlook, labelled an approximation, with what the report found differs.
  const previews = page.getByRole("region", { name: "How it renders" });
  await expect(previews.getByText("Classic Outlook (approximation)", { exact: true })).toBeVisible();
  const outlook = previews.getByRole("img", { name: "Classic Outlook (approximation) preview" });
  await expect(outlook).toBeVisible();
  expect(await outlook.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  await expect(page.getByRole("heading", { name: "What changes in classic Outlook" })).toBeVisible();
  // Generated without a brand kit: no kit line.
  await expect(page.getByText("Brand kit:")).toHaveCount(0);
  expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("template-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("template-1280.png"), fullPage: true });
  await page.goto("/user/generate-code");
  await page.screenshot({ path: testInfo.outputPath("generator-390.png"), fullPage: true });
});

test("admin manages Gemini keys: add, masked table, disable, delete with confirmation", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=gemini-keys");
  await expect(page.getByRole("heading", { name: "Gemini API Keys Management" })).toBeVisible();
  await page.getByRole("button", { name: "Add Key" }).click();
  await expect(page.getByText("Name and key are required")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Backup key");
  await page.getByLabel("API Key", { exact: true }).fill("AIzaSyE2E-panel-key-abcdefgh-9876");
  await page.getByRole("button", { name: "Add Key" }).click();
  // Adding tests the key (models.list against the stand-in): its health, models and the model in use show.
  await expect(page.getByText(/^API key added and tested: Google lists \d+ models for it\.$/)).toBeVisible();
  const row = page.getByRole("row", { name: /Backup key/ });
  await expect(row.getByText("AIzaSyE2…9876")).toBeVisible();
  await expect(row.getByText("OK", { exact: true })).toBeVisible();
  await expect(row.getByText("Can use the model in use")).toBeVisible();
  await expect(page.getByText("In use: gemini-3-flash")).toBeVisible();
  await expect(page.getByLabel("Model used for generations")).toHaveValue("");
  await expect(page.getByText(/Keys from one Google Cloud project share one quota/)).toBeVisible();
  await row.getByRole("button", { name: "Test key: Backup key" }).click();
  await expect(page.getByText(/^Key works: Google lists \d+ models for it\.$/)).toBeVisible();
  await expect(page.getByText("AIzaSyE2E-panel-key-abcdefgh-9876")).toHaveCount(0);
  // Row actions sit in a menu; disabling can be undone from the toast.
  const actions = row.getByRole("button", { name: "Actions for Backup key" });
  const menu = page.getByRole("menu", { name: "Actions for Backup key" });
  await actions.click();
  await menu.getByRole("menuitem", { name: "Disable" }).click();
  await expect(page.getByText("API key deactivated successfully!")).toBeVisible();
  await expect(row.getByText("Inactive")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("API key activated successfully!")).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  // Delete asks first, naming the key.
  await actions.click();
  await menu.getByRole("menuitem", { name: "Delete key…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete the key “Backup key”?" });
  await expect(dialog.getByText("Are you sure you want to delete this API key?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete key" }).click();
  await expect(page.getByText("API key deleted successfully!")).toBeVisible();
  await expect(page.getByRole("row", { name: /Backup key/ })).toHaveCount(0);
});

test("admin sees a key Google refuses marked invalid with the reason, and chooses the model", async ({
  page,
}, testInfo) => {
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=gemini-keys");
  await page.getByLabel("Name", { exact: true }).fill("Revoked key");
  await page.getByLabel("API Key", { exact: true }).fill("AIzaSyE2E-invalid-key-abcdefgh-0000");
  await page.getByRole("button", { name: "Add Key" }).click();
  await expect(
    page.getByText(
      "API key added, but Google refused it: 400 API_KEY_INVALID: API key not valid. Please pass a valid API key.",
    ),
  ).toBeVisible();
  const row = page.getByRole("row", { name: /Revoked key/ });
  await expect(row.getByText("Invalid", { exact: true })).toBeVisible();
  await expect(row.getByText(/^Marked invalid: /)).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Working key");
  await page.getByLabel("API Key", { exact: true }).fill("AIzaSyE2E-working-key-abcdefgh-1111");
  await page.getByRole("button", { name: "Add Key" }).click();
  await expect(page.getByRole("row", { name: /Working key/ }).getByText("OK", { exact: true })).toBeVisible();
  // The model: automatic by default, or one the keys list.
  const select = page.getByLabel("Model used for generations");
  await select.selectOption("gemini-3.1-flash-lite");
  await expect(page.getByText("Model choice saved.")).toBeVisible();
  await expect(page.getByText("In use: gemini-3.1-flash-lite")).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`gemini-keys-${width}.png`), fullPage: true });
  }
  await select.selectOption("");
  await expect(page.getByText("In use: gemini-3-flash")).toBeVisible();
  for (const name of ["Revoked key", "Working key"]) {
    await page.getByRole("button", { name: `Actions for ${name}` }).click();
    await page
      .getByRole("menu", { name: `Actions for ${name}` })
      .getByRole("menuitem", { name: "Delete key…" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete key" }).click();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  }
});

test("a member under 1 credit is offered Buy Now, which leads to the packages", async ({ page, baseURL }) => {
  await seedKey(baseURL!, "E2E key for Buy Now");
  const { email } = await signUpMember(page);
  // The administrator sets the member's balance to 0 (through the ledger).
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).ok()).toBe(true);
  const [member] = await (await admin.get(`/api/users?userEmail=${encodeURIComponent(email)}`)).json();
  const res = await admin.put(`/api/users/${member._id}`, {
    data: {
      userName: member.userName,
      userRole: member.userRole,
      userMembership: member.userMembership,
      currentBalance: 0,
    },
  });
  expect(res.ok()).toBe(true);
  await admin.dispose();

  await page.goto("/user/generate-code");
  await expect(page.getByTestId("generator-credits")).toHaveText("0");
  await page.getByRole("link", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/user\/select-package$/);
  await expect(page.getByRole("heading", { name: "Choose Your Best Plan" })).toBeVisible();
});

test("a follow-up instruction refines a saved template into a new linked version for 1 credit", async ({
  page,
  baseURL,
}) => {
  await seedKey(baseURL!, "E2E key for refinement");
  await signUpMember(page);
  // A first template, made through the API with the page's session (the full UI flow is covered above).
  const first = await page.request.post("/api/generate", {
    headers: { origin: baseURL! },
    data: { emailType: "Newsletter Email Templates", instructions: "spring news" },
  });
  expect(first.ok()).toBe(true);
  expect(await first.text()).toContain('"type":"done"');

  await page.goto("/user/templates");
  await page
    .getByRole("link", { name: /Newsletter/ })
    .first()
    .click();
  await expect(page.getByText("Version 1")).toBeVisible();
  await expect(page.getByText("Credits: 2")).toBeVisible();
  const firstUrl = page.url();

  await page.getByLabel("Follow-up instruction").fill("make the header blue");
  await page.getByRole("button", { name: "Apply change (1 credit)" }).click();
  await expect(page.getByText("Version 2")).toBeVisible();
  expect(page.url()).not.toBe(firstUrl);
  await expect(page.getByText("Credits: 1")).toBeVisible();
  await expect(page.frameLocator('iframe[title="Live Preview"]').getByText("make the header blue")).toBeVisible();
  await page.getByRole("link", { name: "the previous version" }).click();
  await expect(page).toHaveURL(firstUrl);
  await expect(page.getByText("Version 1")).toBeVisible();
});
