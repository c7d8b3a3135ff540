import { CONTENT_ROUTES as R } from "@mailsmith/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema/index.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { addItem, addPackage, newOrder } from "./commerce-helpers.js";
import { ADMIN, startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Issue 39 item 4 (decision 106): every admin change writes one audit entry in the same transaction as the change;
 * nothing edits or deletes an entry, neither through the API nor in SQL.
 */
let server: TestServer;
let standIn: GeminiStandIn;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "20000", RENDERER: "off" },
  });
  admin = await server.admin();
  adminId = (await admin.get("/api/me")).body.user._id;
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

type Entry = typeof auditLog.$inferSelect;

async function allEntries(): Promise<Entry[]> {
  return server.ctx.db.select().from(auditLog);
}

/** Runs an admin change and answers the entries it added (by id, whatever their timestamps). */
async function entriesOf(change: () => Promise<unknown>): Promise<Entry[]> {
  const before = new Set((await allEntries()).map((e) => e.id));
  await change();
  return (await allEntries()).filter((e) => !before.has(e.id));
}

async function one(change: () => Promise<{ status: number; body: unknown } | unknown>, action: string) {
  const added = await entriesOf(async () => {
    const res = (await change()) as { status?: number; body?: unknown } | undefined;
    if (res && typeof res.status === "number") expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  });
  expect(added.map((e) => e.action)).toEqual([action]);
  const entry = added[0]!;
  expect(entry).toMatchObject({ actorId: adminId, actorEmail: ADMIN.email });
  expect(entry.ip).toMatch(/127\.0\.0\.1/);
  expect(entry.userAgent).not.toBe("");
  return entry;
}

/** A package on sale (the others are retired first: at most 3 are on sale). */
async function freshPackage(over: Record<string, unknown>) {
  for (const p of (await admin.get("/api/packages")).body as { _id: string }[]) {
    await admin.delete(`/api/package/${p._id}`);
  }
  return addPackage(admin, over);
}

async function newMember() {
  const m = await server.member();
  return Object.assign(m, { id: (await m.get("/api/me")).body.user._id as string });
}

