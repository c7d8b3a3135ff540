import { expect, it } from "vitest";
import { creditLedger, user } from "../src/db/schema/index.js";
import { ADMIN, pgliteOpens, startTestServer } from "./harness.js";

// The harness hands a closed test server's PGlite database to the next test server of the worker, emptied
// (decision 083): the next server must find exactly what a fresh database holds, and the closed one nothing.
it("gives each test server an empty database, and a closed server's database refuses work", async () => {
  const first = await startTestServer();
  const member = await first.member();
  expect((await member.get("/api/me")).status).toBe(200);
  const firstDb = first.ctx.db;
  await first.close();
  await expect(firstDb.select().from(user)).rejects.toThrow();

  const reusedBefore = pgliteOpens.reused;
  const second = await startTestServer();
  try {
    if (second.ctx.database.kind === "pglite") expect(pgliteOpens.reused).toBe(reusedBefore + 1);
    const users = await second.ctx.db.select({ id: user.id, email: user.email }).from(user);
    expect(users.map((u) => u.email)).toEqual([ADMIN.email]);
    const ledgerOwners = await second.ctx.db.selectDistinct({ userId: creditLedger.userId }).from(creditLedger);
    expect(ledgerOwners.filter((r) => r.userId !== users[0]!.id)).toEqual([]);
    // The member's cookie means nothing to the new server, and the address is free again.
    const again = second.client();
    for (const [k, v] of member.cookies) again.cookies.set(k, v);
    expect((await again.get("/api/me")).status).toBe(401);
    const reregistered = await second.member({ email: member.email });
    expect((await reregistered.get("/api/me")).body.user.currentBalance).toBe(3);
  } finally {
    await second.close();
  }
});
