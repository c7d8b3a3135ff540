import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seed } from "../src/composition/seed.js";
import { user } from "../src/db/schema/index.js";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "true" } });
});
afterAll(async () => {
  await server?.close();
});

it("seeding again (a restart) creates nothing twice", async () => {
  const before = await server.ctx.db.select().from(user);
  await seed(server.ctx, () => {});
  await seed(server.ctx, () => {});
  const after = await server.ctx.db.select().from(user);
  expect(after.length).toBe(before.length);
  const admins = await server.ctx.db.select().from(user).where(eq(user.role, "Admin"));
  expect(admins).toHaveLength(1);
});
