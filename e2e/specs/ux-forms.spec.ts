import { expect, test } from "@playwright/test";

/** The sign-up form and the 404 page. */
test("register: rules before errors, every error at once next to its field, show password, real terms pages", async ({
  page,
}) => {
  await page.goto("/register");
  // Rules are shown before anything goes wrong.
  await expect(page.getByText("At least 6 characters. Avoid common passwords")).toBeVisible();
  // Autofill attributes for the browser's password manager.
  await expect(page.getByLabel("Email Address")).toHaveAttribute("autocomplete", "email");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("autocomplete", "new-password");

  await page.getByRole("button", { name: "Create Account" }).click();
  for (const [field, message] of [
    ["Full Name", "Full Name is required"],
    ["Email Address", "Email Address is required"],
    ["Confirm Password", "Confirm Password is required"],
  ] as const) {
    const input = page.getByLabel(field, { exact: true });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(page.getByText("You must accept the terms and conditions")).toBeVisible();

  // A short password and a mismatch are reported together, each beside its own field.
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm Password").fill("abd");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    /Password must be at least 6 characters/,
  );
  await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription(/Passwords do not match/);

  // Show / Hide.
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show" }).first().click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // Terms and privacy are real pages.
  for (const [name, heading] of [
    ["Terms of Service", "Terms of Service"],
    ["Privacy Policy", "Privacy Policy"],
  ]) {
    const href = await page.getByRole("link", { name }).getAttribute("href");
    const tab = await page.context().newPage();
    await tab.goto(href!);
    await expect(tab.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await tab.close();
  }
});

test("404: inside the site layout, with a way home and a search of the pages", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByLabel("Search the site's pages").fill("support");
  const pages = page.getByRole("list", { name: "Pages" });
  await expect(pages.getByRole("link")).toHaveCount(1);
  await page.getByLabel("Search the site's pages").fill("zzz");
  await expect(page.getByText("No page matches your search.")).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
