import { CONTACT_HINTS } from "@mailsmith/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const contact = {
  ticketUserName: "Visitor",
  ticketUserEmail: "visitor@example.com",
  subject: "Hello",
  phone: "+1 555 0100",
  message: "Question",
};

it("a visitor's contact message becomes an open ticket with role user, whatever status the body claims", async () => {
  const res = await server
    .client()
    .post("/api/new-support-message", { ...contact, ticketStatus: "closed", ticketUserRole: "Admin" });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    ticketStatus: "open",
    ticketUserRole: "user",
    source: "contact",
    ticketUserEmail: "visitor@example.com",
  });
});

it("a visitor must give all five contact fields", async () => {
  const res = await server.client().post("/api/new-support-message", { ...contact, phone: "" });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(CONTACT_HINTS.phone);
});

it("a member files under their own identity, not a client-sent email", async () => {
  const m = await server.member({ name: "Real Name" });
  const res = await m.post("/api/new-support-message", {
    subject: "Help",
    message: "Please",
    ticketUserEmail: "someone-else@example.com",
  });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    ticketUserEmail: m.email,
    ticketUserName: "Real Name",
    ticketUserRole: "member",
    source: "ticket",
  });
});