describe("each kind of admin change writes exactly one entry with before and after", () => {
  it("packages and prices, premium items", async () => {
    const pkg = await freshPackage({ price: "29" });
    const edit = await one(
      () => admin.put(`/api/edit-package/${pkg._id}`, { packageName: "Pro", price: "35", credit: "80", validity: 90 }),
      "package.update",
    );
    expect(edit).toMatchObject({ targetType: "package", targetId: pkg._id });
    expect(edit.before).toMatchObject({ price: 29 });
    expect(edit.after).toMatchObject({ price: 35 });
    // Only the fields that changed.
    expect(Object.keys(edit.after ?? {})).not.toContain("credit");
    await one(() => admin.delete(`/api/package/${pkg._id}`), "package.retire");
    await one(
      () => admin.post("/api/add-package", { packageName: "Team", price: "9", credit: "10", validity: 30 }),
      "package.create",
    );

    const item = (await entriesOf(() => addItem(admin, { price: "12.50" })))[0]!;
    expect(item).toMatchObject({ action: "item.create", before: null });
    const itemEdit = await one(
      () => admin.put(`/api/items/${item.targetId}`, { itemName: "Newsletter Pack", price: "15", accessUrl: "" }),
      "item.update",
    );
    expect(itemEdit.before).toMatchObject({ price: 12.5 });
    expect(itemEdit.after).toMatchObject({ price: 15 });
    await one(() => admin.delete(`/api/items/${item.targetId}`), "item.retire");
  });

  it("balances, roles, disable and enable, deletion", async () => {
    const m = await newMember();
    const balance = await one(() => admin.put(`/api/users/${m.id}`, { currentBalance: 50 }), "user.balance");
    expect(balance).toMatchObject({ targetType: "user", targetId: m.id });
    expect(balance.before).toEqual({ currentBalance: 3 });
    expect(balance.after).toEqual({ currentBalance: 50 });
    const role = await one(() => admin.put(`/api/users/${m.id}`, { userRole: "moderator" }), "user.role");
    expect(role.before).toEqual({ role: "member" });
    expect(role.after).toEqual({ role: "moderator" });
    // Nothing changed: no entry.
    expect(await entriesOf(() => admin.put(`/api/users/${m.id}`, { userRole: "moderator" }))).toEqual([]);
    await one(() => admin.put(`/api/users/${m.id}/banned`, { banned: true }), "user.disable");
    await one(() => admin.put(`/api/users/${m.id}/banned`, { banned: false }), "user.enable");
    // A member's profile edited by an admin: the name as it was and is, personal fields only as changed.
    const profile = await one(
      () => admin.put(`/api/update-user-profile/${m.id}`, { userName: "Renamed Member", address: "7 Secret Lane" }),
      "user.profile_update",
    );
    expect(profile.after).toMatchObject({ name: "Renamed Member", address: "[changed]" });
    expect(JSON.stringify(profile)).not.toContain("7 Secret Lane");
    expect(await entriesOf(() => m.put(`/api/update-user-profile/${m.id}`, { city: "Berlin" }))).toEqual([]);
    const deleted = await one(() => admin.delete(`/api/users/${m.id}`), "user.delete");
    expect(deleted.before).toMatchObject({ role: "moderator", currentBalance: 50 });
    // The deleted member's address is not kept in the log.
    expect(JSON.stringify(deleted)).not.toContain(m.email);
  });

  it("Gemini keys and PayPal settings: never the secret, only a label and the last 4", async () => {
    const key = "standin-audit-key-WXYZ";
    const added = await one(() => admin.post("/api/gemini-keys", { name: "Primary", key }), "gemini_key.create");
    expect(added.after).toEqual({ name: "Primary", keyLast4: "…WXYZ", isActive: true });
    const id = added.targetId;
    const renamed = await one(
      () => admin.put(`/api/gemini-keys/${id}`, { name: "Main", key: "standin-audit-key-2-ABCD" }),
      "gemini_key.update",
    );
    expect(renamed.before).toEqual({ name: "Primary", keyLast4: "…WXYZ" });
    expect(renamed.after).toEqual({ name: "Main", keyLast4: "…ABCD" });
    await one(() => admin.patch(`/api/gemini-keys/${id}/toggle`), "gemini_key.deactivate");
    await one(() => admin.delete(`/api/gemini-keys/${id}`), "gemini_key.delete");

    const paypal = await one(
      () =>
        admin.put("/api/paypal-settings", {
          clientId: "live-client",
          clientSecret: "super-secret-9876",
          mode: "sandbox",
          currency: "EUR",
          enablePayPal: true,
          buttonStyles: { layout: "vertical", color: "gold", shape: "rect", label: "paypal" },
        }),
      "paypal_settings.update",
    );
    expect(paypal.after).toMatchObject({ clientId: "live-client", clientSecretLast4: "…9876", currency: "EUR" });
    await one(() => admin.post("/api/paypal-settings/reset"), "paypal_settings.reset");

    const everything = JSON.stringify(await allEntries());
    for (const secret of [key, "standin-audit-key-2-ABCD", "super-secret-9876"])
      expect(everything).not.toContain(secret);
  });

  it("landing content, email templates and messages, orders and tickets", async () => {
    await one(() => admin.post(`${R.hero}/reset`), "content.hero.reset");
    const hero = (await admin.get(R.hero)).body.data;
    const heroEdit = await one(() => admin.put(R.hero, { ...hero, title: "Audited title" }), "content.hero.update");
    expect(heroEdit.before).toMatchObject({ title: hero.title });
    expect(heroEdit.after).toEqual({ title: "Audited title" });
    await one(() => admin.post(`${R.hero}/reset`), "content.hero.reset");
    const feature = await one(
      () => admin.post(R.features, { title: "Audit", description: "d" }),
      "content.feature.create",
    );
    await one(() => admin.delete(`${R.features}/${feature.targetId}`), "content.feature.delete");

    const tpl = await one(
      () => admin.post("/api/user-emails", { templateName: "Hi", subject: "Hi {{name}}", body: "<p>x</p>" }),
      "email_template.create",
    );
    await one(
      () => admin.put(`/api/user-emails/${tpl.targetId}`, { templateName: "Hello", subject: "Hi", body: "<p>x</p>" }),
      "email_template.update",
    );
    await one(() => admin.delete(`/api/user-emails/${tpl.targetId}`), "email_template.delete");
    const m = await newMember();
    const sent = await one(
      () => admin.post("/api/send-message", { toEmail: m.email, subject: "Note", messageBody: "<p>Hello</p>" }),
      "message.send",
    );
    expect(sent).toMatchObject({ targetType: "user", targetId: m.id });
    expect(sent.after).toMatchObject({ subject: "Note" });

    const ticket = (await m.post("/api/new-support-message", { subject: "Help", message: "Please" })).body.data;
    const status = await one(
      () => admin.put(`/api/support-message-status/${ticket._id}`, { ticketStatus: "resolved" }),
      "ticket.update",
    );
    expect(status.after).toMatchObject({ ticketStatus: "resolved" });
    await one(() => admin.post(`/api/support-message/${ticket._id}/reply`, { message: "Done" }), "ticket.reply");
    // The member's own reply is not an admin change.
    expect(await entriesOf(() => m.post(`/api/support-message/${ticket._id}/reply`, { message: "Thanks" }))).toEqual(
      [],
    );

    const pkg = await freshPackage({ price: "5", credit: "5", packageName: "Mini" });
    const order = await newOrder(m, pkg._id);
    const removed = await one(() => admin.delete(`/api/order/${order._id}`), "order.delete");
    expect(removed.before).toMatchObject({ orderId: order.orderId, userId: m.id });
  });
});

