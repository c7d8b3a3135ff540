import { COMMERCE_MESSAGES, ORDER_MESSAGES, PAYMENT_STATUS } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaypalClient } from "../src/adapters/paypal/client.js";
import { creditLedger } from "../src/db/schema/index.js";
import {
  type RunningStandIn,
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  signWebhook,
  startPaypalStandIn,
} from "../stand-ins/paypal.js";
import { addItem, addPackage, approveAtStandIn, BILLING, balanceOf, newOrder } from "./commerce-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

// Issue 13 item 3: a member cancels an unpaid order; a cancelled order can no longer be paid.
const WEBHOOK_ID = "WHTESTCANCEL01";
let standIn: RunningStandIn;
let server: TestServer;
let admin: TestClient;
let pkg: Awaited<ReturnType<typeof addPackage>>;

beforeAll(async () => {
  standIn = await startPaypalStandIn({ webhookId: WEBHOOK_ID });
  server = await startTestServer({ env: { PAYPAL_API_BASE: standIn.url, PAYPAL_WEBHOOK_ID: WEBHOOK_ID } });
  admin = await server.admin();
  pkg = await addPackage(admin, { price: "29", credit: "80", validity: 90 });
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const cancel = (client: TestClient, id: string) => client.post(`/api/orders/${id}/cancel`);

/** Creates the PayPal order and approves it at the stand-in, as the buyer's PayPal window would. */
async function approvedPaypalOrder(member: TestClient, kind: "package" | "item", id: string): Promise<string> {
  const res = await member.post("/api/paypal/create-order", { kind, id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await approveAtStandIn(standIn.url, res.body.id);
  return res.body.id;
}

describe("POST /api/orders/:id/cancel", () => {
  it("lets the owner cancel an unpaid order: it stays listed as cancelled, and cancelling again answers the same", async () => {
    const member = await server.member();
    const order = await newOrder(member, pkg._id);

    const res = await cancel(member, order._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: ORDER_MESSAGES.cancelled,
      kind: "package",
      _id: order._id,
      orderId: order.orderId,
      paymentStatus: "cancelled",
      orderStatus: "cancelled",
    });

    const read = await member.get(`/api/order/${order._id}`);
    expect(read.body).toMatchObject({ paymentStatus: PAYMENT_STATUS.cancelled, orderStatus: "cancelled" });
    const list = await member.get("/api/orders");
    expect(list.body.find((o: { _id: string }) => o._id === order._id)?.paymentStatus).toBe("cancelled");

    const again = await cancel(member, order._id);
    expect(again.status).toBe(200);
    expect(again.body.paymentStatus).toBe("cancelled");
  });

  it("cancels item orders too, and an admin may cancel any member's unpaid order", async () => {
    const item = await addItem(admin, { itemId: "TPL-CANCEL-1" });
    const member = await server.member();
    const res = await member.post("/api/new-item-order", { itemId: item.itemId, ...BILLING });
    expect(res.status).toBe(201);

    const byAdmin = await cancel(admin, res.body.data._id);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body).toMatchObject({ kind: "item", orderId: res.body.data.orderId, paymentStatus: "cancelled" });
    const read = await member.get(`/api/item-order/${res.body.data._id}`);
    expect(read.body.paymentStatus).toBe("cancelled");
  });

  it("refuses another member (403), an unknown order (404) and a visitor (401), and leaves the order payable", async () => {
    const owner = await server.member();
    const other = await server.member();
    const order = await newOrder(owner, pkg._id);

    const res = await cancel(other, order._id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ORDER_MESSAGES.notYours);
    expect((await cancel(other, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await cancel(server.client(), order._id)).status).toBe(401);
    expect((await cancel(owner, "not-a-uuid")).status).toBe(400);

    const read = await owner.get(`/api/order/${order._id}`);
    expect(read.body.paymentStatus).toBe(PAYMENT_STATUS.pending);
  });

  it("refuses to cancel a paid order (409) and keeps it paid", async () => {
    const member = await server.member();
    const order = await newOrder(member, pkg._id);
    const paypalOrderId = await approvedPaypalOrder(member, "package", order._id);
    const paid = await member.post("/api/paypal/capture-order", { kind: "package", id: order._id, paypalOrderId });
    expect(paid.body.result).toBe("paid");

    for (const client of [member, admin]) {
      const res = await cancel(client, order._id);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "ORDER_ALREADY_PAID", message: COMMERCE_MESSAGES.cancelPaid });
    }
    const read = await member.get(`/api/order/${order._id}`);
    expect(read.body).toMatchObject({ paymentStatus: "Paid", orderStatus: "Completed" });
  });

  it("refuses to pay a cancelled order: no PayPal order, no capture even once approved, no webhook settle, no credits", async () => {
    const member = await server.member();
    const before = await balanceOf(member);

    // Cancelled before paying: no PayPal order is created.
    const first = await newOrder(member, pkg._id);
    expect((await cancel(member, first._id)).status).toBe(200);
    const create = await member.post("/api/paypal/create-order", { kind: "package", id: first._id });
    expect(create.status).toBe(409);
    expect(create.body).toMatchObject({ code: "ORDER_CANCELLED", message: COMMERCE_MESSAGES.orderCancelled });

    // Approved in PayPal, then cancelled before the capture: the capture is refused and nothing is charged.
    const second = await newOrder(member, pkg._id);
    const paypalOrderId = await approvedPaypalOrder(member, "package", second._id);
    expect((await cancel(member, second._id)).status).toBe(200);
    const captured = await member.post("/api/paypal/capture-order", {
      kind: "package",
      id: second._id,
      paypalOrderId,
    });
    expect(captured.status).toBe(409);
    expect(captured.body).toMatchObject({ code: "ORDER_CANCELLED", message: COMMERCE_MESSAGES.orderCancelled });
    const merchant = new PaypalClient({
      baseUrl: standIn.url,
      clientId: STANDIN_CLIENT_ID,
      clientSecret: STANDIN_CLIENT_SECRET,
    });
    expect((await merchant.getOrder(paypalOrderId)).status).toBe("APPROVED");

    // A webhook for the cancelled order does not settle it either.
    const event = {
      id: `WH-EVT-${second.orderId}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { custom_id: second.orderId, supplementary_data: { related_ids: { order_id: paypalOrderId } } },
    };
    const body = JSON.stringify(event);
    const hook = await fetch(`${server.url}/api/paypal/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", ...signWebhook(standIn.state, body, standIn.url) },
      body,
    });
    expect(hook.status).toBe(200);
    expect((await hook.json()).outcome).toBe("refused:ORDER_CANCELLED");

    const read = await member.get(`/api/order/${second._id}`);
    expect(read.body.paymentStatus).toBe("cancelled");
    expect(await balanceOf(member)).toBe(before);
    const ledger = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.sourceKey, `purchase:${second.orderId}`));
    expect(ledger).toHaveLength(0);
  });
});
