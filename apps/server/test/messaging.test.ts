import { fillNamePlaceholder, USERS_MESSAGES } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageOrders } from "../src/db/schema/index.js";
import { SEED_TEMPLATES } from "../src/features/messaging/seed.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp-catcher.js";

let smtp: SmtpCatcher;
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ smtpUrl: smtp.url });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("name placeholder", () => {
  it("fills {{name}} and {name}, or 'User' when there is no name", () => {
    expect(fillNamePlaceholder("Hi {{name}}, {name}! {{ NAME }}", "Ada")).toBe("Hi Ada, Ada! Ada");
    expect(fillNamePlaceholder("Hi {{name}}", "  ")).toBe("Hi User");
    expect(fillNamePlaceholder("Hi {{name}}", null)).toBe("Hi User");
    expect(fillNamePlaceholder("Price: $1 {other}", "Ada")).toBe("Price: $1 {other}");
  });
});

describe("email templates", () => {
  it("admins create, list, edit and delete templates; members cannot", async () => {
    const created = await admin.post("/api/user-emails", {
      templateName: "Promo",
      subject: "Hello {{name}}",
      body: "<p>Hi {{name}}</p>",
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const edited = await admin.put(`/api/user-emails/${id}`, {
      templateName: "Promo 2",
      subject: "Hey {{name}}",
      body: "<p>Yo {{name}}</p>",
    });
    expect(edited.body.data).toMatchObject({ templateName: "Promo 2", subject: "Hey {{name}}" });
    const list = await admin.get("/api/user-emails");
    expect(list.body.map((t: { templateName: string }) => t.templateName)).toContain("Promo 2");
    expect((await admin.post("/api/user-emails", { templateName: "", subject: "x", body: "y" })).status).toBe(400);

    const member = await server.member();
    expect((await member.get("/api/user-emails")).status).toBe(403);
    expect((await member.post("/api/user-emails", { templateName: "x", subject: "x", body: "x" })).status).toBe(403);

    expect((await admin.delete(`/api/user-emails/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/user-emails/${id}`)).status).toBe(404);
  });

  it("seeded templates use the placeholder", () => {
    expect(SEED_TEMPLATES.length).toBeGreaterThanOrEqual(3);
    for (const t of SEED_TEMPLATES) expect(`${t.subject}${t.body}`).toContain("{{name}}");
  });
});

describe("send message", () => {
  it("delivers through SMTP with the recipient's name filled in and logs it (5 per page)", async () => {
    const member = await server.member({ name: "Grace" });
    const tpl = await admin.post("/api/user-emails", {
      templateName: "Greeting",
      subject: "Hello {{name}}",
      body: "<p>Dear {name}, <b>welcome</b>.</p>",
    });
    const res = await admin.post("/api/send-message", {
      toEmail: member.email,
      subject: "Hello {{name}}",
      messageBody: "<p>Dear {name}, <b>welcome</b>.</p>",
      templateId: tpl.body.data._id,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USERS_MESSAGES.messageSent);
    const mail = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === "Hello Grace");
    expect(mail.subject).toBe("Hello Grace");
    expect(mail.raw).toContain("Dear Grace");
    expect(mail.raw).toContain("<b>welcome</b>");

    for (let i = 0; i < 5; i++) {
      await admin.post("/api/send-message", { toEmail: member.email, subject: `Note ${i}`, messageBody: "<p>x</p>" });
    }
    const page1 = await admin.get(`/api/message-logs?toEmail=${encodeURIComponent(member.email)}`);
    expect(page1.body.total).toBe(6);
    expect(page1.body.data).toHaveLength(5);
    expect(page1.body.data[0].subject).toBe("Note 4");
    const page2 = await admin.get(`/api/message-logs?toEmail=${encodeURIComponent(member.email)}&page=2`);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0]).toMatchObject({ templateName: "Greeting", subject: "Hello Grace" });
    expect(page2.body.data[0].day).toMatch(/day$/);
    expect(page2.body.data[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("refuses unknown recipients and members", async () => {
    const unknown = await admin.post("/api/send-message", {
      toEmail: "nobody@example.com",
      subject: "x",
      messageBody: "y",
    });
    expect(unknown.status).toBe(404);
    const member = await server.member();
    expect(
      (await member.post("/api/send-message", { toEmail: member.email, subject: "x", messageBody: "y" })).status,
    ).toBe(403);
  });

  it("emails the member when an admin replies to their ticket", async () => {
    const member = await server.member({ name: "Ticket Owner" });
    const t = await member.post("/api/new-support-message", { subject: "Broken export", message: "Help" });
    await admin.post(`/api/support-message/${t.body.data._id}/reply`, { message: "Fixed <now>" });
    const mail = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject.includes("Broken export"));
    expect(mail.subject).toBe("Re: Broken export");
    expect(mail.raw).toContain("Fixed &lt;now&gt;");
  });
});

describe("admin stats", () => {
  it("counts users and orders and gives 30 days of series", async () => {
    const res = await admin.get("/api/admin/stats");
    expect(res.status).toBe(200);
    expect(res.body.counts.users).toBeGreaterThanOrEqual(4);
    expect(res.body.counts.orders).toBe(0);
    expect(res.body.daily).toHaveLength(30);
    expect(res.body.daily.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
  });

  it("credits spent counts generations net of refunds", async () => {
    const member = await server.member();
    const id = (await member.get("/api/me")).body.user._id;
    await server.ctx.credits.apply({ userId: id, delta: -1, reason: "generation", sourceKey: `gen:${id}:1` });
    await server.ctx.credits.apply({ userId: id, delta: -1, reason: "generation", sourceKey: `gen:${id}:2` });
    await server.ctx.credits.apply({ userId: id, delta: 1, reason: "refund", sourceKey: `ref:${id}:2` });
    const res = await admin.get("/api/admin/stats");
    expect(res.body.daily.at(-1).creditsSpent).toBe(1);
    expect((await member.get("/api/admin/stats")).status).toBe(403);
  });

  it("revenue and paid orders come from paid orders by payment day", async () => {
    const base = {
      packageName: "Pro",
      packagePrice: 19.5,
      totalPrice: 19.5,
      customerEmail: "c@example.com",
      customerName: "C",
      address: "A",
      country: "X",
      orderDate: "01/01/2026",
      credit: 10,
      membershipValidity: new Date(),
    };
    await server.ctx.db.insert(packageOrders).values([
      { ...base, orderId: "PAID0001", paymentId: "PAYID001", paymentStatus: "Paid", paidAt: new Date() },
      { ...base, orderId: "PAID0002", paymentId: "PAYID002", paymentStatus: "Paid", paidAt: new Date(), totalPrice: 5 },
      { ...base, orderId: "PEND0001", paymentId: "PAYID003" },
    ]);
    const res = await admin.get("/api/admin/stats");
    expect(res.body.counts.orders).toBe(3);
    expect(res.body.daily.at(-1)).toMatchObject({ revenue: 24.5, paidOrders: 2 });
  });
});
