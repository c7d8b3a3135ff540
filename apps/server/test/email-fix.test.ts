import {
  autofixOf,
  EMAIL_CHECK_LIMITS,
  EMAIL_REPORT_UI,
  ZEmailCheckResponseSchema,
  ZEmailFixResponseSchema,
} from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/** POST /api/email-fix (decision 108): the one-click fixes of Check my email. */
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

/** A link written without a scheme and a content picture without alt text: the other two lines with a fix. */
const LOOSE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Summer</title></head><body>
<table role="presentation" width="600"><tr><td><h1>Summer sale</h1>
<p>Everything in the shop is half price this week. <a href="example.com/shop">Visit the shop</a> today.</p>
<img src="https://example.com/img/summer-sale.png" width="560">
<img src="https://example.com/img/8f3a2b1c9d.png" width="560"></td></tr></table></body></html>`;

describe("POST /api/email-fix: every fix a template's report has (issue 45 item 2, decision 133)", () => {
  it("Use https writes the scheme in, and the report no longer offers it", async () => {
    const checked = ZEmailCheckResponseSchema.parse((await member.post("/api/email-check", { html: LOOSE })).body);
    const line = checked.report.checks.find((c) => c.id === "links.no-scheme");
    expect(line && autofixOf(line)).toBe("use-https");

    const res = await member.post("/api/email-fix", { html: checked.html, fixes: ["use-https"] });
    expect(res.status).toBe(200);
    const body = ZEmailFixResponseSchema.parse(res.body);
    expect(body.html).toContain('href="https://example.com/shop"');
    expect(body.report.checks.find((c) => c.id === "links.no-scheme")).toBeUndefined();
    expect(body.report.checks.some((c) => autofixOf(c) === "use-https")).toBe(false);
    expect(body.text).toContain("https://example.com/shop");
  });

  it("lists the pictures waiting for alt text with a suggestion, and writes in only what the member sent", async () => {
    const checked = ZEmailCheckResponseSchema.parse((await member.post("/api/email-check", { html: LOOSE })).body);
    // The file name gives words for the first picture; the second's name is a hash: no suggestion, nothing invented.
    expect(checked.altPictures).toEqual([
      { id: "image-0", src: "https://example.com/img/summer-sale.png", suggestion: "Summer sale" },
      { id: "image-1", src: "https://example.com/img/8f3a2b1c9d.png" },
    ]);
    expect(checked.report.checks.find((c) => c.id === "a11y.alt")?.status).toBe("fail");

    const one = ZEmailFixResponseSchema.parse(
      (
        await member.post("/api/email-fix", {
          html: checked.html,
          fixes: ["alt-text"],
          alts: [
            { id: "image-0", alt: "Dresses on a rail" },
            { id: "image-1", alt: "  " },
          ],
        })
      ).body,
    );
    expect(one.html).toMatch(/<img[^>]*alt="Dresses on a rail"/);
    expect(one.html).not.toMatch(/8f3a2b1c9d\.png"[^>]*alt=/);
    expect(one.altPictures).toEqual([{ id: "image-1", src: "https://example.com/img/8f3a2b1c9d.png" }]);
    expect(one.report.checks.find((c) => c.id === "a11y.alt")?.status).toBe("fail");

    const both = ZEmailFixResponseSchema.parse(
      (
        await member.post("/api/email-fix", {
          html: one.html,
          fixes: ["alt-text"],
          alts: [{ id: "image-1", alt: "Our shop window" }],
        })
      ).body,
    );
    expect(both.altPictures).toEqual([]);
    expect(both.report.checks.find((c) => c.id === "a11y.alt")?.status).toBe("pass");
  });

  it("refuses alt texts that are missing, empty or for a picture the email does not have (400, a message)", async () => {
    const none = await member.post("/api/email-fix", { html: LOOSE, fixes: ["alt-text"] });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain(EMAIL_REPORT_UI.altRequired);
    const blank = await member.post("/api/email-fix", {
      html: LOOSE,
      fixes: ["alt-text"],
      alts: [{ id: "image-0", alt: " " }],
    });
    expect(blank.status).toBe(400);
    const unknown = await member.post("/api/email-fix", {
      html: LOOSE,
      fixes: ["alt-text"],
      alts: [{ id: "image-7", alt: "A picture" }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("EDIT_REFUSED");
    const notAPart = await member.post("/api/email-fix", {
      html: LOOSE,
      fixes: ["alt-text"],
      alts: [{ id: "../etc", alt: "A picture" }],
    });
    expect(notAPart.status).toBe(400);
    const tooLong = await member.post("/api/email-fix", {
      html: LOOSE,
      fixes: ["alt-text"],
      alts: [{ id: "image-0", alt: "x".repeat(301) }],
    });
    expect(tooLong.status).toBe(400);
  });
});
