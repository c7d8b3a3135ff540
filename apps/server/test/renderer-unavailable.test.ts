import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

// A server whose browser cannot start (a Chromium path that does not exist): everything else keeps working and the
// reports say the email was not rendered.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { RENDERER_CHROMIUM_PATH: "/nonexistent/chromium" } });
});
afterAll(async () => {
  await server?.close();
});

const EMAIL = `<!doctype html><html lang="en"><head><title>Hello</title></head><body>
  <table role="presentation" width="100%"><tr><td><h1>Hello there</h1><p>A short, plain email.</p></td></tr></table>
</body></html>`;

describe("renderer unavailable", () => {
  it("health tells the renderer's state: idle before any render, unavailable once it could not start", async () => {
    const c = server.client();
    expect((await c.get("/api/health")).body).toMatchObject({ status: "ok", renderer: "idle" });

    const member = await server.member();
    const res = await member.post("/api/email-check", { html: EMAIL });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain("Hello there");
    expect(res.body.report.render).toMatchObject({ available: false });
    expect(res.body.report.render.reason).toMatch(/could not start/);
    const render = res.body.report.checks.filter((c: { id: string }) => c.id.startsWith("render."));
    expect(render).toEqual([expect.objectContaining({ id: "render.unavailable", status: "warn" })]);
    expect(res.body.report.previews).toBeUndefined();

    // Health answers from a ping at most a second old (features/health/service.ts): ask until a ping after the
    // failed start has answered, instead of relying on the check above taking longer than a second.
    const deadline = Date.now() + 10_000;
    let health = (await c.get("/api/health")).body;
    while (health.renderer !== "unavailable" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      health = (await c.get("/api/health")).body;
    }
    expect(health).toMatchObject({ status: "ok", renderer: "unavailable" });
  }, 120_000);
});
