import { afterAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

it("offers Google sign-in only when both Google settings are configured", async () => {
  const plain = await startTestServer();
  servers.push(plain);
  expect((await plain.client().get("/api/config")).body.googleSignIn).toBe(false);
  const refused = await plain
    .client()
    .post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/user/dashboard" });
  expect(refused.status).toBeGreaterThanOrEqual(400);

  const google = await startTestServer({
    env: { GOOGLE_CLIENT_ID: "client-id.apps.example", GOOGLE_CLIENT_SECRET: "client-secret" },
  });
  servers.push(google);
  expect((await google.client().get("/api/config")).body.googleSignIn).toBe(true);
  const start = await google
    .client()
    .post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/user/dashboard" });
  expect(start.status).toBe(200);
  expect(new URL(start.body.url).hostname).toBe("accounts.google.com");
  expect(new URL(start.body.url).searchParams.get("client_id")).toBe("client-id.apps.example");
});
