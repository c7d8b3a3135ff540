import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PaypalClient } from "../src/adapters/paypal/client.js";
import { creditLedger, generationJobs } from "../src/db/schema/index.js";
import type { GeminiStandIn } from "../stand-ins/gemini.js";
import type { RunningStandIn } from "../stand-ins/paypal.js";
import {
  addPackage,
  approveAtStandIn,
  balanceOf,
  newOrder,
  type PaymentTestServer,
  startPaymentTestServer,
} from "./commerce-helpers.js";
import { designForm } from "./generator-helpers.js";
import type { TestClient, TestServer } from "./harness.js";

/**
 * Decision 124 (issue 44 item 1): credits coming in are never refused. A member whose balance a PayPal reversal
 * made negative pays for a package: PayPal captures and the credits are added (paying the debt off first), from the
 * payment page and from PayPal's webhook alike. A generation cancelled or failed while the balance is negative is
 * refunded and ends. Before the fix the ledger's never-below-zero guard refused these positive changes too.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let payment: PaymentTestServer;
let standIn: RunningStandIn;
let gemini: GeminiStandIn;
let server: TestServer;
let admin: TestClient;
let big: Awaited<ReturnType<typeof addPackage>>;
let small: Awaited<ReturnType<typeof addPackage>>;
let merchant: PaypalClient;

beforeAll(async () => {
  payment = await startPaymentTestServer("WHNEGATIVE0001", { GEMINI_TIMEOUT_MS: "30000", GENERATION_POLL_MS: "150" });
  ({ standIn, gemini, server, admin, merchant } = payment);
  big = await addPackage(admin, { packageName: "Big", price: "20", credit: "50", validity: 30 });
  small = await addPackage(admin, { packageName: "Small", price: "5", credit: "10", validity: 30 });
  const key = await admin.post("/api/gemini-keys", {
    name: "Good",
    key: "standin-negative-good-key-0001",
    isActive: true,
  });
  expect(key.status).toBe(201);
});
afterAll(async () => {
  await payment?.close();
});

const hook = () => `${server.url}/api/paypal/webhook`;
const memberIdOf = async (m: TestClient) => (await m.get("/api/me")).body.user._id as string;
const orderOf = async (m: TestClient, id: string) => (await m.get(`/api/order/${id}`)).body;

async function startPayment(m: TestClient, packageId: string) {
  const order = await newOrder(m, packageId);
  const res = await m.post("/api/paypal/create-order", { kind: "package", id: order._id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { order, paypalOrderId: res.body.id as string };
}

const capture = (m: TestClient, id: string, paypalOrderId: string) =>
  m.post("/api/paypal/capture-order", { kind: "package", id, paypalOrderId });

/** Waits until the stand-in's webhook deliveries were all answered, with the webhook switched on during `fn`. */
async function withWebhooks<T>(fn: () => Promise<T>): Promise<T> {
  standIn.state.options.webhookUrl = hook();
  try {
    return await fn();
  } finally {
    await expect.poll(() => standIn.state.deliveries.every((d) => d.status !== null), { timeout: 30_000 }).toBe(true);
    standIn.state.options.webhookUrl = undefined;
  }
}

/** A member who bought 50 credits, spent them all (the admin sets 0) and whose payment PayPal then reversed: -50. */
async function memberInDebt(): Promise<{ member: TestClient; id: string }> {
  const member = await server.member();
  const id = await memberIdOf(member);
  const { order, paypalOrderId } = await startPayment(member, big._id);
  await approveAtStandIn(standIn.url, paypalOrderId);
  expect((await capture(member, order._id, paypalOrderId)).status).toBe(200);
  const captureId = (await merchant.getOrder(paypalOrderId)).purchase_units![0]!.payments!.captures![0]!.id;
  expect((await admin.put(`/api/users/${id}`, { currentBalance: 0 })).status).toBe(200);
  await withWebhooks(() => standIn.state.reverseCapture(captureId));
  expect(await balanceOf(member)).toBe(-50);
  return { member, id };
}

const ledgerRow = (userId: string, sourceKey: string) =>
  server.ctx.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.sourceKey, sourceKey)));