describe("from where", () => {
  const edit = (c: TestClient, id: string, price: string, headers: Record<string, string>) =>
    c.request(
      "PUT",
      `/api/edit-package/${id}`,
      { packageName: "Where", price, credit: "80", validity: 90 },
      { headers },
    );

  it("the client address as the app sees it: a forged X-Forwarded-For is ignored without TRUST_PROXY", async () => {
    const pkg = await freshPackage({ price: "20", packageName: "Where" });
    const headers = { "x-forwarded-for": "203.0.113.7", "user-agent": "AuditTest/1.0" };
    const [entry] = await entriesOf(() => edit(admin, pkg._id, "21", headers));
    expect(entry).toMatchObject({ ip: "127.0.0.1", userAgent: "AuditTest/1.0" });
  });

  it("behind a trusted proxy (TRUST_PROXY=true) the forwarded client address", async () => {
    const proxied = await startTestServer({ env: { TRUST_PROXY: "true" } });
    try {
      const a = await proxied.admin();
      const pkg = (await a.get("/api/packages")).body[0] ?? (await addPackage(a, { packageName: "Where" }));
      expect((await edit(a, pkg._id, "22", { "x-forwarded-for": "203.0.113.7" })).status).toBe(200);
      const entries = await proxied.ctx.db.select().from(auditLog);
      expect(entries.find((e) => e.action === "package.update")).toMatchObject({ ip: "203.0.113.7" });
    } finally {
      await proxied.close();
    }
  });
});

