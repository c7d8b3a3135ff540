import { USERS_MESSAGES } from "@mailsmith/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger } from "../src/db/schema/index.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

let server: TestServer;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  adminId = (await admin.get("/api/me")).body.user._id;
});
afterAll(async () => {
  await server?.close();
});

async function newMember(name = "Member") {
  const m = await server.member({ name });
  const id = (await m.get("/api/me")).body.user._id as string;
  return Object.assign(m, { id });
}

describe("admin edits users", () => {
  it("edits name, role and membership; a balance change is one admin_adjustment ledger row", async () => {
    const m = await newMember();
    const res = await admin.put(`/api/users/${m.id}`, {
      userName: "Renamed",
      userRole: "moderator",
      userMembership: "basic",
      currentBalance: "10",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USERS_MESSAGES.updated);
    expect(res.body.user).toMatchObject({
      userName: "Renamed",
      userRole: "moderator",
      userMembership: "basic",
      currentBalance: 10,
    });
    const rows = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, "admin_adjustment")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 7, balanceAfter: 10 });
    expect(rows[0]!.sourceKey).toMatch(/^admin:[0-9a-f-]{36}$/);
    // The member sees the new balance at once (cache invalidated).
    expect((await m.get("/api/me")).body.user.currentBalance).toBe(10);

    // Lowering writes a negative adjustment; the same balance writes nothing.
    await admin.put(`/api/users/${m.id}`, { currentBalance: 4 });
    await admin.put(`/api/users/${m.id}`, { currentBalance: 4 });
    const after = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(after.filter((r) => r.reason === "admin_adjustment").map((r) => r.delta)).toEqual(
      expect.arrayContaining([7, -6]),
    );
    expect(after.filter((r) => r.reason === "admin_adjustment")).toHaveLength(2);

    // Admins read the ledger over the API, newest first.
    const ledger = await admin.get(`/api/users/${m.id}/credits`);
    expect(ledger.status).toBe(200);
    expect(ledger.body.map((r: { delta: number; reason: string }) => [r.reason, r.delta])).toEqual([
      ["admin_adjustment", -6],
      ["admin_adjustment", 7],
      ["signup_bonus", 3],
    ]);
    expect((await m.get(`/api/users/${m.id}/credits`)).status).toBe(403);
  });

  it("refuses a negative or fractional balance", async () => {
    const m = await newMember();
    expect((await admin.put(`/api/users/${m.id}`, { currentBalance: -1 })).status).toBe(400);
    expect((await admin.put(`/api/users/${m.id}`, { currentBalance: 1.5 })).status).toBe(400);
    expect((await m.get("/api/me")).body.user.currentBalance).toBe(3);
  });

  it("a member cannot use the admin endpoints to change their own role or balance", async () => {
    const m = await newMember();
    expect((await m.put(`/api/users/${m.id}`, { userRole: "Admin", currentBalance: 500 })).status).toBe(403);
    expect((await m.put(`/api/users/${m.id}/banned`, { banned: false })).status).toBe(403);
    expect((await m.delete(`/api/users/${m.id}`)).status).toBe(403);
    const me = (await m.get("/api/me")).body.user;
    expect(me).toMatchObject({ userRole: "member", currentBalance: 3 });
  });

  it("an admin cannot demote, disable or delete themselves", async () => {
    const demote = await admin.put(`/api/users/${adminId}`, { userRole: "member" });
    expect(demote.status).toBe(403);
    expect(demote.body.message).toBe(USERS_MESSAGES.cannotDemoteSelf);
    expect((await admin.put(`/api/users/${adminId}/banned`, { banned: true })).status).toBe(403);
    const del = await admin.delete(`/api/users/${adminId}`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(USERS_MESSAGES.cannotDeleteSelf);
    // Renaming oneself (role unchanged) is fine.
    const ok = await admin.put(`/api/users/${adminId}`, { userName: "Chief", userRole: "Admin" });
    expect(ok.status).toBe(200);
    expect((await admin.get("/api/me")).body.user.userRole).toBe("Admin");
  });

  it("deletes a user", async () => {
    const m = await newMember();
    const res = await admin.delete(`/api/users/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USERS_MESSAGES.deleted);
    expect((await admin.get(`/api/users?userEmail=${encodeURIComponent(m.email)}`)).body).toEqual([]);
    expect((await m.get("/api/me")).status).toBe(401);
    expect((await admin.delete(`/api/users/${m.id}`)).status).toBe(404);
  });

  it("disabling an account ends its signed-in sessions at once; enabling lets it sign in again", async () => {
    const m = await newMember();
    expect((await m.get("/api/me")).status).toBe(200);
    const res = await admin.put(`/api/users/${m.id}/banned`, { banned: true });
    expect(res.status).toBe(200);
    expect(res.body.user.banned).toBe(true);
    expect((await m.get("/api/me")).status).toBe(401);
    const again = server.client();
    const signIn = await again.post("/api/auth/sign-in/email", { email: m.email, password: m.password });
    expect(signIn.status).not.toBe(200);
    await admin.put(`/api/users/${m.id}/banned`, { banned: false });
    const back = server.client();
    expect((await back.post("/api/auth/sign-in/email", { email: m.email, password: m.password })).status).toBe(200);
    expect((await back.get("/api/me")).status).toBe(200);
  });
});
