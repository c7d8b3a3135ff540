import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp-catcher.js";

let server: TestServer;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

it("emails a single-use reset link through SMTP that sets a new password", async () => {
  const m = await server.member({ password: "old-password-1" });
  const c = server.client();
  const req = await c.post("/api/auth/request-password-reset", { email: m.email, redirectTo: "/reset-password" });
  expect(req.status).toBe(200);

  const mail = await smtp.waitFor((msg) => msg.to.includes(m.email) && /reset/i.test(msg.subject));
  expect(mail.subject).toMatch(/reset/i);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();

  // Following the emailed link redirects to the app's page with the token.
  const hop = await c.get(new URL(link!).pathname + new URL(link!).search);
  expect(hop.status).toBe(302);
  const target = new URL(hop.headers.get("location")!, server.url);
  expect(target.pathname).toBe("/reset-password");
  const token = target.searchParams.get("token");
  expect(token).toBeTruthy();

  const reset = await c.post("/api/auth/reset-password", { newPassword: "new-password-2", token });
  expect(reset.status).toBe(200);

  // Old sessions are revoked, old password refused, new one works.
  expect((await m.get("/api/me")).status).toBe(401);
  expect(
    (await server.client().post("/api/auth/sign-in/email", { email: m.email, password: "old-password-1" })).status,
  ).toBe(401);
  expect(
    (await server.client().post("/api/auth/sign-in/email", { email: m.email, password: "new-password-2" })).status,
  ).toBe(200);

  // The link is single-use.
  const reuse = await c.post("/api/auth/reset-password", { newPassword: "third-password-3", token });
  expect(reuse.status).toBe(400);
});

it("refuses an expired link", async () => {
  const m = await server.member();
  await server.client().post("/api/auth/request-password-reset", { email: m.email, redirectTo: "/reset-password" });
  const mail = await smtp.waitFor((msg) => msg.to.includes(m.email) && /reset/i.test(msg.subject));
  const token = mail.text.match(/reset-password\/([\w-]+)/)?.[1];
  const { verification } = await import("../src/db/schema/index.js");
  const { eq } = await import("drizzle-orm");
  await server.ctx.db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verification.identifier, `reset-password:${token}`));
  const res = await server.client().post("/api/auth/reset-password", { newPassword: "new-password-2", token });
  expect(res.status).toBe(400);
});
