import { SUPPORT_UI_MESSAGES } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

let server: TestServer;
let alice: TestClient & { email: string };
let bob: TestClient & { email: string };
let admin: TestClient;
let aliceTicket: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.member({ name: "Alice" });
  bob = await server.member({ name: "Bob" });
  admin = await server.admin();
  const res = await alice.post("/api/new-support-message", { subject: "Alice needs help", message: "First message" });
  aliceTicket = res.body.data._id;
  await bob.post("/api/new-support-message", { subject: "Bob needs help", message: "Bob here" });
  await server.client().post("/api/new-support-message", {
    ticketUserName: "Visitor",
    ticketUserEmail: "visitor@example.com",
    subject: "Contact question",
    phone: "123",
    message: "From the contact form",
  });
});
afterAll(async () => {
  await server?.close();
});

describe("member access", () => {
  it("a member lists only their own tickets, whatever userEmail they pass", async () => {
    const own = await alice.get(`/api/support-messages?userEmail=${encodeURIComponent(alice.email)}`);
    expect(own.status).toBe(200);
    expect(own.body.map((t: { subject: string }) => t.subject)).toEqual(["Alice needs help"]);
    const other = await alice.get(`/api/support-messages?userEmail=${encodeURIComponent(bob.email)}`);
    expect(other.body.map((t: { subject: string }) => t.subject)).toEqual(["Alice needs help"]);
  });

  it("reading or replying to another member's ticket is 403 and changes nothing", async () => {
    const read = await bob.get(`/api/support-message/${aliceTicket}`);
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(SUPPORT_UI_MESSAGES.notYourTicket);
    const reply = await bob.post(`/api/support-message/${aliceTicket}/reply`, { message: "I am not Alice" });
    expect(reply.status).toBe(403);
    const status = await bob.put(`/api/support-message-status/${aliceTicket}`, { ticketStatus: "closed" });
    expect(status.status).toBe(403);
    const after = await alice.get(`/api/support-message/${aliceTicket}`);
    expect(after.status).toBe(200);
    expect(after.body.adminMessage).toEqual([]);
    expect(after.body.ticketStatus).toBe("open");
  });

  it("anonymous callers get 401", async () => {
    expect((await server.client().get("/api/support-messages")).status).toBe(401);
    expect((await server.client().get(`/api/support-message/${aliceTicket}`)).status).toBe(401);
  });
});

describe("conversation", () => {
  it("a member reply sets the ticket in-progress; blank replies are refused", async () => {
    const blank = await alice.post(`/api/support-message/${aliceTicket}/reply`, { message: "   " });
    expect(blank.status).toBe(400);
    const res = await alice.post(`/api/support-message/${aliceTicket}/reply`, { message: "More details" });
    expect(res.status).toBe(200);
    expect(res.body.data.ticketStatus).toBe("in-progress");
    expect(res.body.data.adminMessage).toMatchObject([{ message: "More details", sender: "user" }]);
  });

  it("an admin reply is sent as admin and keeps the status; status and priority change", async () => {
    const res = await admin.post(`/api/support-message/${aliceTicket}/reply`, { message: "We are on it" });
    expect(res.status).toBe(200);
    expect(res.body.data.adminMessage.at(-1)).toMatchObject({ message: "We are on it", sender: "admin" });
    expect(res.body.data.ticketStatus).toBe("in-progress");
    const upd = await admin.put(`/api/support-message-status/${aliceTicket}`, {
      ticketStatus: "resolved",
      priority: "high",
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ ticketStatus: "resolved", priority: "high" });
    const bad = await admin.put(`/api/support-message-status/${aliceTicket}`, { ticketStatus: "deleted" });
    expect(bad.status).toBe(400);
  });

  it("concurrent replies are all kept", async () => {
    const before = (await admin.get(`/api/support-message/${aliceTicket}`)).body.adminMessage.length;
    await Promise.all(
      [1, 2, 3, 4].map((i) => admin.post(`/api/support-message/${aliceTicket}/reply`, { message: `r${i}` })),
    );
    const after = (await admin.get(`/api/support-message/${aliceTicket}`)).body.adminMessage.length;
    expect(after).toBe(before + 4);
  });

  it("nobody replies on a closed ticket", async () => {
    await admin.put(`/api/support-message-status/${aliceTicket}`, { ticketStatus: "closed" });
    const a = await admin.post(`/api/support-message/${aliceTicket}/reply`, { message: "late" });
    expect(a.status).toBe(409);
    expect(a.body.message).toBe(SUPPORT_UI_MESSAGES.ticketClosed);
    const m = await alice.post(`/api/support-message/${aliceTicket}/reply`, { message: "late" });
    expect(m.status).toBe(409);
  });
});

describe("admin list and filters", () => {
  it("sees every ticket, contact messages included, and filters by status, priority, email and date", async () => {
    const all = await admin.get("/api/support-messages");
    expect(all.body.map((t: { subject: string }) => t.subject).sort()).toEqual(
      ["Alice needs help", "Bob needs help", "Contact question"].sort(),
    );
    const byEmail = await admin.get(`/api/support-messages?userEmail=${encodeURIComponent(bob.email.toUpperCase())}`);
    expect(byEmail.body.map((t: { subject: string }) => t.subject)).toEqual(["Bob needs help"]);
    const closed = await admin.get("/api/support-messages?status=closed");
    expect(closed.body.map((t: { subject: string }) => t.subject)).toEqual(["Alice needs help"]);
    const high = await admin.get("/api/support-messages?priority=high");
    expect(high.body).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get(`/api/support-messages?from=${today}&to=${today}`)).body).toHaveLength(3);
    expect((await admin.get("/api/support-messages?to=2000-01-01")).body).toHaveLength(0);
    expect((await admin.get("/api/support-messages?status=bogus")).status).toBe(400);
  });

  it("a wildcard in the email filter is taken literally", async () => {
    expect((await admin.get("/api/support-messages?userEmail=%25")).body).toHaveLength(0);
  });
});
