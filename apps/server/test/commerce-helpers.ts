import { expect } from "vitest";
import { PaypalClient } from "../src/adapters/paypal/client.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import {
  type RunningStandIn,
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  startPaypalStandIn,
} from "../stand-ins/paypal.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

export const BILLING = { customerName: "Ada Buyer", address: "1 Test Street", country: "Germany" };

export async function addPackage(admin: TestClient, over: Record<string, unknown> = {}) {
  const res = await admin.post("/api/add-package", {
    packageName: "Pro",
    price: "29",
    credit: "80",
    validity: 90,
    pointOne: "80 generations",
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; price: number; credit: number; validity: number; packageName: string };
}

export async function addItem(admin: TestClient, over: Record<string, unknown> = {}) {
  const res = await admin.post("/api/items", {
    itemName: "Newsletter Pack",
    price: "12.50",
    accessUrl: "https://example.com/download/newsletter",
    guidelines: "Open and edit.",
    imageUrl: "/demo/items/newsletter.svg",
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; itemId: string; slug: string; price: number; accessUrl: string };
}

export async function newOrder(member: TestClient, packageId: string, extra: Record<string, unknown> = {}) {
  const res = await member.post("/api/new-order", { packageId, ...BILLING, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Record<string, any>;
}

export async function balanceOf(client: TestClient): Promise<number> {
  const me = await client.get("/api/me");
  expect(me.status).toBe(200);
  return me.body.user.currentBalance;
}

/** What the buyer does in PayPal's window: approve (or cancel) on the stand-in's approval page. */
export async function approveAtStandIn(standInUrl: string, paypalOrderId: string, action = "approve") {
  const res = await fetch(`${standInUrl}/checkoutnow/approve`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: paypalOrderId, action }),
    redirect: "manual",
  });
  expect([200, 303]).toContain(res.status);
  return res;
}

/** A test server wired to the PayPal stand-in (webhooks signed for `webhookId`) and the Gemini stand-in. */
export interface PaymentTestServer {
  standIn: RunningStandIn;
  gemini: GeminiStandIn;
  server: TestServer;
  admin: TestClient;
  /** Our merchant account at the stand-in, to see what PayPal holds or to capture as a late buyer would. */
  merchant: PaypalClient;
  close(): Promise<void>;
}

export async function startPaymentTestServer(
  webhookId: string,
  env: Record<string, string> = {},
): Promise<PaymentTestServer> {
  const standIn = await startPaypalStandIn({ webhookId });
  const gemini = await startGeminiStandIn().catch(async (error) => {
    await standIn.close();
    throw error;
  });
  const closeStandIns = async () => {
    await standIn.close();
    await gemini.close();
  };
  // A server that fails to start must not leave the stand-ins listening in the shared worker.
  const server = await startTestServer({
    env: { PAYPAL_API_BASE: standIn.url, PAYPAL_WEBHOOK_ID: webhookId, GEMINI_BASE_URL: gemini.url, ...env },
  }).catch(async (error) => {
    await closeStandIns();
    throw error;
  });
  const merchant = new PaypalClient({
    baseUrl: standIn.url,
    clientId: STANDIN_CLIENT_ID,
    clientSecret: STANDIN_CLIENT_SECRET,
  });
  const close = async () => {
    await server.close();
    await closeStandIns();
  };
  return { standIn, gemini, server, admin: await server.admin(), merchant, close };
}
