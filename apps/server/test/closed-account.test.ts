import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PaypalClient } from "../src/adapters/paypal/client.js";
import { itemOrders, packageOrders } from "../src/db/schema/index.js";
import { type RunningStandIn, signWebhook } from "../stand-ins/paypal.js";
import {
  addItem,
  addPackage,
  approveAtStandIn,
  BILLING,
  newOrder,
  type PaymentTestServer,
  startPaymentTestServer,
} from "./commerce-helpers.js";
import { designForm, finishedJob } from "./generator-helpers.js";
import type { TestClient, TestServer } from "./harness.js";

/**
 * Decision 124 (issue 44 item 3): deleting an account cancels its unpaid orders; a capture PayPal still makes for
 * one (the buyer approved before the deletion) is refunded automatically and recorded on the order, never kept with
 * nobody credited. The account's stored files answer 404 at once, not after the sweep's grace period.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let payment: PaymentTestServer;
let standIn: RunningStandIn;
let server: TestServer;
let admin: TestClient;
let merchant: PaypalClient;
let pkg: Awaited<ReturnType<typeof addPackage>>;
let item: Awaited<ReturnType<typeof addItem>>;

beforeAll(async () => {
  payment = await startPaymentTestServer("WHCLOSEDACCT01");
  ({ standIn, server, admin, merchant } = payment);
  pkg = await addPackage(admin, { price: "20", credit: "50", validity: 30 });
  item = await addItem(admin);
});
afterAll(async () => {
  await payment?.close();
});

/** Sends a webhook event, signed by the stand-in over the exact bytes (as PayPal does). */
async function deliver(event: object) {
  const body = JSON.stringify(event);
  const res = await fetch(`${server.url}/api/paypal/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...signWebhook(standIn.state, body, standIn.url) },
    body,
  });
  return { status: res.status, outcome: ((await res.json()) as { outcome?: string }).outcome };
}

const deleteAccount = async (m: TestClient & { password: string }) =>
  expect((await m.request("DELETE", "/api/me", { password: m.password })).status).toBe(204);

describe("pending orders of a deleted account", () => {
  it("are cancelled; a capture PayPal still makes is refunded at once and recorded on the order", async () => {
    const m = await server.member();
    const order = await newOrder(m, pkg._id);
    const created = await m.post("/api/paypal/create-order", { kind: "package", id: order._id });
    expect(created.status).toBe(200);
    const paypalOrderId = created.body.id as string;
    await approveAtStandIn(standIn.url, paypalOrderId);
    const itemOrder = await m.post("/api/new-item-order", { itemId: item._id, ...BILLING });
    expect(itemOrder.status, JSON.stringify(itemOrder.body)).toBe(201);
    await deleteAccount(m);

    const [row] = await server.ctx.db.select().from(packageOrders).where(eq(packageOrders.id, order._id));
    expect(row).toMatchObject({ paymentStatus: "cancelled", orderStatus: "cancelled", userId: null });
    const [ir] = await server.ctx.db.select().from(itemOrders).where(eq(itemOrders.id, itemOrder.body.data._id));
    expect(ir).toMatchObject({ paymentStatus: "cancelled", userId: null });

    // CHECKOUT.ORDER.APPROVED (the buyer's approval, delivered late): we never capture for a cancelled order.
    const approved = await deliver({
      id: `WH-APPROVED-${paypalOrderId}`,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id: paypalOrderId, purchase_units: [{ custom_id: order.orderId }] },
    });
    expect(approved).toEqual({ status: 200, outcome: "refused:ORDER_CANCELLED" });
    expect((await merchant.getOrder(paypalOrderId)).status).toBe("APPROVED");

    // The buyer's page had already asked PayPal to capture: the money moved. PAYMENT.CAPTURE.COMPLETED follows.
    const captured = await merchant.captureOrder(paypalOrderId, `page-${paypalOrderId}`);
    const capture = captured.purchase_units![0]!.payments!.captures![0]!;
    const completed = {
      id: `WH-COMPLETED-${paypalOrderId}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: capture.id,
        custom_id: order.orderId,
        supplementary_data: { related_ids: { order_id: paypalOrderId } },
      },
    };
    expect(await deliver(completed)).toEqual({ status: 200, outcome: "refunded:ORDER_CANCELLED" });
    const atPaypal = await merchant.getOrder(paypalOrderId);
    expect(atPaypal.purchase_units![0]!.payments!.captures![0]!.status).toBe("REFUNDED");
    const refunds = [...standIn.state.refunds.values()].filter((r) => r.captureId === capture.id);
    expect(refunds.map((r) => r.amount?.value)).toEqual(["20.00"]);
    const [after] = await server.ctx.db.select().from(packageOrders).where(eq(packageOrders.id, order._id));
    expect(after).toMatchObject({
      paymentStatus: "Refunded",
      orderStatus: "Refunded",
      paypalTransactionId: capture.id,
      refundedAmount: 20,
      creditsReversed: 0,
    });
    // PayPal resends it under another event id: still one refund.
    expect(await deliver({ ...completed, id: `${completed.id}-again` })).toEqual({
      status: 200,
      outcome: "already_paid",
    });
    expect([...standIn.state.refunds.values()].filter((r) => r.captureId === capture.id)).toHaveLength(1);
    // The admin sees it in the orders list.
    const list = (await admin.get(`/api/admin/orders?q=${order.orderId}`)).body;
    expect(list.data ?? list.orders ?? list).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderId: order.orderId, paymentStatus: "Refunded" })]),
    );
  });
});

