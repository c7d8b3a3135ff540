import { expect, test } from "@playwright/test";
import { ADMIN, loginThroughUi, registerThroughUi, uniqueEmail, waitForMail } from "../fixtures/helpers";

test("register, see credits, sign out, fail a login, reset the password by email, sign in again", async ({ page }) => {
  const { email, password, name } = await registerThroughUi(page, { name: "Grace Hopper" });

  // Credits in the header dropdown on a public page.
  await page.goto("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText("Grace Hopper").first()).toBeVisible();
  await expect(page.getByTestId("header-credits")).toHaveText("3");
  await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);

  // Closes on an outside click.
  await page
    .locator("main")
    .first()
    .click({ position: { x: 5, y: 5 } });
  await expect(page.getByTestId("header-credits")).toBeHidden();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();

  // Wrong password: the spec's message in the red box.
  await loginThroughUi(page, email, "not-my-password");
  await expect(page.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
  // Unknown account.
  await loginThroughUi(page, uniqueEmail("ghost"), "whatever-pass");
  await expect(page.getByRole("alert")).toHaveText("No account found with this email address.");

  // Forgot password → Email Sent! → follow the emailed link → new password → sign in.
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Email Sent!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Login" })).toBeVisible();

  const mail = await waitForMail((m) => m.to.includes(email) && /reset/i.test(m.subject));
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New Password").fill("brand-new-pass-2");
  await page.getByLabel("Confirm Password").fill("brand-new-pass-2");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

  await loginThroughUi(page, email, password);
  await expect(page.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
  await loginThroughUi(page, email, "brand-new-pass-2");
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByText(`Welcome back, ${name}`)).toBeVisible();
});

test("register validation: mismatched and short passwords", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Full Name").fill("Short Pass");
  await page.getByLabel("Email Address").fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm Password").fill("abd");
  await page.getByLabel(/I agree/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("abc");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("a protected page sends visitors to login and back after sign-in", async ({ page }) => {
  const { email, password } = await registerThroughUi(page);
  await page.context().clearCookies();
  await page.goto("/user/subscription-history");
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/user\/subscription-history$/);
  // Signed-in users are sent away from /login.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test("sign-in survives a browser restart", async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  const { email } = await registerThroughUi(page);
  // The dashboard remembers in this browser that it has welcomed the member; wait until it has (a loaded machine
  // may leave the first dashboard before it did), so the restarted browser is the one that says Welcome back.
  await page.goto("/user/dashboard");
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("mailsmith:welcomed:")));
  const state = await first.storageState();
  await first.close();
  const second = await browser.newContext({ storageState: state });
  const again = await second.newPage();
  await again.goto("/user/dashboard");
  await expect(again).toHaveURL(/\/user\/dashboard$/);
  await expect(again.getByText("Welcome back")).toBeVisible();
  expect(state.cookies.find((c) => c.name.includes("session_token"))?.expires).toBeGreaterThan(
    Date.now() / 1000 + 86400,
  );
  await second.close();
  expect(email).toBeTruthy();
});

test("members see Not Authorized on admin pages; the admin sees the admin area", async ({ page }) => {
  await registerThroughUi(page);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Not Authorized" })).toBeVisible();
  await expect(page.getByText("You can't access this page; this route is only accessible for Admin.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();

  await page.context().clearCookies();
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto("/admin/dashboard");
  const adminNav = page.getByRole("navigation", { name: "Admin navigation" });
  await expect(adminNav).toBeVisible();
  await expect(adminNav.getByRole("link", { name: "Total Users" })).toBeVisible();
});

test("unknown pages show Page Not Found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a Google sign-in that comes back with an error is explained on the page it started from", async ({ page }) => {
  // Better Auth sends the browser back with ?error=<code> (apps/server/test/google-sign-in.test.ts drives the flow).
  await page.goto("/login?error=account_not_linked");
  await expect(page.getByRole("alert")).toContainText("its address is not confirmed yet");
  await page.goto("/register?error=access_denied");
  await expect(page.getByRole("alert")).toHaveText("Sign-in cancelled. Please try again.");
  await page.goto("/login");
  await expect(page.getByRole("alert")).toHaveCount(0);
});
