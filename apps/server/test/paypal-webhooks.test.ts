import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { COMMERCE_MESSAGES, PAYMENT_ERROR_CODES } from "@mailsmith/shared";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaypalClient } from "../src/adapters/paypal/client.js";
import { creditLedger, packageOrders } from "../src/db/schema/index.js";
import { type RunningStandIn, STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET, signWebhook } from "../stand-ins/paypal.js";
import {
  addPackage,
  approveAtStandIn,
  balanceOf,
  newOrder,
  type PaymentTestServer,
  startPaymentTestServer,
} from "./commerce-helpers.js";
import type { TestClient, TestServer } from "./harness.js";

/**
 * Issue 34 item 5, against the stand-in over HTTP: raw-byte webhook verification, request ids per attempt and the
 * INSTRUMENT_DECLINED restart, CHECKOUT.ORDER.APPROVED for a browser that went away, pending / denied captures,
 * refunds and reversals through the ledger (also below zero), and expired orders. Decisions 097 and 098.
 */
let payment: PaymentTestServer;
let standIn: RunningStandIn;
let server: TestServer;
let admin: TestClient;
let pkg: Awaited<ReturnType<typeof addPackage>>;
let merchant: PaypalClient;

beforeAll(async () => {
  payment = await startPaymentTestServer("WHPAYPALHOOKS01");
  ({ standIn, server, admin, merchant } = payment);
  pkg = await addPackage(admin, { price: "20", credit: "50", validity: 30 });
});
afterAll(async () => {
  await payment?.close();
});

const hook = () => `${server.url}/api/paypal/webhook`;

