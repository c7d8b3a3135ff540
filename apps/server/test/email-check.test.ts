import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES, ZEmailCheckResponseSchema } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

const here = path.dirname(fileURLToPath(import.meta.url));
/** A real MJML template (three columns that stack below 480 px), compiled with the mjml package. */
const multiColumn = readFileSync(path.join(here, "fixtures/email-check/multi-column.html"), "utf8");

let server: TestServer;
let member: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
});

function htmlForm(html: string | Buffer, opts: { asFile?: boolean; fileName?: string; type?: string } = {}) {
  const fd = new FormData();
  if (opts.asFile || Buffer.isBuffer(html)) {
    const bytes = Buffer.isBuffer(html) ? html : Buffer.from(html);
    fd.append(
      "html",
      new Blob([new Uint8Array(bytes)], { type: opts.type ?? "text/html" }),
      opts.fileName ?? "email.html",
    );
  } else {
    fd.append("html", html);
  }
  return fd;
}

/** Width and height of a data: URL picture. */
async function size(dataUrl: string) {
  const m = /^data:image\/webp;base64,(.+)$/.exec(dataUrl);
  expect(m, "preview is a WebP data URL").not.toBeNull();
  const meta = await sharp(Buffer.from(m![1]!, "base64")).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** The three column backgrounds of the fixture (blue, yellow, green). */
const COLUMN_COLOURS = [
  [0xe0, 0xf2, 0xfe],
  [0xfe, 0xf3, 0xc7],
  [0xdc, 0xfc, 0xe7],
] as const;

/**
 * Where each column background shows in a preview: its first and last row, and its widest run on one row.
 * Side by side columns share rows; stacked columns follow one another and each spans most of the width.
 */
async function columnBands(dataUrl: string, minRunShare: number) {
  const { data, info } = await sharp(Buffer.from(dataUrl.split(",")[1]!, "base64"))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return COLUMN_COLOURS.map((rgb) => {
    let top = -1;
    let bottom = -1;
    let widest = 0;
    for (let y = 0; y < info.height; y++) {
      let run = 0;
      let best = 0;
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * 3;
        run = rgb.every((c, k) => Math.abs(data[i + k]! - c) <= 6) ? run + 1 : 0;
        best = Math.max(best, run);
      }
      // A row belongs to a column's band when the colour runs across minRunShare of the width (not a colour fringe).
      if (best >= minRunShare * info.width) {
        if (top < 0) top = y;
        bottom = y;
      }
      widest = Math.max(widest, best);
    }
    return { top, bottom, widest, width: info.width };
  });
}

