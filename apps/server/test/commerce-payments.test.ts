import { CAPTURE_REFUSALS, PAYMENT_MESSAGES } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaypalClient } from "../src/adapters/paypal/client.js";
import { creditLedger, packageOrders, user } from "../src/db/schema/index.js";
import {
  type RunningStandIn,
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  signWebhook,
  startPaypalStandIn,
} from "../stand-ins/paypal.js";
import { addItem, addPackage, approveAtStandIn, BILLING, balanceOf, newOrder } from "./commerce-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

const WEBHOOK_ID = "WHTEST0000001";
let standIn: RunningStandIn;
let server: TestServer;
let admin: TestClient;
let pkg: Awaited<ReturnType<typeof addPackage>>;
/** The same merchant account the server uses in test mode (no credentials stored). */
let merchant: PaypalClient;

beforeAll(async () => {
  standIn = await startPaypalStandIn({ webhookId: WEBHOOK_ID });
  server = await startTestServer({ env: { PAYPAL_API_BASE: standIn.url, PAYPAL_WEBHOOK_ID: WEBHOOK_ID } });
  admin = await server.admin();
  pkg = await addPackage(admin, { price: "29", credit: "80", validity: 90 });
  merchant = new PaypalClient({
    baseUrl: standIn.url,
    clientId: STANDIN_CLIENT_ID,
    clientSecret: STANDIN_CLIENT_SECRET,
  });
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

async function createPaypalOrder(member: TestClient, kind: "package" | "item", id: string) {
  const res = await member.post("/api/paypal/create-order", { kind, id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; status: string; approveUrl: string };
}

async function capture(member: TestClient, kind: "package" | "item", id: string, paypalOrderId: string) {
  return member.post("/api/paypal/capture-order", { kind, id, paypalOrderId });
}

async function ledgerRows(orderId: string) {
  return server.ctx.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.sourceKey, `purchase:${orderId}`));
}

/** A PayPal order made outside our server (a tampering buyer with our public client id, or another shop). */
async function foreignPaypalOrder(client: PaypalClient, customId: string, value: string, currency = "USD") {
  return client.createOrder(
    { intent: "CAPTURE", purchase_units: [{ custom_id: customId, amount: { currency_code: currency, value } }] },
    `tamper-${Math.random()}`,
  );
}

describe("paying a package through PayPal (stand-in over HTTP)", () => {
  it("creates the PayPal order from our order, captures it and grants the credits once", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const order = await newOrder(member, pkg._id);
    const pp = await createPaypalOrder(member, "package", order._id);
    expect(pp.status).toBe("PAYER_ACTION_REQUIRED");
    expect(pp.approveUrl).toContain(`/checkoutnow?token=${pp.id}`);

    const created = await merchant.getOrder(pp.id);
    const unit = created.purchase_units![0]!;
    expect(unit).toMatchObject({
      custom_id: order.orderId,
      invoice_id: order.paymentId,
      description: pkg.packageName,
      amount: {
        currency_code: "USD",
        value: "29.00",
        breakdown: { item_total: { value: "29.00" }, handling: { value: "0.00" } },
      },
    });
    expect(created.intent).toBe("CAPTURE");
    // Pressing the button again is a new attempt with a new PayPal-Request-Id, so a new PayPal order
    // (PayPal keeps request ids 6 hours, longer than an unapproved order lives); the first one still pays this order.
    expect((await createPaypalOrder(member, "package", order._id)).id).not.toBe(pp.id);

    const approved = await approveAtStandIn(standIn.url, pp.id);
    expect(approved.headers.get("location")).toContain(`/pay-now/${order._id}?paypal=return&token=${pp.id}`);

    const res = await capture(member, "package", order._id, pp.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      result: "paid",
      message: PAYMENT_MESSAGES.success,
      redirectTo: "/user/orders-history",
    });
    expect(await balanceOf(member)).toBe(before + 80);

    const paid = (await member.get(`/api/order/${order._id}`)).body;
    expect(paid).toMatchObject({ paymentStatus: "Paid", orderStatus: "Completed", paymentMethod: "Paypal" });
    expect(paid.paypalTransactionID).toBe(res.body.transactionId);
    expect(paid.payerEmail).toMatch(/@/);
    expect(paid.captureTime).toBeTruthy();
    const me = (await member.get("/api/me")).body.user;
    expect(me.userMembership).toBe("premium");
    expect(new Date(me.membershipValidity).getTime()).toBe(new Date(paid.MembershipValidity).getTime());

    // The same capture sent again changes nothing and says so.
    const again = await capture(member, "package", order._id, pp.id);
    expect(again.body).toMatchObject({ result: "already_paid", message: PAYMENT_MESSAGES.alreadyPaid });
    expect(await balanceOf(member)).toBe(before + 80);
    expect(await ledgerRows(order.orderId)).toHaveLength(1);
  });

  it("20 concurrent captures of one order grant the credits exactly once", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const order = await newOrder(member, pkg._id);
    const pp = await createPaypalOrder(member, "package", order._id);
    await approveAtStandIn(standIn.url, pp.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => capture(member, "package", order._id, pp.id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.result === "paid")).toHaveLength(1);
    expect(results.filter((r) => r.body.result === "already_paid")).toHaveLength(19);
    expect(await balanceOf(member)).toBe(before + 80);
    expect(await ledgerRows(order.orderId)).toHaveLength(1);
  });

  it("refuses a capture before the buyer approved, and nothing changes", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const order = await newOrder(member, pkg._id);
    const pp = await createPaypalOrder(member, "package", order._id);
    const res = await capture(member, "package", order._id, pp.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("PAYPAL_ORDER_NOT_APPROVED");
    expect(res.body.message).toBe(PAYMENT_MESSAGES.processingError(CAPTURE_REFUSALS.notApproved));
    expect((await member.get(`/api/order/${order._id}`)).body.paymentStatus).toBe("pending");
    expect(await balanceOf(member)).toBe(before);
    expect((await merchant.getOrder(pp.id)).status).toBe("PAYER_ACTION_REQUIRED");
  });

  it("refuses an amount that does not match our order, without capturing it", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const order = await newOrder(member, pkg._id);
    const cheap = await foreignPaypalOrder(merchant, order.orderId, "0.01");
    await approveAtStandIn(standIn.url, cheap.id);
    const res = await capture(member, "package", order._id, cheap.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("AMOUNT_MISMATCH");
    expect(res.body.message).toBe(PAYMENT_MESSAGES.processingError(CAPTURE_REFUSALS.amountMismatch));
    expect((await merchant.getOrder(cheap.id)).status).toBe("APPROVED");
    expect(await balanceOf(member)).toBe(before);
    expect(await ledgerRows(order.orderId)).toHaveLength(0);
  });

  it("refuses a currency that does not match our order", async () => {
    const member = await server.member();
    const order = await newOrder(member, pkg._id);
    const euros = await foreignPaypalOrder(merchant, order.orderId, "29.00", "EUR");
    await approveAtStandIn(standIn.url, euros.id);
    const res = await capture(member, "package", order._id, euros.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("CURRENCY_MISMATCH");
    expect((await member.get(`/api/order/${order._id}`)).body.paymentStatus).toBe("pending");
  });

  it("refuses another member's order, and a PayPal payment made for another order", async () => {
    const owner = await server.member();
    const other = await server.member();
    const otherBefore = await balanceOf(other);
    const order = await newOrder(owner, pkg._id);
    const pp = await createPaypalOrder(owner, "package", order._id);
    await approveAtStandIn(standIn.url, pp.id);
    const foreign = await capture(other, "package", order._id, pp.id);
    expect(foreign.status).toBe(403);
    expect((await other.post("/api/paypal/create-order", { kind: "package", id: order._id })).status).toBe(403);
    // The other member points their own order at the owner's approved PayPal payment.
    const otherOrder = await newOrder(other, pkg._id);
    const swapped = await capture(other, "package", otherOrder._id, pp.id);
    expect(swapped.status).toBe(409);
    expect(swapped.body.code).toBe("PAYPAL_ORDER_MISMATCH");
    expect(await balanceOf(other)).toBe(otherBefore);
    // A PayPal order of another merchant account is unknown to ours.
    const shop = new PaypalClient({ baseUrl: standIn.url, clientId: "another-shop", clientSecret: "s" });
    const theirs = await foreignPaypalOrder(shop, otherOrder.orderId, "29.00");
    await approveAtStandIn(standIn.url, theirs.id);
    const unknown = await capture(other, "package", otherOrder._id, theirs.id);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("PAYPAL_ORDER_UNKNOWN");
    // The owner's own capture still works.
    expect((await capture(owner, "package", order._id, pp.id)).body.result).toBe("paid");
  });

  it("verify-order records a capture PayPal completed after the browser flow broke off", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const order = await newOrder(member, pkg._id);
    const pp = await createPaypalOrder(member, "package", order._id);
    await approveAtStandIn(standIn.url, pp.id);
    await merchant.captureOrder(pp.id, `lost-${pp.id}`);
    const res = await member.get(`/api/verify-order/${order._id}`);
    expect(res.body).toMatchObject({ paymentStatus: "Paid", paypalStatus: "COMPLETED", changed: true });
    expect(await balanceOf(member)).toBe(before + 80);
    expect((await member.get(`/api/verify-order/${order._id}`)).body.changed).toBe(false);
  });
});

