import { LEDGER_REASONS } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

/** Decision 097: the ledger's one exception to never-below-zero is a PayPal refund or reversal (payment_reversal). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function newMemberId() {
  const m = await server.member();
  return (await m.get("/api/me")).body.user._id as string; // 3 credits (sign-up bonus)
}

const balance = async (id: string) =>
  (await server.ctx.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, id) }))?.currentBalance;

describe("ledger: below zero for payment reversals only", () => {
  it("a payment reversal takes more than the balance and leaves it negative, once per source key", async () => {
    const id = await newMemberId();
    const change = { userId: id, delta: -10, reason: "payment_reversal" as const, sourceKey: `reversal:${id}` };
    const [a, b] = await Promise.all([server.ctx.credits.apply(change), server.ctx.credits.apply(change)]);
    expect([a.applied, b.applied].filter(Boolean)).toHaveLength(1);
    expect(await balance(id)).toBe(-7);
  });

  it("every other reason is still refused below zero, also from a negative balance", async () => {
    const id = await newMemberId();
    await server.ctx.credits.apply({ userId: id, delta: -5, reason: "payment_reversal", sourceKey: `rev:${id}` });
    for (const reason of LEDGER_REASONS.filter((r) => r !== "payment_reversal")) {
      await expect(
        server.ctx.credits.apply({ userId: id, delta: -1, reason, sourceKey: `${reason}:${id}` }),
        reason,
      ).rejects.toMatchObject({ code: "INSUFFICIENT_CREDITS" });
    }
    expect(await balance(id)).toBe(-2);
    // Credits coming in simply add up.
    await server.ctx.credits.apply({ userId: id, delta: 4, reason: "purchase", sourceKey: `purchase:${id}` });
    expect(await balance(id)).toBe(2);
  });
});
