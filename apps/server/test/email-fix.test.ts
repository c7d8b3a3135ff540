import { EMAIL_CHECK_LIMITS, ZEmailFixResponseSchema } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/** POST /api/email-fix (issue 37 item 7, decision 108): the one-click fixes of Check my email. */
let server: TestServer;
let member: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
});

const EMAIL = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<table width="600"><tr><td><p style="font-size:16px;color:#b0b0b0">Welcome to our store. We are glad to show you the new
spring collection today, with fresh colours and light fabrics.</p></td></tr></table></body></html>`;

describe("POST /api/email-fix", () => {
  it("is for members only", async () => {
    const res = await server.client().post("/api/email-fix", { html: EMAIL, fixes: ["accessibility"] });
    expect(res.status).toBe(401);
  });

  it("answers the fixed HTML, each change and the fixed email's report (Check my email's shape)", async () => {
    const res = await member.post("/api/email-fix", { html: EMAIL, fixes: ["accessibility", "dark-mode"] });
    expect(res.status).toBe(200);
    const body = ZEmailFixResponseSchema.parse(res.body);
    expect(body.html).toMatch(/<html[^>]* lang="en"/);
    expect(body.html).not.toContain("color:#b0b0b0");
    const contrast = body.changes.find((c) => c.id === "a11y.contrast");
    expect(contrast).toMatchObject({ applied: true, before: expect.stringMatching(/^#b0b0b0 on #ffffff/) });
    expect(body.html).toContain(`color:${contrast!.after.slice(0, 7)}`);
    for (const id of ["a11y.lang", "a11y.dir", "a11y.title", "a11y.contrast"])
      expect(body.report.checks.find((c) => c.id === id)?.status, id).toBe("pass");
  });

  it("refuses unknown fixes and a missing or oversized email with a message, never a 5xx", async () => {
    const unknown = await member.post("/api/email-fix", { html: EMAIL, fixes: ["everything"] });
    expect(unknown.status).toBe(400);
    const missing = await member.post("/api/email-fix", { fixes: ["accessibility"] });
    expect(missing.status).toBe(400);
    const big = await member.post("/api/email-fix", {
      html: `<p>${"x".repeat(EMAIL_CHECK_LIMITS.maxHtmlBytes)}</p>`,
      fixes: ["accessibility"],
    });
    expect(big.status).toBe(413);
  });
});
