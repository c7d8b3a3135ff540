import { AUTH_MESSAGES } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, user } from "../src/db/schema/index.js";
import { ADMIN, startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("accounts", () => {
  it("registers a member with the signup bonus recorded in the ledger, role member and membership free", async () => {
    const m = await server.member({ name: "Ada Lovelace" });
    const me = await m.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      userName: "Ada Lovelace",
      email: m.email,
      userRole: "member",
      userMembership: "free",
      currentBalance: 3,
    });
    const rows = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, me.body.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 3, reason: "signup_bonus", balanceAfter: 3 });
  });

  it("ignores a role or balance sent with sign-up", async () => {
    const c = server.client();
    const res = await c.post("/api/auth/sign-up/email", {
      email: "sneaky@test.local",
      password: "password-1",
      name: "Sneaky",
      role: "Admin",
      currentBalance: 1000,
    });
    expect(res.status).toBe(200);
    await server.verifyEmail(c, "sneaky@test.local");
    const me = await c.get("/api/me");
    expect(me.body.user.userRole).toBe("member");
    expect(me.body.user.currentBalance).toBe(3);
  });

  it("sets HttpOnly, SameSite=Lax, persistent session cookies", async () => {
    const c = server.client();
    const res = await c.post("/api/auth/sign-up/email", {
      email: "cookie@test.local",
      password: "password-1",
      name: "C",
    });
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d+/i);
  });

  it("refuses a duplicate email with the spec's code", async () => {
    const m = await server.member();
    const res = await server
      .client()
      .post("/api/auth/sign-up/email", { email: m.email, password: "password-1", name: "X" });
    expect(res.status).toBe(422);
    expect(res.body.code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it("tells an unknown email from a wrong password", async () => {
    const m = await server.member();
    const wrong = await server.client().post("/api/auth/sign-in/email", { email: m.email, password: "not-it-at-all" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_PASSWORD", message: AUTH_MESSAGES.wrongPassword });
    const unknown = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "nobody@test.local", password: "whatever1" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: "USER_NOT_FOUND", message: AUTH_MESSAGES.userNotFound });
  });

  it("limits repeated failed logins, and the right password is refused while limited", async () => {
    const m = await server.member();
    for (let i = 0; i < 5; i++) {
      const res = await server
        .client()
        .post("/api/auth/sign-in/email", { email: m.email, password: `wrong-${i}-pass` });
      expect(res.status).toBe(401);
    }
    const limited = await server.client().post("/api/auth/sign-in/email", { email: m.email, password: m.password });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(AUTH_MESSAGES.tooManyRequests);
  });

  it("signs a disabled account out at once and refuses its next sign-in", async () => {
    const m = await server.member();
    expect((await m.get("/api/me")).status).toBe(200);
    const [row] = await server.ctx.db.update(user).set({ banned: true }).where(eq(user.email, m.email)).returning();
    server.ctx.users.invalidate(row!.id);
    const me = await m.get("/api/me");
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(AUTH_MESSAGES.userDisabled);
    const again = await server.client().post("/api/auth/sign-in/email", { email: m.email, password: m.password });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(AUTH_MESSAGES.userDisabled);
  });

  it("tells the browser its auth state without an error for visitors", async () => {
    const anon = await server.client().get("/api/session");
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ user: null });
    const m = await server.member({ name: "Session Person" });
    const mine = await m.get("/api/session");
    expect(mine.body.user).toMatchObject({ userName: "Session Person", email: m.email });
  });

  it("signs out", async () => {
    const m = await server.member();
    await m.post("/api/auth/sign-out", {});
    expect((await m.get("/api/me")).status).toBe(401);
  });

  it("creates the administrator from ADMIN_EMAIL once", async () => {
    const a = await server.admin();
    const me = await a.get("/api/me");
    expect(me.body.user).toMatchObject({ email: ADMIN.email, userRole: "Admin" });
  });

  it("answers the reset form for unknown and malformed emails with the spec's messages", async () => {
    const c = server.client();
    const unknown = await c.post("/api/auth/request-password-reset", {
      email: "ghost@test.local",
      redirectTo: "/reset-password",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(AUTH_MESSAGES.resetUserNotFound);
    const bad = await c.post("/api/auth/request-password-reset", {
      email: "not-an-email",
      redirectTo: "/reset-password",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(AUTH_MESSAGES.resetInvalidEmail);
  });
});
