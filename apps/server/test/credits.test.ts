import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger } from "../src/db/schema/index.js";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function newMemberId() {
  const m = await server.member();
  return (await m.get("/api/me")).body.user._id as string;
}

describe("credits ledger", () => {
  it("applies one event once, however often it is sent", async () => {
    const id = await newMemberId();
    const change = { userId: id, delta: 10, reason: "purchase" as const, sourceKey: `purchase:${id}:A` };
    const results = await Promise.all(Array.from({ length: 10 }, () => server.ctx.credits.apply(change)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    const row = await server.ctx.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, id) });
    expect(row?.currentBalance).toBe(13);
  });

  it("never goes below zero under concurrent spends", async () => {
    const id = await newMemberId(); // 3 credits
    const spends = Array.from({ length: 12 }, (_, i) =>
      server.ctx.credits
        .apply({ userId: id, delta: -1, reason: "generation", sourceKey: `gen:${id}:${i}` })
        .then(() => "ok")
        .catch((e: { code?: string }) => e.code),
    );
    const outcomes = await Promise.all(spends);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "INSUFFICIENT_CREDITS")).toHaveLength(9);
    const rows = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, id));
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    const row = await server.ctx.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, id) });
    expect(row?.currentBalance).toBe(0);
  });

  it("rolls back with the caller's transaction", async () => {
    const id = await newMemberId();
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await server.ctx.credits.apply({ userId: id, delta: 5, reason: "purchase", sourceKey: `p:${id}:tx` }, tx);
        throw new Error("payment check failed");
      }),
    ).rejects.toThrow("payment check failed");
    const row = await server.ctx.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, id) });
    expect(row?.currentBalance).toBe(3);
    // The same event can still apply later.
    expect(
      (await server.ctx.credits.apply({ userId: id, delta: 5, reason: "purchase", sourceKey: `p:${id}:tx` })).applied,
    ).toBe(true);
  });
});
