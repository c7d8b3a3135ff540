import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function rawColumn(query: ReturnType<typeof sql>): Promise<string> {
  const result = (await server.ctx.db.execute(query)) as unknown as { rows: Record<string, string>[] };
  return Object.values(result.rows[0] ?? {})[0] ?? "";
}

it("stores Gemini keys sealed, while admins still see the masked key and generation can use it", async () => {
  const admin = await server.admin();
  const key = "AIzaSyD-very-secret-gemini-key-1234";
  expect((await admin.post("/api/gemini-keys", { name: "Main", key })).status).toBe(201);
  const stored = await rawColumn(sql`select key from gemini_keys limit 1`);
  expect(stored.startsWith("enc:v1:")).toBe(true);
  expect(stored).not.toContain("very-secret");
  const list = await admin.get("/api/gemini-keys");
  expect(JSON.stringify(list.body)).not.toContain(key);
  expect(list.body.data[0].keyPreview).toMatch(/^AIzaSyD-.*1234$/);
});

it("stores the PayPal client secret sealed and never returns it", async () => {
  const admin = await server.admin();
  const res = await admin.put("/api/paypal-settings", {
    clientId: "client-id-abc",
    clientSecret: "paypal-client-secret-xyz",
    mode: "sandbox",
    currency: "USD",
    enablePayPal: true,
    buttonStyles: { layout: "vertical", color: "blue", shape: "rect", label: "paypal" },
  });
  expect(res.status).toBe(200);
  expect(JSON.stringify(res.body)).not.toContain("paypal-client-secret-xyz");
  const stored = await rawColumn(sql`select client_secret from paypal_settings limit 1`);
  expect(stored.startsWith("enc:v1:")).toBe(true);
  expect(stored).not.toContain("paypal-client-secret");
  const read = await admin.get("/api/paypal-settings/admin");
  expect(read.status).toBe(200);
  expect(read.body.data.hasClientSecret).toBe(true);
  expect(JSON.stringify(read.body)).not.toContain("paypal-client-secret-xyz");
});