describe("PayPal's answers to the refund of a cancelled order's capture", () => {
  /** A deleted account's order whose buyer had approved, captured by PayPal afterwards; its COMPLETED event. */
  async function capturedAfterDeletion() {
    const m = await server.member();
    const order = await newOrder(m, pkg._id);
    const created = await m.post("/api/paypal/create-order", { kind: "package", id: order._id });
    const paypalOrderId = created.body.id as string;
    await approveAtStandIn(standIn.url, paypalOrderId);
    await deleteAccount(m);
    const captured = await merchant.captureOrder(paypalOrderId, `page-${paypalOrderId}`);
    const capture = captured.purchase_units![0]!.payments!.captures![0]!;
    const completed = {
      id: `WH-COMPLETED-${paypalOrderId}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: capture.id,
        custom_id: order.orderId,
        supplementary_data: { related_ids: { order_id: paypalOrderId } },
      },
    };
    const stored = async () =>
      (await server.ctx.db.select().from(packageOrders).where(eq(packageOrders.id, order._id)))[0];
    const refunds = () => [...standIn.state.refunds.values()].filter((r) => r.captureId === capture.id);
    return { capture, completed, stored, refunds };
  }

  it("already refunded in full (PayPal answers 422 CAPTURE_FULLY_REFUNDED): done, recorded, no second refund", async () => {
    const { capture, completed, stored, refunds } = await capturedAfterDeletion();
    // The money went back before this event was handled (the merchant in PayPal, or our earlier attempt whose
    // record did not reach the order).
    await merchant.refundCapture(capture.id, {}, `merchant-${capture.id}`);
    expect(await deliver(completed)).toEqual({ status: 200, outcome: "refunded:ORDER_CANCELLED" });
    expect(await stored()).toMatchObject({
      paymentStatus: "Refunded",
      paypalTransactionId: capture.id,
      refundedAmount: 20,
    });
    expect(refunds()).toHaveLength(1);
  });

  it("a refund PayPal answers PENDING is done", async () => {
    const pending = await capturedAfterDeletion();
    standIn.state.refundOutcome = "PENDING";
    try {
      expect(await deliver(pending.completed)).toEqual({ status: 200, outcome: "refunded:ORDER_CANCELLED" });
      expect(await pending.stored()).toMatchObject({ paymentStatus: "Refunded", refundedAmount: 20 });
    } finally {
      standIn.state.refundOutcome = "COMPLETED";
    }
  });

  for (const outcome of ["FAILED", "CANCELLED"] as const) {
    it(`a refund PayPal answers ${outcome} shows the admin "Refund failed"; the refund made in PayPal then turns it Refunded`, async () => {
      const failed = await capturedAfterDeletion();
      standIn.state.refundOutcome = outcome;
      try {
        // Handled (PayPal would replay the same answer to every resend of this request id): recorded on the order.
        expect(await deliver(failed.completed)).toEqual({ status: 200, outcome: "refund_failed:ORDER_CANCELLED" });
      } finally {
        standIn.state.refundOutcome = "COMPLETED";
      }
      expect(failed.refunds().map((r) => r.status)).toEqual([outcome]);
      expect(await failed.stored()).toMatchObject({
        paymentStatus: "Refund failed",
        orderStatus: "Refund failed",
        paypalTransactionId: failed.capture.id,
        refundedAmount: 0,
        creditsReversed: 0,
      });
      const orderId = (await failed.stored())!.orderId;
      const list = (await admin.get(`/api/admin/orders?q=${orderId}`)).body;
      expect(list.data).toEqual([
        expect.objectContaining({
          orderId,
          paymentStatus: "Refund failed",
          paypalTransactionID: failed.capture.id,
          totalPrice: 20,
        }),
      ]);
      // A resend of the event under a new id: no second refund attempt, nothing changes.
      expect(await deliver({ ...failed.completed, id: `${failed.completed.id}-again` })).toEqual({
        status: 200,
        outcome: "already_paid",
      });
      expect(failed.refunds()).toHaveLength(1);

      // The admin refunds it in PayPal; PayPal reports it. Nobody was credited, so no credits are taken.
      const made = await merchant.refundCapture(failed.capture.id, {}, `by-hand-${failed.capture.id}`);
      expect(made.status).toBe("COMPLETED");
      const refundedEvent = {
        id: `WH-REFUNDED-${made.id}`,
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        resource: made,
      };
      expect(await deliver(refundedEvent)).toEqual({ status: 200, outcome: "refunded:0" });
      expect(await failed.stored()).toMatchObject({
        paymentStatus: "Refunded",
        refundedAmount: 20,
        creditsReversed: 0,
      });
    });
  }
});

describe("stored files of a deleted account", () => {
  it("the profile photo, the template's thumbnail and pictures answer 404 at once", async () => {
    const m = await server.member();
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append("image", new Blob([new Uint8Array(photo)], { type: "image/png" }), "me.png");
    const uploaded = await m.post("/api/image-server/upload", fd);
    expect(uploaded.status).toBe(201);
    const urls: string[] = [uploaded.body.file.url];

    expect(
      (await admin.post("/api/gemini-keys", { name: "Good", key: "standin-closed-good-key-00001", isActive: true }))
        .status,
    ).toBe(201);
    const design = await sharp({ create: { width: 400, height: 600, channels: 3, background: "#ffffff" } })
      .composite([
        {
          input: await sharp({ create: { width: 104, height: 60, channels: 3, background: "#f00" } })
            .png()
            .toBuffer(),
          left: 16,
          top: 12,
        },
        {
          input: await sharp({ create: { width: 400, height: 240, channels: 3, background: "#00f" } })
            .png()
            .toBuffer(),
          left: 0,
          top: 120,
        },
      ])
      .png()
      .toBuffer();
    const started = await m.request("POST", "/api/generations", designForm(design, { instructions: "Spring" }));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await finishedJob(m, started.body.data.jobs[0]._id);
    const template = (await m.get(`/api/templates/${job.templateId}`)).body.data;
    for (const match of JSON.stringify(template).matchAll(/\/uploads\/[a-z]+\/[0-9a-f-]+\.[a-z]+(\?[^"\\]*)?/g))
      urls.push(match[0]);
    const unique = [...new Set(urls)];
    expect(unique.length).toBeGreaterThanOrEqual(3);
    for (const url of unique) expect((await fetch(server.url + url)).status, url).toBe(200);

    await deleteAccount(m);
    for (const url of unique) expect((await fetch(server.url + url)).status, url).toBe(404);
  });
});
