import { GENERATOR_MESSAGES, type TEmailCheck } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const EMAIL = `<!DOCTYPE html><html lang="en" dir="ltr"><head><title>News</title></head><body>
<table role="presentation"><tr><td style="font-size:16px;color:#111111;background-color:#ffffff;">
<h1 style="font-size:24px;">Our news this week</h1>
<p>Read <a href="http://example.com/story">the full story on our site</a> and
<a href="{{unsubscribe_url}}">unsubscribe</a> any time. <img src="http://example.com/pic.png" alt="Team photo"></p>
</td></tr></table></body></html>`;

const https = (checks: TEmailCheck[]) => checks.find((c) => c.id === "links.https");

describe("POST /api/templates/:id/autofix (the report's Use https)", () => {
  it("upgrades the http: links and images of the member's template and answers with a fresh report", async () => {
    const m = await server.member();
    const saved = await m.post("/api/templates/import", { html: EMAIL });
    expect(saved.status).toBe(201);
    const id = saved.body.data._id as string;
    expect(https(saved.body.data.report.checks)).toMatchObject({ status: "warn", autofix: "use-https" });

    const res = await m.post(`/api/templates/${id}/autofix`, { fix: "use-https" });
    expect(res.status).toBe(201);
    expect(res.body.data.html).toContain('href="https://example.com/story"');
    expect(res.body.data.html).toContain('src="https://example.com/pic.png"');
    expect(res.body.data.html).toContain('href="{{unsubscribe_url}}"');
    expect(https(res.body.data.report.checks)?.status).toBe("pass");
    // Saved as a new version (decision 126): reading it again shows the fixed email; the fixed one is as it was.
    const fixedId = res.body.data._id as string;
    expect(res.body.data).toMatchObject({ parentId: id, version: 2, credit: 0 });
    const again = await m.get(`/api/templates/${fixedId}`);
    expect(https(again.body.data.report.checks)?.status).toBe("pass");
    expect(again.body.data.html).not.toContain("http://example.com");
    expect((await m.get(`/api/templates/${id}`)).body.data.html).toContain("http://example.com/story");

    // Nothing left to fix: a clear 400, not a silent success.
    const twice = await m.post(`/api/templates/${fixedId}/autofix`, { fix: "use-https" });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(GENERATOR_MESSAGES.autofixNotOffered);
  });

  it("only the owner may fix a template; unknown fixes are refused", async () => {
    const owner = await server.member();
    const id = (await owner.post("/api/templates/import", { html: EMAIL })).body.data._id as string;
    const other = await server.member();
    expect((await other.post(`/api/templates/${id}/autofix`, { fix: "use-https" })).status).toBe(404);
    expect((await server.client().post(`/api/templates/${id}/autofix`, { fix: "use-https" })).status).toBe(401);
    expect((await owner.post(`/api/templates/${id}/autofix`, { fix: "minify" })).status).toBe(400);
    // Still unfixed after the refusals.
    const row = await owner.get(`/api/templates/${id}`);
    expect(row.body.data.html).toContain("http://example.com/story");
  });
});
