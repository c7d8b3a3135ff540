import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ORDER_EXPIRED_MESSAGE, ORDER_MESSAGES, PAYMENT_STATUS, PAYMENT_STATUS_EXPIRED } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemOrders, user } from "../src/db/schema/index.js";
import { PaypalStandInState, STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET, STANDIN_PREFIX } from "../stand-ins/paypal.js";
import { addItem, BILLING } from "./commerce-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/** Issue 15 items 15–19: PayPal stand-in, paid item access, pending order expiry, escaped placeholders, headers. */
let server: TestServer;
let admin: TestClient;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), "ms-web-"));
  mkdirSync(path.join(webDist, "demo/items"), { recursive: true });
  writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(path.join(webDist, "demo/items/pack.html"), "<!doctype html><h1>The paid pack</h1>");
  server = await startTestServer({ webDist });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const standIn = () => `${server.url}${STANDIN_PREFIX}`;

async function standInToken(id: string, secret: string) {
  const res = await fetch(`${standIn()}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  return { status: res.status, token: ((await res.json()) as { access_token?: string }).access_token };
}

async function standInOrder(token: string, returnUrl: string) {
  const res = await fetch(`${standIn()}/v2/checkout/orders`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      intent: "CAPTURE",
      purchase_units: [{ amount: { currency_code: "USD", value: "5.00" } }],
      payment_source: { paypal: { experience_context: { return_url: returnUrl, cancel_url: returnUrl } } },
    }),
  });
  return { status: res.status, body: (await res.json()) as { id?: string; details?: { issue: string }[] } };
}

describe("PayPal stand-in", () => {
  it("accepts only same-origin return URLs (no open redirect)", async () => {
    const { token } = await standInToken(STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET);
    const evil = await standInOrder(token!, "https://evil.example/phish");
    expect(evil.status).toBe(422);
    expect(evil.body.details?.[0]?.issue).toBe("INVALID_PARAMETER_VALUE");
    expect((await standInOrder(token!, "javascript:alert(1)")).status).toBe(422);
    const ours = await standInOrder(token!, `${server.url}/pay-now/x?paypal=return`);
    expect(ours.status).toBe(201);
  });

  it("a caller guessing the secret gets an empty account of its own and locks nobody out", async () => {
    const guess = await standInToken(STANDIN_CLIENT_ID, "guessed-secret");
    expect(guess.status).toBe(200);
    const real = await standInToken(STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET);
    expect(real.status).toBe(200);
    const order = await standInOrder(real.token!, `${server.url}/pay-now/x`);
    expect(order.status).toBe(201);
    const peek = await fetch(`${standIn()}/v2/checkout/orders/${order.body.id}`, {
      headers: { authorization: `Bearer ${guess.token}` },
    });
    expect(peek.status).toBe(404);
  });

  it("keeps bounded state (least recently used orders dropped)", () => {
    const state = new PaypalStandInState({ maxOrders: 3 });
    for (let i = 0; i < 10; i++) {
      state.remember(`O${i}`, { clientId: "c", order: { id: `O${i}` } as never });
    }
    expect(state.orders.size).toBe(3);
    expect(state.orders.get("O9")).toBeDefined();
    expect(state.orders.get("O0")).toBeUndefined();
    expect(state.tokens.max).toBeGreaterThan(0);
    expect(state.idempotent.max).toBeGreaterThan(0);
  });

  it("its approval page cannot be framed", async () => {
    const res = await fetch(`${standIn()}/checkoutnow?token=NOPE`);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("paid item content", () => {
  it("is not a public file; the access route serves it only once the member has paid", async () => {
    const item = await addItem(admin, { itemName: "Paid Pack", accessUrl: "/demo/items/pack.html" });
    expect((await fetch(`${server.url}/demo/items/pack.html`)).status).toBe(404);
    expect((await fetch(`${server.url}/demo/items/./pack.html`)).status).toBe(404);

    const buyer = await server.member();
    const other = await server.member();
    const order = (await buyer.post("/api/new-item-order", { itemId: item._id, ...BILLING })).body.data;
    const access = `/api/item-order/${order._id}/access`;
    expect((await server.client().get(access)).status).toBe(401);
    const unpaid = await buyer.get(access);
    expect(unpaid.status).toBe(403);
    expect(unpaid.body.message).toBe(ORDER_MESSAGES.accessNeedsPayment);
    expect((await other.get(access)).status).toBe(403);

    await server.ctx.db
      .update(itemOrders)
      .set({ paymentStatus: PAYMENT_STATUS.paid })
      .where(eq(itemOrders.id, order._id));
    const listed = (await buyer.get("/api/item-orders")).body.find((o: { _id: string }) => o._id === order._id);
    expect(listed.accessUrl).toBe(access);
    const paid = await buyer.get(access);
    expect(paid.status).toBe(200);
    expect(paid.body).toContain("The paid pack");
    expect(paid.headers.get("content-security-policy")).toContain("sandbox");
    expect((await other.get(access)).status).toBe(403);
  });
});

describe("pending orders expire after 24 hours", () => {
  it("shows Expired in the member's and the admin's lists and cannot be paid", async () => {
    const item = await addItem(admin, { itemName: "Old Pack" });
    const m = await server.member();
    const order = (await m.post("/api/new-item-order", { itemId: item._id, ...BILLING })).body.data;
    const fresh = (await m.get("/api/item-orders")).body.find((o: { _id: string }) => o._id === order._id);
    expect(fresh.paymentStatus).toBe(PAYMENT_STATUS.pending);
    await server.ctx.db
      .update(itemOrders)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(itemOrders.id, order._id));
    const mine = (await m.get("/api/item-orders")).body.find((o: { _id: string }) => o._id === order._id);
    expect(mine.paymentStatus).toBe(PAYMENT_STATUS_EXPIRED);
    const all = (await admin.get(`/api/admin/item-orders?search=${order.orderId}`)).body.data;
    expect(all.find((o: { _id: string }) => o._id === order._id)?.paymentStatus).toBe(PAYMENT_STATUS_EXPIRED);
    const pay = await m.post("/api/paypal/create-order", { kind: "item", id: order._id });
    expect(pay.status).toBe(410);
    expect(pay.body.message).toBe(ORDER_EXPIRED_MESSAGE);
    const capture = await m.post("/api/paypal/capture-order", {
      kind: "item",
      id: order._id,
      paypalOrderId: "5O190127TN364715T",
    });
    expect(capture.status).toBe(410);
  });
});

describe("admin message placeholders", () => {
  it("escape the member's name in the HTML body", async () => {
    const m = await server.member();
    const id = (await m.get("/api/me")).body.user._id;
    await server.ctx.db.update(user).set({ name: '<img src=x onerror="alert(1)">' }).where(eq(user.id, id));
    server.ctx.users.invalidate(id);
    const res = await admin.post("/api/send-message", {
      toEmail: m.email,
      subject: "Hi {{name}}",
      messageBody: "<p>Dear {{name}}</p>",
    });
    expect(res.status).toBe(200);
    const mail = server.sentMails.filter((x) => x.to === m.email).at(-1)!;
    // The name is text in the product's letter layout: its markup shows as written and makes no element
    // (inside text a serialiser may leave the quotes as they are; only < and & must be escaped).
    expect(mail.html).toMatch(/Dear &lt;img src=x onerror=(&quot;|")alert\(1\)(&quot;|")&gt;/);
    expect(mail.html).not.toMatch(/<img[^>]*onerror/i);
    expect(mail.text).toContain('Dear <img src=x onerror="alert(1)">');
  });
});

describe("headers", () => {
  it("no answer can be framed: the app, /api/docs, JSON", async () => {
    for (const p of ["/", "/api/docs", "/api/docs/json", "/api/packages", "/api/nope"]) {
      const res = await fetch(server.url + p);
      expect(res.headers.get("x-frame-options"), p).toBe("DENY");
      expect(res.headers.get("content-security-policy"), p).toContain("frame-ancestors 'none'");
    }
  });

  it("personal answers are not stored (Cache-Control: no-store)", async () => {
    const m = await server.member();
    for (const [c, p] of [
      [m, "/api/me"],
      [m, "/api/session"],
      [m, "/api/orders"],
      [m, "/api/item-orders"],
      [m, "/api/support-messages"],
      [m, "/api/templates"],
      [admin, "/api/users"],
      [admin, "/api/user-emails"],
      [admin, "/api/admin/outbox"],
      [admin, "/api/paypal-settings/admin"],
      [m, "/api/auth/get-session"],
    ] as const) {
      const res = await c.get(p);
      expect(res.status, p).toBeLessThan(400);
      expect(res.headers.get("cache-control"), p).toBe("no-store");
    }
  });
});