describe("the entry and the change commit together", () => {
  it("a change whose transaction fails at commit leaves neither the change nor an entry", async () => {
    const pkg = await freshPackage({ price: "40", packageName: "Atomic" });
    const count = (await allEntries()).length;
    // A deferred check on the package table fails the commit after the audit row was written in the transaction.
    await server.ctx.db.execute(
      sql.raw(
        "create function fail_commit() returns trigger language plpgsql as $$ begin raise exception 'forced'; end; $$",
      ),
    );
    await server.ctx.db.execute(
      sql.raw(`
      create constraint trigger fail_package_commit after update on packages deferrable initially deferred
        for each row execute function fail_commit();`),
    );
    try {
      const res = await admin.put(`/api/edit-package/${pkg._id}`, {
        packageName: "Atomic",
        price: "41",
        credit: "80",
        validity: 90,
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await server.ctx.db.execute(sql.raw("drop trigger fail_package_commit on packages"));
    }
    expect((await allEntries()).length).toBe(count);
    expect((await server.client().get(`/api/package/${pkg._id}`)).body.price).toBe(40);

    // And the other way round: the audit row's commit fails, the price stays.
    await server.ctx.db.execute(
      sql.raw(`
      create constraint trigger fail_audit_commit after insert on audit_log deferrable initially deferred
        for each row execute function fail_commit();`),
    );
    try {
      const res = await admin.put(`/api/edit-package/${pkg._id}`, {
        packageName: "Atomic",
        price: "42",
        credit: "80",
        validity: 90,
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await server.ctx.db.execute(sql.raw("drop trigger fail_audit_commit on audit_log"));
    }
    expect((await server.client().get(`/api/package/${pkg._id}`)).body.price).toBe(40);
    expect((await allEntries()).length).toBe(count);
  });

  it("a refused change writes no entry", async () => {
    expect(
      await entriesOf(async () => {
        expect((await admin.put(`/api/users/${adminId}`, { userRole: "member" })).status).toBe(403);
        expect((await admin.delete("/api/items/TPL-NOPE")).status).toBe(404);
      }),
    ).toEqual([]);
  });
});

describe("nothing edits or deletes an entry", () => {
  it("no route but GET under /api/admin/audit-log", () => {
    const writes = server.routeTable.filter(
      (r) => r.url.startsWith("/api/admin/audit-log") && !["GET", "HEAD"].includes(r.method),
    );
    expect(writes).toEqual([]);
    expect(server.routeTable.filter((r) => r.url.startsWith("/api/admin/audit-log"))).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: "GET", access: "admin" })]),
    );
  });

  it("UPDATE and DELETE in SQL raise", async () => {
    await freshPackage({ price: "1", packageName: "Sql" });
    await expect(server.ctx.db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(server.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await allEntries()).some((e) => e.action === "forged")).toBe(false);
    expect((await allEntries()).length).toBeGreaterThan(0);
  });
});

describe("GET /api/admin/audit-log", () => {
  it("admins only", async () => {
    const m = await server.member();
    expect((await m.get("/api/admin/audit-log")).status).toBe(403);
    expect((await server.client().get("/api/admin/audit-log")).status).toBe(401);
  });

  it("filters by admin, action and time; pages in a stable newest-first order", async () => {
    const pkg = await freshPackage({ price: "10", packageName: "Paged" });
    for (let i = 11; i <= 15; i++) {
      await admin.put(`/api/edit-package/${pkg._id}`, {
        packageName: "Paged",
        price: String(i),
        credit: "80",
        validity: 90,
      });
    }
    const all = (await admin.get("/api/admin/audit-log?action=package.update&pageSize=100")).body;
    expect(all.data.every((e: { action: string }) => e.action === "package.update")).toBe(true);
    const mine = all.data.filter((e: { targetId: string }) => e.targetId === pkg._id);
    expect(mine.map((e: { after: { price: number } }) => e.after.price)).toEqual([15, 14, 13, 12, 11]);

    // Pages of 2 cover the same entries, in the same order, without repeats.
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const res = (await admin.get(`/api/admin/audit-log?action=package.update&pageSize=2&page=${page}`)).body;
      expect(res.total).toBe(all.total);
      pages.push(...res.data.map((e: { _id: string }) => e._id));
    }
    expect(pages).toEqual(all.data.map((e: { _id: string }) => e._id));

    // A prefix ending with a dot, the admin by address, the time window.
    const prefix = (await admin.get("/api/admin/audit-log?action=package.&pageSize=100")).body.data;
    expect(new Set(prefix.map((e: { action: string }) => e.action))).toEqual(
      new Set(["package.create", "package.update", "package.retire"]),
    );
    expect(
      (await admin.get(`/api/admin/audit-log?actor=${encodeURIComponent(ADMIN.email)}`)).body.total,
    ).toBeGreaterThan(0);
    expect((await admin.get(`/api/admin/audit-log?actor=${adminId}`)).body.total).toBeGreaterThan(0);
    expect((await admin.get("/api/admin/audit-log?actor=nobody@else.test")).body.total).toBe(0);
    expect((await admin.get("/api/admin/audit-log?to=2000-01-01")).body.total).toBe(0);
    expect((await admin.get("/api/admin/audit-log?from=2999-01-01")).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get(`/api/admin/audit-log?from=${today}&to=${today}`)).body.total).toBeGreaterThan(0);
    expect((await admin.get("/api/admin/audit-log?from=yesterday")).status).toBe(400);
    expect((await admin.get("/api/admin/audit-log?to=2025-02-30")).status).toBe(400);
    expect((await admin.get("/api/admin/audit-log?from=2025-02-28T10:00:00Z")).status).toBe(200);
  });
});
