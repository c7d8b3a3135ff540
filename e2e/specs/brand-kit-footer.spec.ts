import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/**
 * Brand kit page (decisions 113, 118): the footer details — company address and social links — are edited as their
 * own fields (a row per link, added and removed), the list shows them with the logo, and the page fits a 375 px phone.
 */

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="#0f766e"/>
<text x="20" y="52" font-size="36" fill="#fff" font-family="Arial">HARBOUR</text></svg>`;

async function noSidewaysScroll(page: import("@playwright/test").Page) {
  const { scroll, width, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    // The elements that reach past the viewport, to say what is too wide.
    wide: [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  }));
  expect(scroll, wide.join(" | ")).toBeLessThanOrEqual(width);
}

test("a kit's footer address and social links are edited field by field and shown in the list", async ({
  page,
}, testInfo) => {
  await signUpMember(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/user/brand-kits");
  await page.getByRole("button", { name: "New brand kit" }).click();
  const form = page.getByRole("form", { name: "New brand kit" });
  await form.getByLabel("Name", { exact: true }).fill("Harbour & Co");
  const logo = await page.evaluate(async (svg) => {
    const img = new Image();
    img.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = 240;
    c.height = 80;
    c.getContext("2d")!.drawImage(img, 0, 0);
    return c.toDataURL("image/png").split(",")[1]!;
  }, LOGO_SVG);
  await form
    .getByLabel("Logo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(logo, "base64") });
  await expect(form.getByRole("img", { name: "Logo of Harbour & Co" })).toBeVisible();

  const footer = form.getByRole("group", { name: "Footer" });
  await footer.getByLabel("Company address").fill("Harbour & Co\n1 Harbour Road, Bristol BS1 4RN");
  await expect(footer.getByText("No social links yet.")).toBeVisible();
  await footer.getByRole("button", { name: "Add a social link" }).click();
  await footer.getByLabel("Social link 1: label").fill("Instagram");
  await footer.getByLabel("Social link 1: address (https://…)").fill("https://instagram.com/harbour");
  await footer.getByRole("button", { name: "Add a social link" }).click();
  await footer.getByLabel("Social link 2: label").fill("LinkedIn");
  await footer.getByLabel("Social link 2: address (https://…)").fill("https://linkedin.com/company/harbour");
  await noSidewaysScroll(page);
  await form.screenshot({ path: testInfo.outputPath("kit-form-375.png") });
  await page.getByRole("button", { name: "Save kit" }).click();

  const item = page.getByRole("listitem").filter({ hasText: "Harbour & Co" });
  await expect(item).toContainText("1 Harbour Road, Bristol BS1 4RN");
  await expect(item.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/harbour");
  await expect(item.getByRole("link", { name: "LinkedIn" })).toBeVisible();
  await expect(item.getByRole("img", { name: "Logo of Harbour & Co" })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("kit-list-375.png"), fullPage: true });

  // Edit: the rows come back filled; removing one and the logo is saved.
  await item.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Harbour & Co" });
  await expect(edit.getByLabel("Social link 2: label")).toHaveValue("LinkedIn");
  await edit.getByRole("button", { name: "Remove social link 1" }).click();
  await expect(edit.getByLabel("Social link 1: label")).toHaveValue("LinkedIn");
  await edit.getByRole("button", { name: "Remove logo" }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("kit-form-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Save kit" }).click();
  await expect(item.getByRole("link", { name: "Instagram" })).toHaveCount(0);
  await expect(item.getByRole("link", { name: "LinkedIn" })).toBeVisible();
  await expect(item.getByRole("img")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("kit-list-1280.png"), fullPage: true });
  const kits = await (await page.request.get("/api/brand-kits")).json();
  expect(kits[0]).toMatchObject({
    logoUrl: null,
    footer: {
      address: "Harbour & Co\n1 Harbour Road, Bristol BS1 4RN",
      social: [{ label: "LinkedIn", url: "https://linkedin.com/company/harbour" }],
    },
  });
});
