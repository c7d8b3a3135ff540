import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_LEVELS } from "../src/plugins/access.js";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Replaces :params and wildcards with placeholder values so the route matches. */
function concrete(url: string) {
  return url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "x");
}

describe("route access", () => {
  it("every registered route declares its access", () => {
    expect(server.routeTable.length).toBeGreaterThan(5);
    for (const r of server.routeTable) expect(ACCESS_LEVELS, `${r.method} ${r.url}`).toContain(r.access);
  });

  it("admin routes answer 401 to anonymous callers and 403 to members", async () => {
    const adminRoutes = server.routeTable.filter((r) => r.access === "admin" && r.method !== "HEAD");
    expect(adminRoutes.length).toBeGreaterThan(0);
    const member = await server.member();
    const anon = server.client();
    for (const r of adminRoutes) {
      const path = concrete(r.url);
      const a = await anon.request(r.method, path, r.method === "GET" || r.method === "DELETE" ? undefined : {});
      expect(a.status, `anonymous ${r.method} ${r.url}`).toBe(401);
      const m = await member.request(r.method, path, r.method === "GET" || r.method === "DELETE" ? undefined : {});
      expect(m.status, `member ${r.method} ${r.url}`).toBe(403);
    }
  });

  it("signed-in routes answer 401 to anonymous callers", async () => {
    const anon = server.client();
    for (const r of server.routeTable.filter(
      (r) => (r.access === "user" || r.access === "owner") && r.method !== "HEAD",
    )) {
      const path = concrete(r.url);
      const res = await anon.request(r.method, path, r.method === "GET" || r.method === "DELETE" ? undefined : {});
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("a member reads only their own user record", async () => {
    const a = await server.member();
    const b = await server.member();
    expect((await a.get(`/api/users?userEmail=${encodeURIComponent(a.email)}`)).status).toBe(200);
    expect((await a.get(`/api/users?userEmail=${encodeURIComponent(b.email)}`)).status).toBe(403);
    expect((await a.get("/api/users")).status).toBe(403);
  });

  it("health checks the database and docs are served", async () => {
    const c = server.client();
    expect((await c.get("/api/health")).body).toMatchObject({ status: "ok" });
    const docs = await c.get("/api/docs/json");
    expect(docs.status).toBe(200);
    expect(docs.body.paths["/api/me"]).toBeTruthy();
  });

  it("bad JSON is a 400 with a message, not a 500", async () => {
    const res = await server.client().request("POST", "/api/auth/sign-in/email", undefined, {
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });
});