async function startPayment(member: TestClient) {
  const order = await newOrder(member, pkg._id);
  const res = await member.post("/api/paypal/create-order", { kind: "package", id: order._id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { order, paypalOrderId: res.body.id as string };
}

const capture = (member: TestClient, id: string, paypalOrderId: string) =>
  member.post("/api/paypal/capture-order", { kind: "package", id, paypalOrderId });

const orderOf = async (member: TestClient, id: string) => (await member.get(`/api/order/${id}`)).body;

const captureIdOf = async (paypalOrderId: string) =>
  (await merchant.getOrder(paypalOrderId)).purchase_units![0]!.payments!.captures![0]!.id;

/** Sends a webhook body exactly as given, signed by the stand-in over those bytes (what PayPal does). */
async function deliver(body: string) {
  const res = await fetch(hook(), {
    method: "POST",
    headers: { "content-type": "application/json", ...signWebhook(standIn.state, body, standIn.url) },
    body,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; code?: string } };
}

/** Runs `fn` with the stand-in delivering its webhooks to our server; waits until every delivery was answered. */
async function withWebhooks<T>(fn: () => Promise<T>, style: "compact" | "pretty" = "compact"): Promise<T> {
  standIn.state.options.webhookUrl = hook();
  standIn.state.options.webhookStyle = style;
  try {
    return await fn();
  } finally {
    await expect.poll(() => standIn.state.deliveries.every((d) => d.status !== null), { timeout: 15_000 }).toBe(true);
    standIn.state.options.webhookUrl = undefined;
    standIn.state.options.webhookStyle = undefined;
  }
}

describe("webhook signature on the exact bytes", () => {
  it("verifies a pretty-printed delivery with a \\u00e9 escape (re-serialising it would fail)", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, paypalOrderId } = await startPayment(member);
    await approveAtStandIn(standIn.url, paypalOrderId);
    await merchant.captureOrder(paypalOrderId, `lost-${paypalOrderId}`);
    const captureId = await captureIdOf(paypalOrderId);
    const event = {
      id: `WH-RAW-${paypalOrderId}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: "capture",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      summary: "Paiement effectué",
      resource: {
        id: captureId,
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "20.00" },
        custom_id: order.orderId,
        supplementary_data: { related_ids: { order_id: paypalOrderId } },
      },
    };
    // Two-space indentation and \u00e9 written as an escape: JSON.stringify(JSON.parse(body)) gives other bytes.
    const body = JSON.stringify(event, null, 2).replace("é", "\\u00e9");
    expect(body).toContain("\\u00e9");
    expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
    const res = await deliver(body);
    expect(res, JSON.stringify(res.body)).toMatchObject({ status: 200, body: { outcome: "paid" } });
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Paid");
    expect(await balanceOf(member)).toBe(before + 50);
  });

  it("refuses the same bytes with one character changed", async () => {
    const body = JSON.stringify({ id: "WH-TAMPER-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} }, null, 2);
    const headers = signWebhook(standIn.state, body, standIn.url);
    const res = await fetch(hook(), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: body.replace('"resource"', ' "resource"'),
    });
    expect(res.status).toBe(400);
  });

  it("stand-in deliveries written pretty-printed are verified and settle the order", async () => {
    const member = await server.member();
    const { order, paypalOrderId } = await startPayment(member);
    await withWebhooks(async () => {
      await approveAtStandIn(standIn.url, paypalOrderId);
      await expect.poll(async () => (await orderOf(member, order._id)).paymentStatus, { timeout: 15_000 }).toBe("Paid");
    }, "pretty");
    expect(standIn.state.deliveries.at(-1)!.body).toMatch(/\n {2}"id"/);
  });
});

describe("request ids per attempt and INSTRUMENT_DECLINED", () => {
  it("a declined card answers a retryable 422; after the buyer restarts, the capture succeeds (a new request id)", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, paypalOrderId } = await startPayment(member);
    await approveAtStandIn(standIn.url, paypalOrderId, "approve-decline");
    const declined = await capture(member, order._id, paypalOrderId);
    expect(declined.status, JSON.stringify(declined.body)).toBe(422);
    expect(declined.body).toMatchObject({
      code: PAYMENT_ERROR_CODES.instrumentDeclined,
      message: COMMERCE_MESSAGES.instrumentDeclined,
      retryable: true,
    });
    expect(declined.body.restartUrl).toContain(`/checkoutnow?token=${paypalOrderId}`);
    expect((await orderOf(member, order._id)).paymentStatus).toBe("pending");
    expect(await balanceOf(member)).toBe(before);
    // Asked again before the buyer restarted (a racing webhook, a second tab): still declined, still retryable.
    const still = await capture(member, order._id, paypalOrderId);
    expect(still.body).toMatchObject({ code: PAYMENT_ERROR_CODES.instrumentDeclined, retryable: true });

    // The buyer picks another funding source (PayPal's restart) and approves again.
    await approveAtStandIn(standIn.url, paypalOrderId);
    const paid = await capture(member, order._id, paypalOrderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result).toBe("paid");
    expect(await balanceOf(member)).toBe(before + 50);
  });

  it("pressing the PayPal button again makes a new PayPal order (a new create request id)", async () => {
    const member = await server.member();
    const order = await newOrder(member, pkg._id);
    const a = await member.post("/api/paypal/create-order", { kind: "package", id: order._id });
    const b = await member.post("/api/paypal/create-order", { kind: "package", id: order._id });
    expect(a.body.id).not.toBe(b.body.id);
  });

  it("a network retry of one attempt sends the same PayPal-Request-Id, and PayPal captures once", async () => {
    // A proxy in front of the stand-in that cuts the first capture request off mid-way (after PayPal handled it).
    const seen: string[] = [];
    let cut = false;
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        const target = new URL(req.url ?? "/", standIn.url);
        if (req.url?.endsWith("/capture")) seen.push(String(req.headers["paypal-request-id"]));
        const up = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
          if (req.url?.endsWith("/capture") && !cut) {
            cut = true;
            answer.resume();
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        up.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((ok) => proxy.listen(0, "127.0.0.1", ok));
    try {
      const viaProxy = new PaypalClient({
        baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        clientId: STANDIN_CLIENT_ID,
        clientSecret: STANDIN_CLIENT_SECRET,
      });
      const pp = await viaProxy.createOrder(
        { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "USD", value: "3.00" } }] },
        `net-${Date.now()}`,
      );
      await approveAtStandIn(standIn.url, pp.id);
      const done = await viaProxy.captureOrder(pp.id, "attempt-0");
      expect(done.status).toBe("COMPLETED");
      expect(seen).toEqual(["attempt-0", "attempt-0"]);
      expect((await merchant.getOrder(pp.id)).purchase_units![0]!.payments!.captures).toHaveLength(1);
    } finally {
      proxy.close();
    }
  });
});

describe("CHECKOUT.ORDER.APPROVED", () => {
  it("captures an approved order whose browser went away, exactly once", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, paypalOrderId } = await startPayment(member);
    await withWebhooks(async () => {
      await approveAtStandIn(standIn.url, paypalOrderId);
      await expect.poll(async () => (await orderOf(member, order._id)).paymentStatus, { timeout: 15_000 }).toBe("Paid");
    });
    const approved = standIn.state.deliveries.filter((d) => d.event.event_type === "CHECKOUT.ORDER.APPROVED");
    expect(approved.at(-1)!.status).toBe(200);
    expect(await balanceOf(member)).toBe(before + 50);
    const rows = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.sourceKey, `purchase:${order.orderId}`));
    expect(rows).toHaveLength(1);
  });

  it("racing the capture route, the credits are granted once", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, paypalOrderId } = await startPayment(member);
    await withWebhooks(async () => {
      await approveAtStandIn(standIn.url, paypalOrderId);
      const res = await capture(member, order._id, paypalOrderId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(await balanceOf(member)).toBe(before + 50);
    const rows = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.sourceKey, `purchase:${order.orderId}`));
    expect(rows).toHaveLength(1);
  });
});

describe("pending and denied captures", () => {
  it("a PENDING capture is not credited; PAYMENT.CAPTURE.COMPLETED settles it", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, paypalOrderId } = await startPayment(member);
    await withWebhooks(async () => {
      await approveAtStandIn(standIn.url, paypalOrderId, "approve-pending");
      const res = await capture(member, order._id, paypalOrderId);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: PAYMENT_ERROR_CODES.capturePending,
        message: COMMERCE_MESSAGES.capturePending,
      });
    });
    expect((await orderOf(member, order._id)).paymentStatus).toBe("pending");
    expect(await balanceOf(member)).toBe(before);
    await withWebhooks(async () => {
      await standIn.state.settlePendingCapture(await captureIdOf(paypalOrderId), "COMPLETED");
    });
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Paid");
    expect(await balanceOf(member)).toBe(before + 50);
  });

  it("PAYMENT.CAPTURE.DENIED marks the order Failed and grants nothing", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, paypalOrderId } = await startPayment(member);
    await approveAtStandIn(standIn.url, paypalOrderId, "approve-pending");
    await capture(member, order._id, paypalOrderId);
    await withWebhooks(async () => {
      await standIn.state.settlePendingCapture(await captureIdOf(paypalOrderId), "DENIED");
    });
    expect(standIn.state.deliveries.at(-1)).toMatchObject({ status: 200 });
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Failed");
    expect(await balanceOf(member)).toBe(before);
  });
});

describe("refunds and reversals (decision 097)", () => {
  async function paidOrder(member: TestClient) {
    const { order, paypalOrderId } = await startPayment(member);
    await approveAtStandIn(standIn.url, paypalOrderId);
    expect((await capture(member, order._id, paypalOrderId)).status).toBe(200);
    return { order, captureId: await captureIdOf(paypalOrderId) };
  }

  it("a partial refund takes back its share of the credits (rounded up), a full refund the rest, each once", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, captureId } = await paidOrder(member);
    await withWebhooks(() =>
      merchant.refundCapture(captureId, { amount: { currency_code: "USD", value: "5.00" } }, `part-${captureId}`),
    );
    // 5 of 20 USD: a quarter of 50 credits is 12.5, so 13 go back.
    expect(await balanceOf(member)).toBe(before + 50 - 13);
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Partially refunded");

    // PayPal resends the same event: nothing more.
    const refunded = standIn.state.deliveries.filter((d) => d.event.event_type === "PAYMENT.CAPTURE.REFUNDED").at(-1)!;
    const again = await deliver(refunded.body);
    expect(again.body.outcome).toBe("duplicate");
    // The same refund in a new event id (a different delivery of one refund) is still counted once.
    const twin = await deliver(refunded.body.replace(refunded.event.id, `${refunded.event.id}-B`));
    expect(twin.body.outcome).toBe("duplicate");
    expect(await balanceOf(member)).toBe(before + 50 - 13);

    await withWebhooks(() => merchant.refundCapture(captureId, {}, `rest-${captureId}`));
    expect(await balanceOf(member)).toBe(before);
    const mine = await orderOf(member, order._id);
    expect(mine.paymentStatus).toBe("Refunded");
    const adminList = (await admin.get(`/api/admin/orders?q=${order.orderId}`)).body;
    expect(adminList.data ?? adminList.orders ?? adminList).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderId: order.orderId, paymentStatus: "Refunded" })]),
    );
    const rows = await server.ctx.db.select().from(creditLedger).where(like(creditLedger.sourceKey, "reversal:%"));
    const memberId = (await member.get("/api/me")).body.user._id;
    expect(rows.filter((r) => r.userId === memberId).map((r) => r.delta)).toEqual(expect.arrayContaining([-13, -37]));
    expect(rows.filter((r) => r.userId === memberId)).toHaveLength(2);
  });

  it("a refund PayPal reports FAILED or CANCELLED takes no credits and leaves the order paid", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, captureId } = await paidOrder(member);
    for (const outcome of ["FAILED", "CANCELLED"] as const) {
      standIn.state.refundOutcome = outcome;
      try {
        const refund = await merchant.refundCapture(captureId, {}, `${outcome}-${captureId}`);
        expect(refund.status).toBe(outcome);
        // The refund object as a PAYMENT.CAPTURE.REFUNDED resource: PayPal's enum allows any of its statuses.
        const event = { id: `WH-${outcome}-${refund.id}`, event_type: "PAYMENT.CAPTURE.REFUNDED", resource: refund };
        expect((await deliver(JSON.stringify(event))).body.outcome).toBe(`ignored:refund_${outcome.toLowerCase()}`);
      } finally {
        standIn.state.refundOutcome = "COMPLETED";
      }
    }
    expect(await balanceOf(member)).toBe(before + 50);
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Paid");
  });

  it("a reversal of spent credits leaves a negative balance, shown to member and admin, and blocks generation", async () => {
    const member = await server.member();
    const { order, captureId } = await paidOrder(member);
    const memberId = (await member.get("/api/me")).body.user._id;
    // The member spends everything (an admin sets the balance to 0 as a stand-in for 50+ generations).
    expect((await admin.put(`/api/users/${memberId}`, { currentBalance: 0 })).status).toBe(200);
    await withWebhooks(() => standIn.state.reverseCapture(captureId));
    expect(await balanceOf(member)).toBe(-50);
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Reversed");
    const seenByAdmin = (await admin.get(`/api/users?userEmail=${encodeURIComponent(member.email)}`)).body;
    expect(seenByAdmin[0].currentBalance).toBe(-50);
    const [row] = await server.ctx.db.select().from(packageOrders).where(eq(packageOrders.id, order._id));
    expect(row).toMatchObject({ creditsReversed: 50, refundedAmount: 20 });

    // Generation start refuses with the reason while the balance is below 1.
    expect(
      (await admin.post("/api/gemini-keys", { name: "Good", key: "standin-good-key-for-refunds-0001", isActive: true }))
        .status,
    ).toBe(201);
    const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append("instructions", "");
    fd.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "d.png");
    const refused = await member.request("POST", "/api/generations", fd);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(COMMERCE_MESSAGES.negativeBalance(-50));

    // Every other way of taking credits stays guarded: an admin cannot set a negative balance.
    expect((await admin.put(`/api/users/${memberId}`, { currentBalance: -60 })).status).toBe(400);
    // A new purchase brings it back up.
    const next = await paidOrder(member);
    expect(next.order.orderId).toBeTruthy();
    expect(await balanceOf(member)).toBe(0);
  });
});

describe("expired orders are never credited", () => {
  async function expire(id: string) {
    await server.ctx.db
      .update(packageOrders)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(packageOrders.id, id));
  }

  it("CHECKOUT.ORDER.APPROVED for an expired order does not capture it", async () => {
    const member = await server.member();
    const { order, paypalOrderId } = await startPayment(member);
    await expire(order._id);
    await withWebhooks(() => approveAtStandIn(standIn.url, paypalOrderId));
    const approved = standIn.state.deliveries.filter((d) => d.event.event_type === "CHECKOUT.ORDER.APPROVED").at(-1)!;
    expect(approved.status).toBe(200);
    expect((await merchant.getOrder(paypalOrderId)).status).toBe("APPROVED");
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Expired");
  });

  it("a capture PayPal completed after our order expired is not credited by the webhook", async () => {
    const member = await server.member();
    const before = await balanceOf(member);
    const { order, paypalOrderId } = await startPayment(member);
    await approveAtStandIn(standIn.url, paypalOrderId);
    await expire(order._id);
    await withWebhooks(() => merchant.captureOrder(paypalOrderId, `late-${paypalOrderId}`));
    const completed = standIn.state.deliveries
      .filter((d) => d.event.event_type === "PAYMENT.CAPTURE.COMPLETED")
      .at(-1)!;
    expect(completed.status).toBe(200);
    expect(await balanceOf(member)).toBe(before);
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Expired");
  });
});
