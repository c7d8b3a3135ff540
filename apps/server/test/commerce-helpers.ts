import { expect } from "vitest";
import type { TestClient } from "./harness.js";

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
