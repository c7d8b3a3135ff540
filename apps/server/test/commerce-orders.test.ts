import { ORDER_MESSAGES } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemOrders, user } from "../src/db/schema/index.js";
import { addItem, addPackage, BILLING, newOrder } from "./commerce-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

let server: TestServer;
let admin: TestClient;
let pkg: Awaited<ReturnType<typeof addPackage>>;
let item: Awaited<ReturnType<typeof addItem>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  pkg = await addPackage(admin, { price: "29", credit: "80", validity: 90 });
  item = await addItem(admin);
});
afterAll(async () => {
  await server?.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe("order creation", () => {
  it("prices a package order from the server's record, never from the client", async () => {
    const member = await server.member();
    const order = await newOrder(member, pkg._id, {
      price: 0.01,
      packagePrice: 0.01,
      totalPrice: 0.01,
      processingFee: -5,
      credit: 99999,
      paymentStatus: "Paid",
      orderStatus: "Completed",
      customerEmail: "someone-else@test.local",
      orderId: "AAAAAAAA",
    });
    expect(order).toMatchObject({
      packagePrice: 29,
      processingFee: 0,
      totalPrice: 29,
      credit: 80,
      paymentStatus: "pending",
      orderStatus: "pending",
      customerEmail: member.email,
      customerName: BILLING.customerName,
      Validity: 90,
    });
    expect(order.orderId).toMatch(/^[A-Z0-9]{8}$/);
    expect(order.paymentId).toMatch(/^[A-Z0-9]{8}$/);
    expect(order.orderId).not.toBe("AAAAAAAA");
    const expiry = new Date(order.MembershipValidity).getTime() - new Date(order.createdAt).getTime();
    expect(Math.round(expiry / DAY)).toBe(90);
  });

  it("dates item orders dd/mm/yyyy and hides what is bought until paid", async () => {
    const member = await server.member();
    const res = await member.post("/api/new-item-order", {
      itemId: item.itemId,
      ...BILLING,
      country: "Other",
      price: 1,
    });
    expect(res.status).toBe(201);
    const o = res.body.data;
    expect(o.orderDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(o).toMatchObject({
      totalPrice: 12.5,
      packageId: item._id,
      itemId: item.itemId,
      accessUrl: "",
      guidelines: "",
    });
    const row = await server.ctx.db.query.itemOrders.findFirst({ where: eq(itemOrders.id, o._id) });
    expect(row?.accessUrl).toBe(item.accessUrl);
  });

  it("requires billing fields and a listed country (Other only for items)", async () => {
    const member = await server.member();
    const empty = await member.post("/api/new-order", {
      packageId: pkg._id,
      customerName: " ",
      address: "x",
      country: "Germany",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(ORDER_MESSAGES.fullNameRequired);
    const other = await member.post("/api/new-order", { packageId: pkg._id, ...BILLING, country: "Other" });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(ORDER_MESSAGES.countryInvalid);
  });

  it("refuses sellers", async () => {
    const seller = await server.member();
    const me = (await seller.get("/api/me")).body.user;
    await server.ctx.db.update(user).set({ role: "Seller" }).where(eq(user.id, me._id));
    server.ctx.users.invalidate(me._id);
    const res = await seller.post("/api/new-order", { packageId: pkg._id, ...BILLING });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ORDER_MESSAGES.sellersCannotPurchase);
    expect((await seller.post("/api/new-item-order", { itemId: item._id, ...BILLING })).status).toBe(403);
  });
});

describe("who sees and deletes orders", () => {
  it("members see only their own orders", async () => {
    const a = await server.member();
    const b = await server.member();
    const aOrder = await newOrder(a, pkg._id);
    const bItem = (await b.post("/api/new-item-order", { itemId: item._id, ...BILLING })).body.data;
    expect(((await a.get("/api/orders")).body as { _id: string }[]).map((o) => o._id)).toEqual([aOrder._id]);
    expect((await b.get("/api/orders")).body).toEqual([]);
    expect((await a.get(`/api/orders?userEmail=${encodeURIComponent(b.email)}`)).status).toBe(403);
    expect((await b.get(`/api/order/${aOrder._id}`)).status).toBe(403);
    expect((await a.get(`/api/item-order/${bItem._id}`)).status).toBe(403);
    expect((await a.get("/api/item-orders")).body).toEqual([]);
    // Deleting is for admins only, and members cannot list everything.
    expect((await b.delete(`/api/order/${aOrder._id}`)).status).toBe(403);
    expect((await a.get("/api/admin/orders")).status).toBe(403);
    expect((await a.get(`/api/order/${aOrder._id}`)).status).toBe(200);
  });

  it("admins list with search, sort and paging, and delete pending orders only", async () => {
    const m = await server.member({ name: "Zed Searchable" });
    const o1 = await newOrder(m, pkg._id, { customerName: "Zed Searchable" });
    const o2 = await newOrder(m, pkg._id, { customerName: "Zed Searchable" });
    const page = await admin.get("/api/admin/orders?q=zed%20search&pageSize=1&page=2&sort=orderDate&dir=desc");
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.data.map((o: { _id: string }) => o._id)).toEqual([o1._id]);
    const byId = await admin.get(`/api/admin/orders?q=${o2.orderId}`);
    expect(byId.body.data.map((o: { _id: string }) => o._id)).toEqual([o2._id]);

    expect((await admin.delete(`/api/order/${o1._id}`)).status).toBe(200);
    expect((await m.get(`/api/order/${o1._id}`)).status).toBe(404);
    const { packageOrders } = await import("../src/db/schema/index.js");
    await server.ctx.db.update(packageOrders).set({ paymentStatus: "Paid" }).where(eq(packageOrders.id, o2._id));
    const paid = await admin.delete(`/api/order/${o2._id}`);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(ORDER_MESSAGES.deleteOnlyPending);

    const io = (await m.post("/api/new-item-order", { itemId: item._id, ...BILLING })).body.data;
    const items = await admin.get(`/api/admin/item-orders?q=${io.orderId}`);
    expect(items.body.data[0]).toMatchObject({ _id: io._id, accessUrl: item.accessUrl });
    expect((await admin.delete(`/api/item-order/${io._id}`)).status).toBe(200);
    expect((await admin.delete(`/api/item-order/${io._id}`)).status).toBe(404);
  });
});
