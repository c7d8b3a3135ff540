import { PACKAGE_MESSAGES } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addItem, addPackage, BILLING, newOrder } from "./commerce-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

describe("packages", () => {
  it("validates the admin form: name, price and credit required, credit numeric", async () => {
    const missing = await admin.post("/api/add-package", { price: "9", credit: "10" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(PACKAGE_MESSAGES.nameRequired);
    const badCredit = await admin.post("/api/add-package", { packageName: "X", price: "9", credit: "ten" });
    expect(badCredit.status).toBe(400);
    expect(badCredit.body.message).toContain(PACKAGE_MESSAGES.creditNumeric);
    const noPrice = await admin.post("/api/add-package", { packageName: "X", credit: "10" });
    expect(noPrice.body.message).toContain(PACKAGE_MESSAGES.priceRequired);
  });

  it("keeps at most 3 on sale, serves the list from a cache dropped on writes, and retires without touching orders", async () => {
    const anon = server.client();
    expect((await anon.get("/api/packages")).body).toEqual([]);
    // One after the other: the list is in the order packages were added, and two adds at once have no order.
    const a = await addPackage(admin, { packageName: "A" });
    const b = await addPackage(admin, { packageName: "B" });
    // Two admins racing for the last slot: only one wins.
    const racing = await Promise.all([
      admin.post("/api/add-package", { packageName: "C1", price: 1, credit: 1 }),
      admin.post("/api/add-package", { packageName: "C2", price: 1, credit: 1 }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(racing.find((r) => r.status === 409)!.body.message).toBe(PACKAGE_MESSAGES.maxReached);
    const list = (await anon.get("/api/packages")).body as { packageName: string; pointOne: string }[];
    expect(list.map((p) => p.packageName).slice(0, 2)).toEqual(["A", "B"]);
    expect(list[0]!.pointOne).toBe("80 generations");

    // Edits show at once (cache dropped).
    const edited = await admin.put(`/api/edit-package/${a._id}`, {
      packageName: "A+",
      price: "10.5",
      credit: 12,
      pointTwo: "x",
    });
    expect(edited.status).toBe(200);
    expect(((await anon.get("/api/packages")).body as { packageName: string }[])[0]!.packageName).toBe("A+");

    // A member buys B, then B is retired: the order keeps its copy, B leaves the list, a new slot opens.
    const member = await server.member();
    const order = await newOrder(member, b._id);
    expect((await admin.delete(`/api/package/${b._id}`)).status).toBe(200);
    const after = (await anon.get("/api/packages")).body as { _id: string }[];
    expect(after.map((p) => p._id)).not.toContain(b._id);
    expect((await anon.get(`/api/package/${b._id}`)).body.retired).toBe(true);
    const mine = await member.get(`/api/order/${order._id}`);
    expect(mine.body).toMatchObject({ packageName: "B", packagePrice: 29, credit: 80, packageId: b._id });
    const refused = await member.post("/api/new-order", { packageId: b._id, ...BILLING });
    expect(refused.status).toBe(409);
    const listed = await anon.get("/api/packages");
    const etag = listed.headers.get("etag")!;
    const revalidated = await anon.request("GET", "/api/packages", undefined, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    // Visitors' reads are answered from the recorded list; the add below still shows at once.
    expect(server.recordedUrls()).toContain("/api/packages");
    await addPackage(admin, { packageName: "D" });
    const changed = await anon.request("GET", "/api/packages", undefined, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(3);
  });
});

describe("items", () => {
  it("are public without their access URL, editable and retirable by admins", async () => {
    const item = await addItem(admin, { itemName: "Holiday Sale Kit", slug: "" });
    expect(item.slug).toBe("holiday-sale-kit");
    expect(item.itemId).toMatch(/^TPL-[0-9A-F]{8}$/);
    const anon = server.client();
    for (const key of [item._id, item.itemId]) {
      const res = await anon.get(`/api/item/${key}`);
      expect(res.status).toBe(200);
      expect(res.body.data.itemName).toBe("Holiday Sale Kit");
      expect(res.body.data.accessUrl).toBeUndefined();
      expect(res.body.data.guidelines).toBeUndefined();
    }
    expect((await anon.get("/api/item/NOPE")).status).toBe(404);
    const dup = await admin.post("/api/items", { itemName: "Other", price: 3, itemId: item.itemId });
    expect(dup.status).toBe(409);
    const upd = await admin.put(`/api/items/${item._id}`, {
      itemName: "Holiday Sale Kit 2",
      price: 15,
      accessUrl: item.accessUrl,
    });
    expect(upd.body.data).toMatchObject({ itemName: "Holiday Sale Kit 2", price: 15, itemId: item.itemId });
    expect((await admin.delete(`/api/items/${item._id}`)).status).toBe(200);
    expect((await anon.get(`/api/item/${item._id}`)).body.data.retired).toBe(true);
    const member = await server.member();
    expect((await member.post("/api/new-item-order", { itemId: item._id, ...BILLING })).status).toBe(409);
    const all = (await admin.get("/api/admin/items")).body.data as { _id: string; accessUrl: string }[];
    expect(all.find((i) => i._id === item._id)?.accessUrl).toBe("https://example.com/download/newsletter");
  });
});