describe("webhook PAYMENT.CAPTURE.COMPLETED", () => {
  it("settles an interrupted order once, and ignores forged deliveries", async () => {
    standIn.state.options.webhookUrl = `${server.url}/api/paypal/webhook`;
    try {
      const member = await server.member();
      const before = await balanceOf(member);
      const order = await newOrder(member, pkg._id);
      const pp = await createPaypalOrder(member, "package", order._id);
      await approveAtStandIn(standIn.url, pp.id);
      await merchant.captureOrder(pp.id, `lost-${pp.id}`);
      await expect.poll(() => standIn.state.deliveries.at(-1)?.status, { timeout: 10_000 }).toBe(200);
      const delivered = standIn.state.deliveries.at(-1)!;
      expect(delivered.event.event_type).toBe("PAYMENT.CAPTURE.COMPLETED");
      expect((await member.get(`/api/order/${order._id}`)).body.paymentStatus).toBe("Paid");
      expect(await balanceOf(member)).toBe(before + 80);

      // PayPal retries the same event: nothing more happens.
      const body = JSON.stringify(delivered.event);
      const replay = await fetch(`${server.url}/api/paypal/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...signWebhook(standIn.state, body, standIn.url) },
        body,
      });
      expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
      expect(await ledgerRows(order.orderId)).toHaveLength(1);

      // A forged event for a pending order (signature over other content) is refused.
      const victim = await newOrder(member, pkg._id);
      const forged = JSON.stringify({
        id: "WH-FORGED",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: {
          id: "X",
          status: "COMPLETED",
          custom_id: victim.orderId,
          amount: { currency_code: "USD", value: "29.00" },
        },
      });
      const headers = signWebhook(standIn.state, "something else", standIn.url);
      const refused = await fetch(`${server.url}/api/paypal/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: forged,
      });
      expect(refused.status).toBe(400);
      expect((await member.get(`/api/order/${victim._id}`)).body.paymentStatus).toBe("pending");
      expect(await balanceOf(member)).toBe(before + 80);
    } finally {
      standIn.state.options.webhookUrl = undefined;
    }
  });
});

