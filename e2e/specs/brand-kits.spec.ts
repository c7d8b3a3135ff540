import { type Browser, expect, request as playwrightRequest, test } from "@playwright/test";
import { ADMIN, signUpMember } from "../fixtures/helpers";

/**
 * The end of a generation: the success note, or — when the stand-in's email scores below the threshold against this
 * spec's design — the notice that replaces it (decision 123). Which one is not what this spec is about.
 */
const GENERATION_ENDED = /Email template generated successfully!|Not close enough to your design/;

/**
 * Brand kits in the browser: create a brand kit from a design (the server reads its colours), pick
 * it on the generator page, generate — the Gemini stand-in writes a yellow header — and see the kit's colour there.
 */

const LONG = { timeout: 90_000 };

async function seedKey(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).ok()).toBe(true);
  const res = await admin.post("/api/gemini-keys", { data: { name: "Brand kits", key: `e2e-kit-key-${Date.now()}` } });
  expect(res.status()).toBe(201);
  await admin.dispose();
}

/** A design: white page, a near-black heading bar, a teal button and a magenta band. */
async function designPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 600, height: 800 } });
  await page.setContent(`<body style="margin:0;background:#ffffff">
    <div style="margin:40px;height:90px;background:#1a1a1a"></div>
    <div style="margin:160px 40px 0;width:260px;height:70px;background:#0f766e"></div>
    <div style="margin:200px 40px 0;height:60px;background:#c026d3"></div></body>`);
  const png = await page.screenshot();
  await page.close();
  return png;
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

test("create a kit from a design, pick it on the generator page, the result carries its colour", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await seedKey(baseURL!);
  await signUpMember(page);
  const design = await designPng(browser);

  await page.goto("/user/brand-kits");
  await expect(page.getByRole("heading", { name: "Brand kits" })).toBeVisible();
  await page.getByRole("button", { name: "New brand kit" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Teal & Co");
  await page.getByTestId("kit-design").setInputFiles({ name: "design.png", mimeType: "image/png", buffer: design });
  // The server's palette replaces the defaults: primary and accent are the design's teal and magenta.
  await expect(page.getByTestId("kit-primary")).not.toHaveText("#1d4ed8", LONG);
  await expect(page.getByTestId("kit-background")).toHaveText("#ffffff");
  const primary = (await page.getByTestId("kit-primary").textContent())!;
  const accent = (await page.getByTestId("kit-accent").textContent())!;
  await page.getByRole("button", { name: "Save kit" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Teal & Co" })).toBeVisible();

  await page.goto("/user/generate-code");
  await page.getByLabel("Brand kit").selectOption({ label: "Teal & Co" });
  await page.getByLabel("Design Images (optional)").setInputFiles({
    name: "design.png",
    mimeType: "image/png",
    buffer: design,
  });
  await page.getByRole("button", { name: "Generate Email Template" }).click();
  await expect(page.getByText(GENERATION_ENDED)).toBeVisible(LONG);

  // The stand-in's header is yellow (#eab308); with the kit it is the kit's primary or accent.
  const header = page.frameLocator('iframe[title="Live Preview"]').getByTestId("header");
  const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect([rgb(primary), rgb(accent)]).toContain(background);

  // The template page names the kit it was generated with.
  await page.goto("/user/templates");
  await page.getByRole("link", { name: "Promotional Email", exact: true }).click();
  await expect(page.getByText("Brand kit: Teal & Co")).toBeVisible();
  await expect(page.getByRole("img", { name: "Colours of Teal & Co" })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("template-kit-375.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("template-kit-1280.png") });
  // Deleted since: the template says so (it keeps what it was made with).
  const kits = await (await page.request.get("/api/brand-kits")).json();
  const kitId = kits.find((k: { name: string }) => k.name === "Teal & Co").id;
  expect((await page.request.delete(`/api/brand-kits/${kitId}`, { headers: { origin: baseURL! } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByText("Brand kit deleted")).toBeVisible();
  await expect(page.getByText("Brand kit: Teal & Co")).toHaveCount(0);
});
