import { readFileSync } from "node:fs";
import { ZEmailCheckResponseSchema, ZEmailFixResponseSchema } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

// Check my email's fifth preview and the dark-mode fix over HTTP (decision 109).

let server: TestServer;
let member: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
});

const buttonPadding = readFileSync(new URL("./fixtures/outlook/button-padding.html", import.meta.url), "utf8");

async function width(dataUrl: string): Promise<number> {
  const m = /^data:image\/webp;base64,(.+)$/.exec(dataUrl);
  expect(m, "preview is a WebP data URL").not.toBeNull();
  return (await sharp(Buffer.from(m![1]!, "base64")).metadata()).width ?? 0;
}

describe("POST /api/email-check: the classic Outlook approximation", { timeout: 120_000 }, () => {
  it("answers the outlook preview (600 px) and the outlook-differences check in plain words", async () => {
    const res = await member.post("/api/email-check", { html: buttonPadding });
    expect(res.status).toBe(200);
    const body = ZEmailCheckResponseSchema.parse(res.body);
    expect(await width(body.report.previews!.outlook!)).toBe(600);
    const check = body.report.checks.find((c) => c.id === "outlook-differences");
    expect(check).toMatchObject({ status: "warn", title: "Classic Outlook (approximation)" });
    expect(check?.items).toContain(
      "The button loses its padding: Outlook shows a small coloured strip around the link text.",
    );
  });
});

describe('POST /api/email-fix with fixes ["dark-mode"]', { timeout: 120_000 }, () => {
  it("repairs text that vanishes in forced dark and answers the re-rendered dark previews", async () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sale</title></head><body style="margin:0">
<table role="presentation" width="375" cellpadding="0" cellspacing="0" border="0"><tr>
<td height="100" style="background-color:#cccccc;color:#555555;font-family:Arial,sans-serif;font-size:28px;font-weight:bold">Summer sale</td>
</tr></table></body></html>`;
    const res = await member.post("/api/email-fix", { html, fixes: ["dark-mode"] });
    expect(res.status).toBe(200);
    const body = ZEmailFixResponseSchema.parse(res.body);
    expect(body.changes.map((c) => c.id)).toEqual(["dark-mode.vanishing", "dark-mode.color-scheme"]);
    expect(body.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(body.report.previews?.darkForced).toMatch(/^data:image\/webp;base64,/);
    expect(body.report.previews?.dark).toMatch(/^data:image\/webp;base64,/);
  });
});
