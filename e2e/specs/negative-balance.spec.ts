import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { ADMIN, signInAdmin, signUpMember } from "../fixtures/helpers";

/**
 * A member whose purchase PayPal refunded after its credits were spent owes credits (decisions 097, 124, 138): every
 * place that shows the balance says so with the minus sign, and the next purchase says what it paid off. The refund
 * is the merchant's, through the offline PayPal's refund API; its PAYMENT.CAPTURE.REFUNDED reaches the server as
 * PayPal's would.
 */
const MINUS = "\u2212";
const WIDTHS = [375, 1280] as const;

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${page.viewportSize()?.width}.png`), fullPage });
}

async function fillBilling(page: Page) {
  await expect(page.getByRole("heading", { name: "Complete Your Order" })).toBeVisible();
  await page.getByLabel("Full Name").fill("Test Buyer");
  await page.getByLabel("Address").fill("1 Test Street, Berlin");
  await page.getByLabel("Country").selectOption("Germany");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
}

/** Buys a seeded package through the offline PayPal; answers PayPal's order id. */
async function buy(page: Page, plan: string): Promise<string> {
  await page.goto("/user/select-package");
  await page
    .getByRole("article", { name: plan })
    .getByRole("link", { name: /Choose Plan/ })
    .click();
  await fillBilling(page);
  await page.getByRole("button", { name: "Pay with the test PayPal (offline demo)" }).click();
  await expect(page.getByRole("heading", { name: "PayPal test checkout" })).toBeVisible();
  const paypalOrderId = new URL(page.url()).searchParams.get("token") ?? "";
  expect(paypalOrderId).not.toBe("");
  await page.getByRole("button", { name: "Approve test payment" }).click();
  await expect(page).toHaveURL(/\/user\/orders-history$/);
  return paypalOrderId;
}

/** The merchant refunds a capture in full through PayPal's API (the offline PayPal mounted on the server). */
async function refundAtPaypal(baseURL: string, paypalOrderId: string) {
  const paypal = await playwrightRequest.newContext({ baseURL: `${baseURL}/paypal-standin/` });
  const basic = Buffer.from("standin-client-id:standin-client-secret").toString("base64");
  const token = await paypal.post("v1/oauth2/token", {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: "client_credentials" },
  });
  const auth = { authorization: `Bearer ${(await token.json()).access_token}` };
  const order = await (await paypal.get(`v2/checkout/orders/${paypalOrderId}`, { headers: auth })).json();
  const captureId = order.purchase_units[0].payments.captures[0].id as string;
  const refund = await paypal.post(`v2/payments/captures/${captureId}/refund`, {
    headers: { ...auth, "paypal-request-id": `e2e-refund-${captureId}` },
    data: {},
  });
  expect(refund.status()).toBe(201);
  await paypal.dispose();
}

test("a member who owes credits sees the minus everywhere, and the next purchase says what it paid off", async ({
  page,
  baseURL,
}) => {
  const { email, name } = await signUpMember(page, { name: "Owing Member" });
  const paypalOrderId = await buy(page, "Starter");

  // The admin sets the balance to 0 (as if the 20 credits were spent), then the merchant refunds the payment.
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  const memberId = (await (await page.request.get("/api/me")).json()).user._id as string;
  expect((await admin.put(`/api/users/${memberId}`, { data: { currentBalance: 0 } })).status()).toBe(200);
  await refundAtPaypal(baseURL ?? "", paypalOrderId);
  await expect.poll(async () => (await (await page.request.get("/api/me")).json()).user.currentBalance).toBe(-20);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 640 ? 800 : 900 });

    await page.goto("/user/dashboard");
    await expect(page.getByTestId("dashboard-credits")).toHaveText(`${MINUS}20`);
    await expect(page.getByText("so you owe 20 credits. Credits you buy pay this off first.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy credits", exact: true })).toBeVisible();
    const chip = page.getByRole("link", { name: `Credits: ${MINUS}20, owed. Buy credits` });
    await expect(chip).toBeVisible();
    await shot(page, "dashboard");

    // The account menu in the header of a public page.
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByTestId("header-credits")).toHaveText(`${MINUS}20`);
    await shot(page, "header-menu", false);
    await page.keyboard.press("Escape");

    // The Generator: the same minus sign, Buy Now, and why it cannot generate (decision 141).
    await page.goto("/user/generate-code");
    await expect(page.getByTestId("generator-credits")).toHaveText(`${MINUS}20`);
    await expect(page.getByRole("link", { name: "Buy Now" })).toBeVisible();
    await expect(
      page.getByText(`Your credit balance is ${MINUS}20 because a payment was refunded or reversed.`),
    ).toBeVisible();
    await shot(page, "generator");

    for (const [path, title] of [
      ["/user/select-package", "buy"],
      ["/update-profile", "profile"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId("shell-credits")).toHaveText(`${MINUS}20`);
      await expect(page.getByTestId("shell-credits")).toBeVisible();
      await shot(page, title);
    }
  }

  // The admin's user directory and credit history.
  const adminPage = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1280, height: 900 } });
  await signInAdmin(adminPage);
  await adminPage.goto("/admin/users");
  await adminPage.getByLabel("Search users").fill(email);
  const row = adminPage.getByRole("table", { name: "Users" }).locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${MINUS}20`);
  await shot(adminPage, "admin-users");
  await adminPage.getByRole("button", { name: `Actions for ${name}` }).click();
  await adminPage
    .getByRole("menu", { name: `Actions for ${name}` })
    .getByRole("menuitem", { name: "Credit history", exact: true })
    .click();
  const ledger = adminPage.getByRole("dialog", { name: "Credit History" });
  await expect(
    ledger.getByRole("row", { name: new RegExp(`Payment refunded or reversed ${MINUS}20 ${MINUS}20`) }),
  ).toBeVisible();
  await shot(adminPage, "admin-credit-history");
  await adminPage.close();
  await admin.dispose();

  // The next purchase pays the 20 owed first; the success screen says so, and the balance is positive again.
  await page.setViewportSize({ width: 375, height: 800 });
  await buy(page, "Professional");
  const success = page.getByRole("region", { name: "Payment successful" });
  await expect(
    success.getByText("80 credits bought: 20 paid off the balance you owed, 60 were added to your account."),
  ).toBeVisible();
  await expect(success.getByTestId("success-balance")).toHaveText("60");
  await shot(page, "paid-off");
  await expect(page.getByTestId("shell-credits")).toHaveText("60");
});
