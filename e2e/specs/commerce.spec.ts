import { expect, type Page, test } from "@playwright/test";
import { signInAdmin, signUpMember } from "../fixtures/helpers";

/** The header's credits (the header is on public pages; its account menu shows the balance). */
async function headerCredits(page: Page): Promise<number> {
  await page.goto("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  const text = await page.getByTestId("header-credits").textContent();
  await page.keyboard.press("Escape");
  return Number(text);
}

async function fillBilling(page: Page) {
  await expect(page.getByRole("heading", { name: "Complete Your Order" })).toBeVisible();
  await page.getByLabel("Full Name").fill("Test Buyer");
  await page.getByLabel("Address").fill("1 Test Street, Berlin");
  await page.getByLabel("Country").selectOption("Germany");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
}

async function payWithStandIn(page: Page) {
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await page.getByRole("button", { name: "Pay with the test PayPal (offline demo)" }).click();
  await expect(page.getByRole("heading", { name: "PayPal test checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Approve test payment" }).click();
}

test("buy a package offline: Choose Plan → checkout → stand-in → credits and subscription history", async ({
  page,
}) => {
  await signUpMember(page);
  const before = await headerCredits(page);

  const pricing = page.locator("#pricing-sec");
  await expect(pricing.getByText("Pricing Plan")).toBeVisible();
  await expect(pricing.getByRole("heading", { name: "Choose Your Best Plan" })).toBeVisible();
  const card = pricing.getByRole("article", { name: "Professional" });
  await expect(card.getByText("$29.00")).toBeVisible();
  await expect(card.getByText("80 credits")).toBeVisible();
  await card.getByRole("link", { name: /Choose Plan/ }).click();
  await expect(page).toHaveURL(/\/buy\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("checkout-total")).toHaveText("$29.00");
  await fillBilling(page);

  await expect(page).toHaveURL(/\/pay-now\/[0-9a-f-]{36}$/);
  await payWithStandIn(page);
  await expect(page.getByText("Payment successful! Redirecting to your subscription history...")).toBeVisible();
  await expect(page.getByText("Payment Status")).toBeVisible();
  await expect(page).toHaveURL(/\/user\/orders-history$/);
  // The success screen: what was bought, the new balance, the next step.
  const success = page.getByRole("region", { name: "Payment successful" });
  await expect(success.getByText("You bought Professional for $29.00.")).toBeVisible();
  await expect(success.getByText("80 credits were added to your account.")).toBeVisible();
  await expect(success.getByTestId("success-balance")).toHaveText(String(before + 80));
  await expect(success.getByRole("link", { name: "Generate a template" })).toHaveAttribute(
    "href",
    "/user/generate-code",
  );

  const row = page.getByRole("row", { name: /Professional/ });
  await expect(row.getByText("Paid")).toBeVisible();
  await expect(row.getByText(/\d+ days left/)).toBeVisible();
  await row.getByRole("button", { name: /View order/ }).click();
  await expect(page.getByRole("dialog", { name: "Package details" }).getByText("Completed")).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();

  expect(await headerCredits(page)).toBe(before + 80);
});

test("a declined card: the page says so, the member restarts in PayPal with another way to pay, and it succeeds", async ({
  page,
}) => {
  await signUpMember(page);
  const before = await headerCredits(page);
  const card = page.locator("#pricing-sec").getByRole("article", { name: "Professional" });
  await card.getByRole("link", { name: /Choose Plan/ }).click();
  await fillBilling(page);
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await page.getByRole("button", { name: "Pay with the test PayPal (offline demo)" }).click();
  await expect(page.getByRole("heading", { name: "PayPal test checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Approve with a card that will be declined" }).click();

  // Back on our page: PayPal declined the card (INSTRUMENT_DECLINED), nothing was charged.
  await expect(
    page.getByText("PayPal declined this payment method. Please choose another way to pay in PayPal."),
  ).toBeVisible();
  await expect(page.getByText("Payment Issue")).toBeVisible();
  await page.getByRole("link", { name: "Choose another way to pay" }).click();

  // The same PayPal order, approved again with another funding source: the capture is a new attempt and succeeds.
  await expect(page.getByRole("heading", { name: "PayPal test checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Approve test payment" }).click();
  await expect(page.getByText("Payment successful! Redirecting to your subscription history...")).toBeVisible();
  await expect(page).toHaveURL(/\/user\/orders-history$/);
  expect(await headerCredits(page)).toBe(before + 80);
});

test("buy a premium item offline and see its access URL", async ({ page }) => {
  await signUpMember(page);
  await page.goto("/premium/black-friday-promotional-email-kit/TPL-BLACKFRIDAY");
  await expect(page.getByRole("heading", { name: "Black Friday Promotional Email Kit" })).toBeVisible();
  await page.getByRole("link", { name: "Buy", exact: true }).click();
  await expect(page).toHaveURL(/\/item-buy\//);
  await expect(page.getByLabel("Country").locator("option", { hasText: "Other" })).toHaveCount(1);
  await fillBilling(page);

  await expect(page).toHaveURL(/\/user\/item-pending-payment\/$/);
  await expect(page.getByRole("heading", { name: /My Pending item Orders \(1\)/ })).toBeVisible();
  await page.getByRole("link", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(/\/item-pay-now\//);
  await payWithStandIn(page);
  await expect(page.getByText("Payment successful! Redirecting to your orders...")).toBeVisible();
  await expect(page).toHaveURL(/\/user\/orders$/);
  // The access URL checks the payment on every request; the file itself is not public.
  const access = page.getByRole("link", { name: /^\/api\/item-order\/[\w-]+\/access$/ });
  await expect(access).toBeVisible();
  const opened = await page.request.get((await access.getAttribute("href")) ?? "");
  expect(opened.status()).toBe(200);
  expect(await opened.text()).toContain("Black Friday");
  expect((await page.request.get("/demo/items/black-friday-kit.html")).status()).toBe(404);
  await expect(page.getByText("Set your coupon code")).toBeVisible();

  await page.goto("/user/item-pending-payment");
  await expect(page.getByText("No Pending Orders")).toBeVisible();
  await expect(page.getByText("You're all caught up with your payments.")).toBeVisible();
});

test("cancelling on PayPal returns with the cancel message and goes to the dashboard", async ({ page }) => {
  await signUpMember(page);
  await page.goto("/user/select-package");
  await page
    .getByRole("article", { name: "Starter" })
    .getByRole("link", { name: /Choose Plan/ })
    .click();
  await fillBilling(page);
  await page.getByRole("button", { name: "Pay with the test PayPal (offline demo)" }).click();
  await page.getByRole("button", { name: "Cancel and return" }).click();
  await expect(
    page.getByText("Payment was cancelled. You can try again or contact support if you need assistance."),
  ).toBeVisible();
  await expect(page.getByText("Payment Issue")).toBeVisible();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto("/user/pending-payment");
  await expect(page.getByRole("heading", { name: /My Pending Orders \(1\)/ })).toBeVisible();
  // An unpaid order shows its real state and the way to pay, never a membership.
  await page.goto("/user/subscription-history");
  const row = page.getByRole("row", { name: /Starter/ });
  await expect(row.getByText("Awaiting payment")).toBeVisible();
  await expect(row.getByText(/days left/)).toHaveCount(0);
  await expect(row.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", /\/pay-now\//);
});

test("a member cancels an unpaid order: the confirmation names it, the row shows cancelled, it can no longer be paid", async ({
  page,
}) => {
  await signUpMember(page);
  await page.goto("/user/select-package");
  await page
    .getByRole("article", { name: "Starter" })
    .getByRole("link", { name: /Choose Plan/ })
    .click();
  await fillBilling(page);
  await expect(page).toHaveURL(/\/pay-now\/[0-9a-f-]{36}$/);
  const payNowUrl = page.url();

  await page.goto("/user/subscription-history");
  const row = page.getByRole("row", { name: /Starter/ });
  await row.getByRole("button", { name: "Cancel order: Starter" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Cancel your order for Starter? It can no longer be paid")).toBeVisible();
  // Keeping it changes nothing.
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(row.getByRole("link", { name: "Pay now" })).toBeVisible();
  await row.getByRole("button", { name: "Cancel order: Starter" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel order", exact: true }).click();
  await expect(page.getByText("Order cancelled.")).toBeVisible();
  await expect(row.getByText("cancelled", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: "Pay now" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /Cancel order/ })).toHaveCount(0);
  await expect(row.getByText(/days left/)).toHaveCount(0);

  await page.goto(payNowUrl);
  await expect(page.getByText("This order was cancelled. Please place a new order.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with the test PayPal (offline demo)" })).toHaveCount(0);
  await page.goto("/user/pending-payment");
  await expect(page.getByText("No Pending Orders")).toBeVisible();
});

test("admin sees packages (max 3), PayPal settings and item orders", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=packages");
  await expect(page.getByRole("heading", { name: "Pricing Packages" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Package" })).toBeDisabled();
  await expect(page.getByText("Maximum 3 packages allowed")).toBeVisible();
  await page.getByRole("button", { name: "Edit Starter" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Package" });
  await dialog.getByLabel("Credit").fill("abc");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Credit must be numeric")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/admin/settings?tab=paypal");
  await expect(page.getByRole("heading", { name: "PayPal Integration Settings" })).toBeVisible();
  await expect(page.getByText("Offline test mode")).toBeVisible();

  await page.goto("/admin/items-orders");
  await expect(page.getByRole("heading", { name: "Item Orders Management" })).toBeVisible();
  await expect(page.getByText(/Showing \d+ to \d+ of \d+ entries/)).toBeVisible();
  await page.getByPlaceholder("Search orders...").fill("zzzz-no-match");
  await expect(page.getByText("No orders found")).toBeVisible();
});

test("admin deletes a pending order from the row-actions menu, confirmed by its order ID", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/user/select-package");
  await page
    .getByRole("article", { name: "Starter" })
    .getByRole("link", { name: /Choose Plan/ })
    .click();
  await fillBilling(page);
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  const orderId =
    (await page.getByText("Order ID", { exact: true }).locator("xpath=following-sibling::dd").textContent())?.trim() ??
    "";
  expect(orderId).toMatch(/^\w+$/);

  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders Management" })).toBeVisible();
  await page.getByPlaceholder("Search orders...").fill(orderId);
  const row = page.getByRole("row", { name: new RegExp(orderId) });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Actions for order ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "View details" }).click();
  await expect(page.getByRole("dialog", { name: "Package details" }).getByText("Awaiting payment")).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  await row.getByRole("button", { name: `Actions for order ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "Delete order" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(`Delete pending order ${orderId}?`)).toBeVisible();
  await dialog.getByRole("button", { name: "Delete order" }).click();
  await expect(page.getByText("Order deleted successfully!")).toBeVisible();
  await expect(page.getByText("No orders found")).toBeVisible();
});