describe("POST /api/email-check", () => {
  it("is documented in the OpenAPI description with its tag and body", async () => {
    const docs = await server.client().get("/api/docs/json");
    expect(docs.status).toBe(200);
    const op = docs.body.paths["/api/email-check"]?.post;
    expect(op?.tags).toEqual(["email-check"]);
    expect(JSON.stringify(op?.requestBody ?? {})).toContain("html");
    expect(docs.body.paths["/api/templates/import"]?.post?.tags).toEqual(["generator"]);
  });

  it("refuses visitors who are not signed in", async () => {
    const res = await server.client().post("/api/email-check", { html: multiColumn });
    expect(res.status).toBe(401);
  });

  it("checks a pasted multi-column MJML email: keeps its @media rule, answers text, report and previews", async () => {
    const res = await member.post("/api/email-check", { html: multiColumn });
    expect(res.status).toBe(200);
    const body = ZEmailCheckResponseSchema.parse(res.body);
    // The mobile stacking rule and the column classes survive processing.
    expect(body.html).toMatch(/@media only screen and \(min-width:\s*480px\)/);
    expect(body.html).toContain("mj-column-per-33-33");
    // Every visible word is still there, in the HTML and in the plain text.
    for (const words of ["Linen shirt", "Canvas jacket", "Wool scarf", "Unsubscribe from these emails"]) {
      expect(body.html).toContain(words);
      expect(body.text.replace(/\s+/g, " ")).toContain(words);
    }
    expect(body.report.checks.length).toBeGreaterThan(3);
    for (const c of body.report.checks) expect(c.reason.length).toBeGreaterThan(0);
    expect(body.report.passed).toBe(!body.report.checks.some((c) => c.status === "fail"));
    expect(body.report.sizeBytes).toBeGreaterThan(1000);

    // Rendered: desktop 600 px, phone 375 px, dark; the phone picture is taller because the columns stack.
    expect(body.report.render).toMatchObject({ available: true });
    const previews = body.report.previews!;
    const desktop = await size(previews.desktop!);
    const mobile = await size(previews.mobile!);
    expect(desktop.width).toBe(600);
    expect(mobile.width).toBe(375);
    await size(previews.dark!);
    expect(mobile.height).toBeGreaterThan(desktop.height * 1.3);
    // Desktop: the three columns side by side (they share rows). Phone: one below the other, each nearly full width.
    const wide = await columnBands(previews.desktop!, 0.2);
    for (const b of wide) expect(b.top).toBeGreaterThanOrEqual(0);
    for (const b of wide) {
      expect(Math.abs(b.top - wide[0]!.top)).toBeLessThanOrEqual(4);
      expect(b.widest).toBeLessThan(b.width * 0.4);
    }
    const phone = await columnBands(previews.mobile!, 0.6);
    expect(phone[0]!.bottom).toBeLessThan(phone[1]!.top);
    expect(phone[1]!.bottom).toBeLessThan(phone[2]!.top);
    for (const b of phone) expect(b.top).toBeGreaterThanOrEqual(0);
  });

  it("accepts multipart: html as a text field and as an uploaded .html file", async () => {
    const small =
      '<!doctype html><html lang="en"><head><title>Hi</title></head><body><p>Hello from a file</p></body></html>';
    const asField = await member.request("POST", "/api/email-check", htmlForm(small));
    expect(asField.status).toBe(200);
    expect(asField.body.text).toContain("Hello from a file");
    const asFile = await member.request("POST", "/api/email-check", htmlForm(small, { asFile: true }));
    expect(asFile.status).toBe(200);
    expect(asFile.body.html).toContain("Hello from a file");
    expect(asFile.body.report.checks.length).toBeGreaterThan(0);
  });

  it("answers 413 with a message above 500 KB (JSON, text field and file)", async () => {
    const big = `<html><body><p>${"a".repeat(EMAIL_CHECK_LIMITS.maxHtmlBytes)}</p></body></html>`;
    const json = await member.post("/api/email-check", { html: big });
    expect(json.status).toBe(413);
    expect(json.body.message).toBe(EMAIL_CHECK_MESSAGES.tooLarge);
    const field = await member.request("POST", "/api/email-check", htmlForm(big));
    expect(field.status).toBe(413);
    expect(field.body.message).toBe(EMAIL_CHECK_MESSAGES.tooLarge);
    const file = await member.request("POST", "/api/email-check", htmlForm(big, { asFile: true }));
    expect(file.status).toBe(413);
    expect(file.body.message).toBe(EMAIL_CHECK_MESSAGES.tooLarge);
    // Exactly 500 KB is still fine.
    const exact = `<p>x</p>${" ".repeat(EMAIL_CHECK_LIMITS.maxHtmlBytes - 8)}`;
    expect(Buffer.byteLength(exact)).toBe(EMAIL_CHECK_LIMITS.maxHtmlBytes);
    const ok = await member.post("/api/email-check", { html: exact });
    expect(ok.status).toBe(200);
  });

  it("answers 400 with a message for what is not HTML", async () => {
    const text = await member.post("/api/email-check", { html: "Just some words, no markup at all." });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(EMAIL_CHECK_MESSAGES.notHtml);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const renamed = await member.request(
      "POST",
      "/api/email-check",
      htmlForm(png, { fileName: "email.html", type: "text/html" }),
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(EMAIL_CHECK_MESSAGES.binary);
    const empty = await member.post("/api/email-check", { html: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(EMAIL_CHECK_MESSAGES.htmlRequired);
    const missing = await member.post("/api/email-check", {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(EMAIL_CHECK_MESSAGES.htmlRequired);
  });

  it("is rate-limited per member: the 31st check in 10 minutes answers 429 with a message", async () => {
    const busy = await server.member();
    for (let i = 0; i < EMAIL_CHECK_LIMITS.rateMax; i++) {
      // Refused inputs count too (cheap to send); each one is answered, none is limited yet.
      const res = await busy.post("/api/email-check", { html: "no tags" });
      expect(res.status).toBe(400);
    }
    const limited = await busy.post("/api/email-check", { html: multiColumn });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(EMAIL_CHECK_MESSAGES.rateLimited);
    // Another member is not affected.
    const other = await server.member();
    expect((await other.post("/api/email-check", { html: "<p>Hello</p>" })).status).toBe(200);
  });
});

describe("POST /api/templates/import (Fix with AI, first step)", () => {
  it("saves the email as the member's template, version 1, free, named after its main heading", async () => {
    const m = await server.member();
    const before = (await m.get("/api/me")).body.user.currentBalance;
    const res = await m.post("/api/templates/import", { html: multiColumn });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ version: 1, credit: 0, parentId: null });
    expect(res.body.data.html).toContain("Canvas jacket");
    const row = await server.ctx.db.query.generations.findFirst({
      where: (g, { eq }) => eq(g.id, res.body.data._id),
    });
    expect(row?.name).toBe("Spring collection is here");
    // Rendered like any template: stored previews on its page and a thumbnail for the history.
    expect(row?.thumbnailUrl).toBeTruthy();
    expect(res.body.data.report.render).toMatchObject({ available: true });
    const stored = res.body.data.report.previews?.mobile as string;
    expect(stored).toMatch(/\.webp$/);
    const picture = await fetch(new URL(stored, server.url));
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    const after = (await m.get("/api/me")).body.user.currentBalance;
    expect(after).toBe(before);
    // It is an ordinary template of this member (and nobody else's).
    expect((await m.get(`/api/templates/${res.body.data._id}`)).status).toBe(200);
    const other = await server.member();
    expect((await other.get(`/api/templates/${res.body.data._id}`)).status).toBe(404);
  });

  it("applies the same input rules as a check and needs a signed-in member", async () => {
    expect((await server.client().post("/api/templates/import", { html: multiColumn })).status).toBe(401);
    const big = `<p>${"a".repeat(EMAIL_CHECK_LIMITS.maxHtmlBytes)}</p>`;
    const tooBig = await member.post("/api/templates/import", { html: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(EMAIL_CHECK_MESSAGES.tooLarge);
    const notHtml = await member.post("/api/templates/import", { html: "plain words" });
    expect(notHtml.status).toBe(400);
    expect(notHtml.body.message).toBe(EMAIL_CHECK_MESSAGES.notHtml);
  });
});

describe("POST /api/email-check without a browser (RENDERER=off)", () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ env: { RENDERER: "off" } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it("still answers with the processed email, and the report says it was not rendered", async () => {
    const m = await off.member();
    const res = await m.post("/api/email-check", { html: multiColumn });
    expect(res.status).toBe(200);
    const body = ZEmailCheckResponseSchema.parse(res.body);
    expect(body.text.replace(/\s+/g, " ")).toContain("Wool scarf");
    expect(body.report.render).toMatchObject({ available: false });
    expect(body.report.previews?.desktop).toBeUndefined();
    expect(body.report.checks.find((c) => c.id === "render.unavailable")).toMatchObject({ status: "warn" });
  });
});
