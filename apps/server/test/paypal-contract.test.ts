import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaypalApiError, PaypalClient } from "../src/adapters/paypal/client.js";
import {
  type RunningStandIn,
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  type StandInExchange,
  startPaypalStandIn,
} from "../stand-ins/paypal.js";
import { addPackage, approveAtStandIn, newOrder } from "./commerce-helpers.js";
import { startTestServer, type TestServer } from "./harness.js";
import {
  findOperation,
  type SpecName,
  validateComponent,
  validateRequest,
  validateResponse,
} from "./paypal-contract.js";

/**
 * Every request our server sends to PayPal and every answer the stand-in gives, captured on the wire while real
 * flows run, validated against PayPal's published OpenAPI documents (issue 34 item 1).
 */
const WEBHOOK_ID = "WHCONTRACT0001";
let standIn: RunningStandIn;
let server: TestServer;
let merchant: PaypalClient;

beforeAll(async () => {
  standIn = await startPaypalStandIn({ webhookId: WEBHOOK_ID, recordTraffic: true });
  server = await startTestServer({ env: { PAYPAL_API_BASE: standIn.url, PAYPAL_WEBHOOK_ID: WEBHOOK_ID } });
  standIn.state.options.webhookUrl = `${server.url}/api/paypal/webhook`;
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

/** Which PayPal document describes a route (null: not an API PayPal publishes a spec for in these documents). */
function specOf(route: string): SpecName | null {
  if (route.startsWith("/v2/checkout/")) return "orders";
  if (route.startsWith("/v2/payments/")) return "payments";
  if (route === "/v1/notifications/verify-webhook-signature") return "webhooks";
  if (route.startsWith("/v1/notifications/webhooks/")) return "webhooks";
  return null;
}

function check(ex: StandInExchange) {
  const spec = specOf(ex.route);
  if (!spec) return [];
  const problems: string[] = [];
  const op = findOperation(spec, ex.route, ex.method);
  if (!op) return [`${ex.method} ${ex.route}: no operation in the ${spec} document`];
  if (op.op.requestBody) {
    const req = validateRequest(spec, ex.route, ex.method, ex.requestBody);
    if (!req.ok) problems.push(`request ${ex.method} ${ex.route} vs ${req.schema}: ${req.errors.join("; ")}`);
  }
  const res = validateResponse(spec, ex.route, ex.method, ex.status, ex.responseBody);
  if (!res.ok)
    problems.push(`response ${ex.status} ${ex.method} ${ex.route} vs ${res.schema}: ${res.errors.join("; ")}`);
  return problems;
}

describe("PayPal contract (OpenAPI documents published by PayPal)", () => {
  it("the validator itself rejects what the documents forbid", () => {
    // Guards against a validator that accepts anything: a wrong intent, a missing amount, a bad verify request.
    expect(validateRequest("orders", "/v2/checkout/orders", "POST", { intent: "SELL", purchase_units: [] }).ok).toBe(
      false,
    );
    expect(validateComponent("orders", "order", { id: "X", status: "FINISHED" }).ok).toBe(false);
    expect(
      validateRequest("webhooks", "/v1/notifications/verify-webhook-signature", "POST", { auth_algo: "SHA256withRSA" })
        .ok,
    ).toBe(false);
  });

  it("every request we send and every answer the stand-in gives matches PayPal's documents", async () => {
    const admin = await server.admin();
    const pkg = await addPackage(admin, { price: "19.99", credit: "40", validity: 30 });
    const member = await server.member();

    // 1. Create → approve → capture (browser flow), then a verify-order read.
    const o1 = await newOrder(member, pkg._id);
    const pp1 = (await member.post("/api/paypal/create-order", { kind: "package", id: o1._id })).body;
    await approveAtStandIn(standIn.url, pp1.id);
    expect(
      (await member.post("/api/paypal/capture-order", { kind: "package", id: o1._id, paypalOrderId: pp1.id })).status,
    ).toBe(200);
    await member.get(`/api/verify-order/${o1._id}`);

    // 2. A declined card, then the restart and a capture that succeeds.
    const o2 = await newOrder(member, pkg._id);
    const pp2 = (await member.post("/api/paypal/create-order", { kind: "package", id: o2._id })).body;
    await approveAtStandIn(standIn.url, pp2.id, "approve-decline");
    expect(
      (await member.post("/api/paypal/capture-order", { kind: "package", id: o2._id, paypalOrderId: pp2.id })).status,
    ).toBe(422);
    await approveAtStandIn(standIn.url, pp2.id);
    expect(
      (await member.post("/api/paypal/capture-order", { kind: "package", id: o2._id, paypalOrderId: pp2.id })).status,
    ).toBe(200);

    // 3. A pending capture (eCheck) that completes later, a refund, an unknown order and a capture before approval.
    const o3 = await newOrder(member, pkg._id);
    const pp3 = (await member.post("/api/paypal/create-order", { kind: "package", id: o3._id })).body;
    await approveAtStandIn(standIn.url, pp3.id, "approve-pending");
    await member.post("/api/paypal/capture-order", { kind: "package", id: o3._id, paypalOrderId: pp3.id });
    const pendingCapture = (await merchant.getOrder(pp3.id)).purchase_units![0]!.payments!.captures![0]!;
    await standIn.state.settlePendingCapture(pendingCapture.id, "COMPLETED");
    await merchant.refundCapture(pendingCapture.id, { amount: { currency_code: "USD", value: "5.00" } }, `r-${pp3.id}`);
    await merchant.getOrder("NOSUCHORDER0000").catch(() => undefined);
    const o4 = await newOrder(member, pkg._id);
    const pp4 = (await member.post("/api/paypal/create-order", { kind: "package", id: o4._id })).body;
    await member.post("/api/paypal/capture-order", { kind: "package", id: o4._id, paypalOrderId: pp4.id });
    await standIn.state.reverseCapture(pendingCapture.id);
    // 4. Refunds (Payments v2): the automatic refund of a capture PayPal made for an order its member cancelled, a
    // second refund of it, one of an unknown capture, a pending capture, a wrong currency, a zero amount, a refund
    // PayPal answers PENDING, and one asked without Prefer (PayPal's minimal answer).
    const o5 = await newOrder(member, pkg._id);
    const pp5 = (await member.post("/api/paypal/create-order", { kind: "package", id: o5._id })).body;
    // The approval's webhook would have us capture at once: the member cancels first, then PayPal captures.
    const hook = standIn.state.options.webhookUrl;
    standIn.state.options.webhookUrl = undefined;
    await approveAtStandIn(standIn.url, pp5.id);
    expect((await member.post(`/api/orders/${o5._id}/cancel`)).status).toBe(200);
    standIn.state.options.webhookUrl = hook;
    const late = (await merchant.captureOrder(pp5.id, `late-${pp5.id}`)).purchase_units![0]!.payments!.captures![0]!;
    await expect
      .poll(async () => (await member.get(`/api/order/${o5._id}`)).body.paymentStatus, { timeout: 15_000 })
      .toBe("Refunded");
    const refundOf = (id: string, body: object, requestId: string) =>
      merchant.refundCapture(id, body, requestId).then(
        () => 201,
        (err: PaypalApiError) => `${err.status} ${err.issue}`,
      );
    expect(await refundOf(late.id, {}, `again-${late.id}`)).toBe("422 CAPTURE_FULLY_REFUNDED");
    expect(await refundOf("NOSUCHCAPTURE00", {}, "r-unknown")).toBe("404 INVALID_RESOURCE_ID");
    const o6 = await newOrder(member, pkg._id);
    const pp6 = (await member.post("/api/paypal/create-order", { kind: "package", id: o6._id })).body;
    await approveAtStandIn(standIn.url, pp6.id, "approve-pending");
    await member.post("/api/paypal/capture-order", { kind: "package", id: o6._id, paypalOrderId: pp6.id });
    const stillPending = (await merchant.getOrder(pp6.id)).purchase_units![0]!.payments!.captures![0]!;
    expect(await refundOf(stillPending.id, {}, `r-${stillPending.id}`)).toBe("422 PENDING_CAPTURE");
    const o7 = await newOrder(member, pkg._id);
    const pp7 = (await member.post("/api/paypal/create-order", { kind: "package", id: o7._id })).body;
    await approveAtStandIn(standIn.url, pp7.id);
    await member.post("/api/paypal/capture-order", { kind: "package", id: o7._id, paypalOrderId: pp7.id });
    const paid = (await merchant.getOrder(pp7.id)).purchase_units![0]!.payments!.captures![0]!;
    expect((await merchant.getCapture(paid.id)).supplementary_data?.related_ids?.order_id).toBe(pp7.id);
    const eur = { amount: { currency_code: "EUR", value: "1.00" } };
    expect(await refundOf(paid.id, eur, `r-eur-${paid.id}`)).toBe("422 REFUND_CAPTURE_CURRENCY_MISMATCH");
    const zero = { amount: { currency_code: "USD", value: "0.00" } };
    expect(await refundOf(paid.id, zero, `r-zero-${paid.id}`)).toBe("422 CANNOT_BE_ZERO_OR_NEGATIVE");
    standIn.state.refundOutcome = "PENDING";
    const one = { amount: { currency_code: "USD", value: "1.00" } };
    expect(await refundOf(paid.id, one, `r-pending-${paid.id}`)).toBe(201);
    standIn.state.refundOutcome = "COMPLETED";
    const token = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${STANDIN_CLIENT_ID}:${STANDIN_CLIENT_SECRET}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const minimal = await fetch(`${standIn.url}/v2/payments/captures/${paid.id}/refund`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
      body: JSON.stringify(one),
    });
    expect(minimal.status).toBe(201);
    expect(Object.keys(await minimal.json()).sort()).toEqual(["id", "links", "status"]);

    // System status looks the webhook up: found, and an id PayPal does not know.
    await merchant.getWebhook(WEBHOOK_ID);
    await merchant.getWebhook("WHNOSUCHHOOK000").catch(() => undefined);

    // All webhook deliveries reached the server and were verified there (through verify-webhook-signature).
    await expect.poll(() => standIn.state.deliveries.every((d) => d.status === 200), { timeout: 15_000 }).toBe(true);

    const routes = new Set(standIn.state.exchanges.map((e) => `${e.method} ${e.route} ${e.status}`));
    for (const seen of [
      "POST /v2/checkout/orders 201",
      "GET /v2/checkout/orders/:id 200",
      "GET /v2/checkout/orders/:id 404",
      "POST /v2/checkout/orders/:id/capture 201",
      "POST /v2/checkout/orders/:id/capture 422",
      "GET /v2/payments/captures/:id 200",
      "POST /v2/payments/captures/:id/refund 201",
      "POST /v2/payments/captures/:id/refund 404",
      "POST /v2/payments/captures/:id/refund 422",
      "POST /v1/notifications/verify-webhook-signature 200",
      "GET /v1/notifications/webhooks/:id 200",
      "GET /v1/notifications/webhooks/:id 404",
    ]) {
      expect(routes, seen).toContain(seen);
    }
    const problems = standIn.state.exchanges.flatMap(check);
    expect(problems).toEqual([]);

    // Our client names every attempt to create, capture or refund (PayPal-Request-Id: a retry is replayed, never
    // done twice) and asks for the whole resource back (Prefer: return=representation).
    const ours = standIn.state.exchanges.filter(
      (e) => e.method === "POST" && /^\/v2\//.test(e.route) && e.requestHeaders.prefer !== undefined,
    );
    expect(ours.length).toBeGreaterThan(10);
    for (const e of ours) {
      expect(e.requestHeaders, `${e.method} ${e.route}`).toMatchObject({
        "paypal-request-id": expect.any(String),
        prefer: "return=representation",
      });
    }
    // The refund of a cancelled order's capture: an empty body (PayPal refunds what is left), one request id per capture.
    const automatic = standIn.state.exchanges.find(
      (e) => e.requestHeaders["paypal-request-id"] === `ms-refund-cancelled-${late.id}`,
    );
    expect(automatic).toMatchObject({ route: "/v2/payments/captures/:id/refund", requestBody: {}, status: 201 });
    expect(automatic?.responseBody).toMatchObject({
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "19.99" },
    });
  });

  it("every webhook the stand-in sends is a valid event envelope with a valid resource", () => {
    const resourceSchema: Record<string, [SpecName, string]> = {
      "CHECKOUT.ORDER.APPROVED": ["orders", "order"],
      "PAYMENT.CAPTURE.COMPLETED": ["payments", "capture-2"],
      "PAYMENT.CAPTURE.PENDING": ["payments", "capture-2"],
      "PAYMENT.CAPTURE.DENIED": ["payments", "capture-2"],
      "PAYMENT.CAPTURE.REFUNDED": ["payments", "refund"],
      "PAYMENT.CAPTURE.REVERSED": ["payments", "refund"],
    };
    const types = new Set(standIn.state.deliveries.map((d) => d.event.event_type));
    for (const t of [
      "CHECKOUT.ORDER.APPROVED",
      "PAYMENT.CAPTURE.COMPLETED",
      "PAYMENT.CAPTURE.PENDING",
      "PAYMENT.CAPTURE.REFUNDED",
      "PAYMENT.CAPTURE.REVERSED",
    ]) {
      expect(types, t).toContain(t);
    }
    const problems: string[] = [];
    for (const d of standIn.state.deliveries) {
      const body = JSON.parse(d.body);
      const envelope = validateComponent("webhooks", "event", body);
      if (!envelope.ok) problems.push(`${d.event.event_type} envelope: ${envelope.errors.join("; ")}`);
      const [spec, name] = resourceSchema[d.event.event_type] ?? [];
      if (!spec || !name) {
        problems.push(`${d.event.event_type}: no resource schema chosen`);
        continue;
      }
      const resource = validateComponent(spec, name, body.resource);
      if (!resource.ok) problems.push(`${d.event.event_type} resource vs ${name}: ${resource.errors.join("; ")}`);
    }
    expect(problems).toEqual([]);
  });
});
