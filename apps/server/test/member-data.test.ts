import { randomBytes, randomUUID } from "node:crypto";
import { FAILED_LOGIN_LIMIT, MEMBER_DATA_MESSAGES, USERS_MESSAGES } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  account,
  closedAccounts,
  creditLedger,
  dataExports,
  generations,
  packageOrders,
  session,
  supportTickets,
  user,
} from "../src/db/schema/index.js";
import { exportClock } from "../src/features/profile/export/service.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Issue 39 items 2 and 3 (decision 105): a member deletes their account (or an admin does, on request) and downloads
 * their data. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where two instances share the database.
 */
let server: TestServer;
let admin: TestClient;
const secret = randomBytes(32).toString("hex");

beforeAll(async () => {
  server = await startTestServer({ env: { BETTER_AUTH_SECRET: secret } });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

async function newMember(email?: string) {
  const m = await server.member(email ? { email } : {});
  const id = (await m.get("/api/me")).body.user._id as string;
  return Object.assign(m, { id });
}

/** A paid package order of this member, as checkout and capture leave it. */
async function paidOrder(userId: string, email: string) {
  const orderId = `ORD-${randomUUID()}`;
  await server.ctx.db.insert(packageOrders).values({
    orderId,
    paymentId: `PAY-${randomUUID()}`,
    userId,
    packageName: "Starter",
    packagePrice: 9,
    totalPrice: 9.5,
    processingFee: 0.5,
    paymentStatus: "Paid",
    orderStatus: "Completed",
    customerEmail: email,
    customerName: "Ada Member",
    address: "1 Ledger Lane",
    country: "DE",
    orderDate: "2026-11-27",
    paypalOrderId: `PP-${randomUUID()}`,
    paypalTransactionId: "TX-1",
    payerEmail: email,
    credit: 10,
    membershipValidity: new Date("2026-12-27T00:00:00Z"),
  });
  return orderId;
}

const orderOf = async (orderId: string) =>
  (await server.ctx.db.select().from(packageOrders).where(eq(packageOrders.orderId, orderId)))[0]!;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > 30_000) throw new Error(`not seen in time: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("delete my account", () => {
  it("refuses a wrong or missing password (403) and keeps the account", async () => {
    const m = await newMember();
    const wrong = await m.request("DELETE", "/api/me", { password: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(MEMBER_DATA_MESSAGES.wrongPassword);
    expect((await m.request("DELETE", "/api/me", {})).status).toBe(403);
    expect((await m.get("/api/me")).status).toBe(200);
    // Signed out: 401, not a deletion.
    expect((await server.client().request("DELETE", "/api/me", { password: m.password })).status).toBe(401);
  });

  it("wrong passwords count with the failed sign-ins: after the limit even the right one waits (429)", async () => {
    const m = await newMember();
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) {
      expect((await m.request("DELETE", "/api/me", { password: `wrong-${i}` })).status).toBe(403);
    }
    const blocked = await m.request("DELETE", "/api/me", { password: m.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MEMBER_DATA_MESSAGES.tooManyAttempts);
    expect((await m.get("/api/me")).status).toBe(200);
  });

  it("with the password: 204, signed out everywhere, orders kept and detached, the rest gone", async () => {
    const m = await newMember();
    const otherDevice = await server.client();
    expect((await otherDevice.post("/api/auth/sign-in/email", { email: m.email, password: m.password })).status).toBe(
      200,
    );
    const orderId = await paidOrder(m.id, m.email);
    await server.ctx.db.insert(supportTickets).values({
      userId: m.id,
      subject: "Help",
      message: "Please",
      ticketUserName: "Ada",
      ticketUserEmail: m.email,
    });
    await server.ctx.db.insert(generations).values({ userId: m.id, emailType: "newsletter", html: "<p>hi</p>" });

    const res = await m.request("DELETE", "/api/me", { password: m.password });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect(
      (await server.client().post("/api/auth/sign-in/email", { email: m.email, password: m.password })).status,
    ).not.toBe(200);

    const db = server.ctx.db;
    expect(await db.select().from(user).where(eq(user.id, m.id))).toHaveLength(0);
    expect(await db.select().from(session).where(eq(session.userId, m.id))).toHaveLength(0);
    expect(await db.select().from(account).where(eq(account.userId, m.id))).toHaveLength(0);
    expect(await db.select().from(generations).where(eq(generations.userId, m.id))).toHaveLength(0);
    expect(await db.select().from(supportTickets).where(eq(supportTickets.ticketUserEmail, m.email))).toHaveLength(0);

    // The order stays for the accounts: amounts and PayPal ids, detached under a pseudonymous reference.
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ userId: null, totalPrice: 9.5, paymentStatus: "Paid", paypalTransactionId: "TX-1" });
    expect(order.customerEmail).toBe("");
    expect(order.payerEmail).toBeNull();
    const [closed] = await db.select().from(closedAccounts).where(eq(closedAccounts.id, order.closedAccountRef!));
    expect(closed).toMatchObject({ closedBy: "member", adminId: null, finalBalance: 3 });
    // The credit ledger explains the money: kept with the closed account, not with a person.
    expect(closed!.ledger.map((e) => [e.reason, e.delta])).toEqual([["signup_bonus", 3]]);
    expect(JSON.stringify(closed)).not.toContain(m.email);
  });

  it("the same address signs up again as a new member, without a second sign-up bonus", async () => {
    const m = await newMember();
    expect((await m.request("DELETE", "/api/me", { password: m.password })).status).toBe(204);
    const again = await newMember(m.email);
    expect(again.id).not.toBe(m.id);
    const me = (await again.get("/api/me")).body.user;
    expect(me).toMatchObject({ email: m.email, emailVerified: true, currentBalance: 0 });
    expect(await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, again.id))).toHaveLength(0);
    // A first-time address still gets it.
    expect((await (await newMember()).get("/api/me")).body.user.currentBalance).toBe(3);
  });

  it("a Google-only account (no password) needs a sign-in of the last 10 minutes", async () => {
    const m = await newMember();
    // What a Google account looks like to the rule: no password sign-in.
    await server.ctx.db.delete(account).where(eq(account.userId, m.id));
    const old = new Date(Date.now() - 11 * 60_000);
    await server.ctx.db.update(session).set({ createdAt: old }).where(eq(session.userId, m.id));
    const stale = await m.request("DELETE", "/api/me", {});
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(MEMBER_DATA_MESSAGES.freshSignInRequired(10));
    await server.ctx.db.update(session).set({ createdAt: new Date() }).where(eq(session.userId, m.id));
    expect((await m.request("DELETE", "/api/me", {})).status).toBe(204);
    expect(await server.ctx.db.select().from(user).where(eq(user.id, m.id))).toHaveLength(0);
  });

  it("an admin deletes a member on request: the same deletion, recorded with the admin", async () => {
    const m = await newMember();
    const orderId = await paidOrder(m.id, m.email);
    const res = await admin.delete(`/api/users/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USERS_MESSAGES.deleted);
    expect((await m.get("/api/me")).status).toBe(401);
    const order = await orderOf(orderId);
    expect(order.userId).toBeNull();
    const adminId = (await admin.get("/api/me")).body.user._id;
    const [closed] = await server.ctx.db
      .select()
      .from(closedAccounts)
      .where(eq(closedAccounts.id, order.closedAccountRef!));
    expect(closed).toMatchObject({ closedBy: "admin", adminId });
    expect((await admin.delete(`/api/users/${m.id}`)).status).toBe(404);
    // An administrator cannot delete their own account from the profile.
    expect((await admin.request("DELETE", "/api/me", { password: "admin-password-123" })).status).toBe(403);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("delete my account with two instances on one PostgreSQL", () => {
  let second: TestServer;
  beforeAll(async () => {
    const url = server.ctx.database.url!;
    second = await startTestServer({ env: { BETTER_AUTH_SECRET: secret }, databaseUrl: () => url });
  });
  afterAll(async () => {
    await second?.close();
  });

  it("the sessions end on the other instance too", async () => {
    const m = await newMember();
    const onB = new (m.constructor as typeof TestClient)(second.url);
    for (const [k, v] of m.cookies) onB.cookies.set(k, v);
    // Both instances have the session and the user row cached now.
    expect((await onB.get("/api/me")).status).toBe(200);
    expect((await onB.get("/api/me")).status).toBe(200);
    expect((await m.request("DELETE", "/api/me", { password: m.password })).status).toBe(204);
    await until(
      "the other instance refuses the deleted account",
      async () => (await onB.get("/api/me")).status === 401,
    );
  });
});

describe("download my data", () => {
  async function readyExport(m: TestClient) {
    const started = await m.post("/api/me/export");
    expect(started.status).toBe(202);
    expect(["queued", "running", "ready"]).toContain(started.body.export.status);
    return until("the export is ready", async () => {
      const res = await m.get("/api/me/export");
      return res.body.export?.status === "ready" && res.body.export;
    });
  }

  it("a zip of the profile, orders, credit ledger, tickets and templates with their pictures", async () => {
    const m = await newMember();
    expect((await m.get("/api/me/export")).body).toEqual({ export: null });
    const orderId = await paidOrder(m.id, m.email);
    await server.ctx.db.insert(supportTickets).values({
      userId: m.id,
      subject: "Invoice please",
      message: "For my order",
      ticketUserName: "Ada",
      ticketUserEmail: m.email,
    });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    const key = `generated/${randomUUID()}.png`;
    // Stored with its member as owner, as the generator stores crops: the export gives only the member's own files.
    await server.ctx.storage.put({ key, body: png, contentType: "image/png", ownerId: m.id });
    const [template] = await server.ctx.db
      .insert(generations)
      .values({
        userId: m.id,
        emailType: "newsletter",
        status: "succeeded",
        name: "Autumn sale",
        html: `<img src="${server.url}/uploads/${key}"><p>Autumn</p>`,
        text: "Autumn",
        images: [{ slot: 0, url: `${server.url}/uploads/${key}`, key, kind: "photo", alt: "", width: 4, height: 4 }],
      })
      .returning();

    const ready = await readyExport(m);
    expect(ready.url).toMatch(/^\/api\/me\/export\/[0-9a-f-]{36}\/download\?expires=\d+&sig=/);
    const res = await fetch(server.url + ready.url, { headers: { cookie: cookieOf(m) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
    expect(json("profile.json").profile).toMatchObject({ _id: m.id, email: m.email, language: "en" });
    expect(json("profile.json").signInMethods).toEqual(["credential"]);
    expect(JSON.stringify(json("profile.json"))).not.toMatch(/password"\s*:\s*"[^"]/);
    expect(json("orders.json").packageOrders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
    expect(json("credit-ledger.json").map((e: { reason: string }) => e.reason)).toEqual(["signup_bonus"]);
    expect(json("support-tickets.json").map((t: { subject: string }) => t.subject)).toEqual(["Invoice please"]);
    const folder = `templates/${template!.id}`;
    expect(json(`${folder}/template.json`)).toMatchObject({ name: "Autumn sale", emailType: "newsletter" });
    expect(new TextDecoder().decode(files[`${folder}/email.html`])).toContain("<p>Autumn</p>");
    expect(new TextDecoder().decode(files[`${folder}/email.txt`])).toBe("Autumn");
    expect(Buffer.from(files[`${folder}/pictures/${key.replace("/", "-")}`]!).equals(png)).toBe(true);
    expect(files["README.txt"]).toBeDefined();
    // A second click right away answers the same zip instead of building another.
    const again = await m.post("/api/me/export");
    expect(again.body.export).toMatchObject({ id: ready.id, status: "ready" });
  });

  it("has each of the member's brand kits (every field, and the logo file), never another member's", async () => {
    const m = await newMember();
    const other = await newMember();
    const logo = await sharp({ create: { width: 6, height: 6, channels: 3, background: "#0b5fff" } })
      .png()
      .toBuffer();
    const upload = async (c: TestClient) => {
      const fd = new FormData();
      fd.append("image", new Blob([new Uint8Array(logo)], { type: "image/png" }), "logo.png");
      const res = await c.request("POST", "/api/brand-kits/logo", fd);
      expect(res.status).toBe(201);
      return res.body.url as string;
    };
    const kit = (name: string, logoUrl: string | null) => ({
      name,
      logoUrl,
      palette: { primary: "#0b5fff", accent: "#ff3366", text: "#1a1a1a", background: "#ffffff", link: "#0b5fff" },
      font: {
        name: "Inter",
        stylesheetUrl: "https://fonts.googleapis.com/css2?family=Inter",
        fallback: "Arial, sans-serif",
      },
      footer: { address: "1 Main St, Springfield", social: [{ label: "X", url: "https://x.com/acme" }] },
      tone: ["friendly"],
    });
    const mine = (await m.post("/api/brand-kits", kit("Acme", await upload(m)))).body.data;
    const plain = (await m.post("/api/brand-kits", kit("No logo", null))).body.data;
    const theirs = (await other.post("/api/brand-kits", kit("Other Co", await upload(other)))).body.data;
    // Naming another member's logo address in a kit does not copy their file into this member's zip.
    const borrowed = (await m.post("/api/brand-kits", kit("Borrowed", theirs.logoUrl))).body.data;

    const ready = await readyExport(m);
    const res = await fetch(server.url + ready.url, { headers: { cookie: cookieOf(m) } });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
    const names = Object.keys(files);
    const kitJson = json(`brand-kits/${mine.id}/kit.json`);
    expect(kitJson).toMatchObject({
      id: mine.id,
      name: "Acme",
      logoUrl: mine.logoUrl,
      palette: mine.palette,
      font: mine.font,
      footer: mine.footer,
      tone: ["friendly"],
      version: 1,
    });
    expect(kitJson.userId).toBeUndefined();
    const logoFiles = names.filter((n) => n.startsWith(`brand-kits/${mine.id}/logo/`));
    expect(logoFiles).toHaveLength(1);
    expect((await sharp(Buffer.from(files[logoFiles[0]!]!)).metadata()).width).toBe(6);
    expect(json(`brand-kits/${plain.id}/kit.json`)).toMatchObject({ name: "No logo", logoUrl: null });
    expect(names.filter((n) => n.startsWith(`brand-kits/${plain.id}/logo/`))).toEqual([]);
    expect(names.filter((n) => n.startsWith(`brand-kits/${borrowed.id}/logo/`))).toEqual([]);
    expect(names.some((n) => n.includes(theirs.id))).toBe(false);
    const everything = names.map((n) => new TextDecoder().decode(files[n])).join("\n");
    expect(everything).not.toContain("Other Co");
    expect(new TextDecoder().decode(files["README.txt"])).toContain("brand-kits/");
  });

  it("another member cannot read someone's export, even with the link", async () => {
    const owner = await newMember();
    const other = await newMember();
    const ready = await readyExport(owner);
    const res = await fetch(server.url + ready.url, { headers: { cookie: cookieOf(other) } });
    expect(res.status).toBe(404);
    expect((await fetch(server.url + ready.url)).status).toBe(401);
    // The owner with a forged signature.
    const forged = ready.url.replace(/sig=[^&]+/, "sig=AAAA");
    expect((await fetch(server.url + forged, { headers: { cookie: cookieOf(owner) } })).status).toBe(403);
    expect((await other.get("/api/me/export")).body.export).toBeNull();
  });

  it("the link expires after 24 hours (the export then says expired, with no link)", async () => {
    const m = await newMember();
    const ready = await readyExport(m);
    // Within the day: the link works.
    expect((await fetch(server.url + ready.url, { headers: { cookie: cookieOf(m) } })).status).toBe(200);
    // A day later. The export worker may run meanwhile and, seeing the same clock, drop the expired zip for good:
    // nothing after this point may count on the zip still being there.
    const later = Date.now() + 24 * 60 * 60_000 + 60_000;
    exportClock.now = () => new Date(later);
    try {
      const res = await fetch(server.url + ready.url, { headers: { cookie: cookieOf(m) } });
      expect(res.status).toBe(410);
      expect((await res.json()).message).toBe(MEMBER_DATA_MESSAGES.exportLinkExpired);
      expect((await m.get("/api/me/export")).body.export).toMatchObject({ status: "expired", url: null });
    } finally {
      exportClock.now = () => new Date();
    }
  });

  it("an export left running by a stopped instance (lease run out) is taken over and finished", async () => {
    const left = await newMember();
    const [row] = await server.ctx.db
      .insert(dataExports)
      .values({ userId: left.id, status: "running", attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .returning();
    // Any instance's next pass takes it (here: the one another member's export starts).
    await readyExport(await newMember());
    const taken = await until("the left-over export is ready", async () => {
      const res = await left.get("/api/me/export");
      return res.body.export?.status === "ready" && res.body.export;
    });
    expect(taken.id).toBe(row!.id);
    const [after] = await server.ctx.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(after!.attempts).toBe(2);
  });

  it("an export whose worker died on every attempt fails for good, and the member can start another", async () => {
    const m = await newMember();
    await server.ctx.db
      .insert(dataExports)
      .values({ userId: m.id, status: "running", attempts: 3, leaseUntil: new Date(Date.now() - 1000) });
    await readyExport(await newMember());
    // The same pass, after its claims, gives it up.
    await until("the abandoned export is failed", async () => {
      const status = (await m.get("/api/me/export")).body.export.status;
      expect(status).not.toBe("ready");
      return status === "failed";
    });
    expect((await readyExport(m)).status).toBe("ready");
  });

  it("deleting the account takes its exports with it", async () => {
    const m = await newMember();
    const ready = await readyExport(m);
    expect((await m.request("DELETE", "/api/me", { password: m.password })).status).toBe(204);
    const again = await newMember(m.email);
    expect((await fetch(server.url + ready.url, { headers: { cookie: cookieOf(again) } })).status).toBe(404);
  });
});

function cookieOf(c: TestClient) {
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}