describe("credits in on a negative balance", () => {
  it("a package paid from the payment page is credited: the debt is paid off first, shown in balance and ledger", async () => {
    const { member, id } = await memberInDebt();
    const { order, paypalOrderId } = await startPayment(member, small._id);
    await approveAtStandIn(standIn.url, paypalOrderId);
    const paid = await capture(member, order._id, paypalOrderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result).toBe("paid");
    // What the success screen tells the member: all 10 paid off part of the 50 owed.
    expect(paid.body.credited).toEqual({ added: 10, paidOff: 10, balance: -40 });
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Paid");
    expect(await balanceOf(member)).toBe(-40);
    const [row] = await ledgerRow(id, `purchase:${order.orderId}`);
    expect(row).toMatchObject({ delta: 10, balanceAfter: -40, reason: "purchase" });
    // The admin's credit history shows the purchase line with the balance after it.
    const history = (await admin.get(`/api/users/${id}/credits`)).body as { reason: string; balanceAfter: number }[];
    expect(history[0]).toMatchObject({ reason: "purchase", delta: 10, balanceAfter: -40 });
  });

  it("a package larger than what is owed: the page is told how much paid it off and how much was added", async () => {
    const { member } = await memberInDebt();
    const buy = async (packageId: string) => {
      const { order, paypalOrderId } = await startPayment(member, packageId);
      await approveAtStandIn(standIn.url, paypalOrderId);
      const res = await capture(member, order._id, paypalOrderId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.credited;
    };
    expect(await buy(small._id)).toEqual({ added: 10, paidOff: 10, balance: -40 });
    expect(await buy(big._id)).toEqual({ added: 50, paidOff: 40, balance: 10 });
    // Nothing owed any more: the next purchase pays nothing off.
    expect(await buy(small._id)).toEqual({ added: 10, paidOff: 0, balance: 20 });
  });

  it("a package captured through PayPal's webhook (the page never came back) is credited, not answered with 500", async () => {
    const { member, id } = await memberInDebt();
    const { order, paypalOrderId } = await startPayment(member, small._id);
    // The buyer approves and closes the tab: CHECKOUT.ORDER.APPROVED makes us capture, then COMPLETED follows.
    await withWebhooks(() => approveAtStandIn(standIn.url, paypalOrderId));
    const answered = standIn.state.deliveries.filter(
      (d) => d.event.resource && JSON.stringify(d.event.resource).includes(order.orderId),
    );
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.map((d) => d.status)).toEqual(answered.map(() => 200));
    expect((await orderOf(member, order._id)).paymentStatus).toBe("Paid");
    expect(await balanceOf(member)).toBe(-40);
    expect(await ledgerRow(id, `purchase:${order.orderId}`)).toHaveLength(1);
  });
});

describe("generation refunds on a negative balance", () => {
  async function heldJob(member: TestClient) {
    const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const hold = `neg-${randomBytes(4).toString("hex")}`;
    const res = await member.request(
      "POST",
      "/api/generations",
      designForm(png, { instructions: `[stand-in:hold:${hold}]` }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return { jobId: res.body.data.jobs[0]._id as string, hold };
  }

  /** A member with a generation charged and running, whose balance then goes below zero (a reversal). */
  async function runningJobInDebt() {
    const member = await server.member();
    const id = await memberIdOf(member);
    const { order, paypalOrderId } = await startPayment(member, big._id);
    await approveAtStandIn(standIn.url, paypalOrderId);
    expect((await capture(member, order._id, paypalOrderId)).status).toBe(200);
    const job = await heldJob(member);
    expect(await balanceOf(member)).toBe(52);
    const captureId = (await merchant.getOrder(paypalOrderId)).purchase_units![0]!.payments!.captures![0]!.id;
    expect((await admin.put(`/api/users/${id}`, { currentBalance: 0 })).status).toBe(200);
    await withWebhooks(() => standIn.state.reverseCapture(captureId));
    expect(await balanceOf(member)).toBe(-50);
    return { member, id, ...job };
  }

  it("cancelling a running generation refunds its credit and ends it", async () => {
    const { member, id, jobId, hold } = await runningJobInDebt();
    try {
      const res = await member.post(`/api/generations/${jobId}/cancel`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: "cancelled", refunded: true });
      expect(res.body.balance).toBe(-49);
      expect(await ledgerRow(id, `refund:${jobId}`)).toHaveLength(1);
    } finally {
      gemini.release(hold);
    }
  });

  // Last in the file: it stops the Gemini stand-in.
  it("a generation whose model call fails is refunded by the worker and ends failed", async () => {
    const { member, id, jobId } = await runningJobInDebt();
    // The AI service goes away mid-answer: the held stream breaks and every further call is refused.
    await gemini.close();
    await expect
      .poll(async () => (await member.get(`/api/generations/${jobId}`)).body.data, { timeout: 90_000, interval: 200 })
      .toMatchObject({ status: "failed", refunded: true });
    const [row] = await server.ctx.db.select().from(generationJobs).where(eq(generationJobs.id, jobId));
    expect(row).toMatchObject({ status: "failed", charged: false });
    expect(await balanceOf(member)).toBe(-49);
    expect(await ledgerRow(id, `refund:${jobId}`)).toHaveLength(1);
  });
});
