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

it("lists the demo packages and premium items in the same order on every fresh install", async () => {
  // Rows seeded in one statement share now(); without their own times their order would change per install.
  const packages = (await server.client().get("/api/packages")).body as { packageName: string }[];
  expect(packages.map((p) => p.packageName)).toEqual(["Starter", "Professional", "Agency"]);
  const items = (await server.client().get("/api/items")).body.data as { itemName: string }[];
  expect(items.map((i) => i.itemName)).toEqual([
    "Modern Newsletter Template Pack",
    "Black Friday Promotional Email Kit",
  ]);
});