describe("items and settings", () => {
  it("an item purchase reveals the access URL and guidelines once paid, without credits", async () => {
    const item = await addItem(admin, { itemName: "Promo Kit", price: "19" });
    const member = await server.member();
    const before = await balanceOf(member);
    const order = (await member.post("/api/new-item-order", { itemId: item._id, ...BILLING })).body.data;
    expect(order.accessUrl).toBe("");
    const pp = await createPaypalOrder(member, "item", order._id);
    await approveAtStandIn(standIn.url, pp.id);
    const res = await capture(member, "item", order._id, pp.id);
    expect(res.body).toMatchObject({
      result: "paid",
      message: PAYMENT_MESSAGES.itemSuccess,
      redirectTo: "/user/orders",
    });
    const paid = (await member.get(`/api/item-order/${order._id}`)).body;
    expect(paid).toMatchObject({
      paymentStatus: "Paid",
      orderStatus: "Completed",
      accessUrl: item.accessUrl,
      guidelines: "Open and edit.",
    });
    expect(await balanceOf(member)).toBe(before);
  });

  it("keeps the client secret write-only, exposes only what the browser needs, and honours the switch", async () => {
    const anon = server.client();
    const pub = await anon.get("/api/paypal-settings");
    expect(pub.body.data).toEqual({
      clientId: "",
      currency: "USD",
      enablePayPal: true,
      buttonStyles: { layout: "vertical", color: "blue", shape: "rect", label: "paypal" },
      testMode: true,
    });
    const styles = { layout: "horizontal", color: "gold", shape: "pill", label: "pay" };
    const saved = await admin.put("/api/paypal-settings", {
      clientId: "live-client",
      clientSecret: "super-secret",
      mode: "live",
      currency: "EUR",
      enablePayPal: false,
      buttonStyles: styles,
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain("super-secret");
    expect(saved.body.data).toMatchObject({ hasClientSecret: true, testMode: false, mode: "live" });
    const adminView = await admin.get("/api/paypal-settings/admin");
    expect(JSON.stringify(adminView.body)).not.toContain("super-secret");
    const pub2 = (await anon.get("/api/paypal-settings")).body.data;
    expect(pub2).toEqual({
      clientId: "live-client",
      currency: "EUR",
      enablePayPal: false,
      buttonStyles: styles,
      testMode: false,
    });
    expect(pub2.mode).toBeUndefined();

    const member = await server.member();
    const order = await newOrder(member, pkg._id);
    const off = await member.post("/api/paypal/create-order", { kind: "package", id: order._id });
    expect(off.status).toBe(503);
    expect(off.body.message).toBe(PAYMENT_MESSAGES.unavailableText);

    // Saving again with a blank secret keeps it.
    await admin.put("/api/paypal-settings", {
      clientId: "live-client",
      clientSecret: "",
      mode: "live",
      currency: "EUR",
      enablePayPal: true,
      buttonStyles: styles,
    });
    const row = await server.ctx.db.query.paypalSettings.findFirst();
    expect(row?.clientSecret).toBe("super-secret");

    const reset = await admin.post("/api/paypal-settings/reset");
    expect(reset.body.data).toMatchObject({
      clientId: "",
      hasClientSecret: false,
      currency: "USD",
      mode: "sandbox",
      testMode: true,
    });
    // Untouched by all this: members' balances and orders.
    const [stillPending] = await server.ctx.db.select().from(packageOrders).where(eq(packageOrders.id, order._id));
    expect(stillPending?.paymentStatus).toBe("pending");
    const [row2] = await server.ctx.db.select().from(user).where(eq(user.email, member.email));
    expect(row2?.membership).toBe("free");
  });
});
