import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES, ZEmailCheckResponseSchema } from "@mailsmith/shared";
import * as cheerio from "cheerio";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Check my email with a design: the optional multipart file `design` is content-sniffed and
 * size-limited like the generator's uploads; the email is rendered at the design's width and scored against it.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
/** A real MJML template (three columns), compiled with the mjml package. */
const multiColumn = readFileSync(path.join(here, "fixtures/email-check/multi-column.html"), "utf8");

let server: TestServer;
let member: TestClient;
/** The fixture as it renders at 600 px: what its designer's mock-up would look like. */
let design: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.member();
  design = (await server.ctx.renderer.render({ html: multiColumn, width: 600 })).png;
});
afterAll(async () => {
  await server?.close();
});

function form(html: string, file?: { bytes: Buffer | string; type?: string; name?: string; asText?: boolean }) {
  const fd = new FormData();
  fd.append("html", html);
  if (file?.asText) fd.append("design", String(file.bytes));
  else if (file)
    fd.append(
      "design",
      new Blob([new Uint8Array(Buffer.from(file.bytes))], { type: file.type ?? "image/png" }),
      file.name ?? "design.png",
    );
  return fd;
}

const check = (fd: FormData) => member.request("POST", "/api/email-check", fd);

describe("POST /api/email-check with a design image", () => {
  it("scores the email against its own design near the top, with its parts and the rendering to compare", async () => {
    const res = await check(form(multiColumn, { bytes: design }));
    expect(res.status).toBe(200);
    const body = ZEmailCheckResponseSchema.parse(res.body);
    expect(body.fidelity?.score).toBeGreaterThanOrEqual(95);
    expect(body.fidelity?.parts.structure).toBeGreaterThanOrEqual(95);
    // The mock-up's words are read (decision 155) and found in the email.
    expect(body.fidelity?.parts.text).toBeGreaterThanOrEqual(90);
    const rendered = body.fidelity?.rendered ?? "";
    expect(rendered).toMatch(/^data:image\/webp;base64,/);
    expect((await sharp(Buffer.from(rendered.split(",")[1]!, "base64")).metadata()).width).toBe(600);
  });

  it("reads the mock-up's words: the same layout with other words scores far lower (decision 155)", async () => {
    // Every word of the email's text turned into another of the same length: the layout stays, the words do not.
    const $ = cheerio.load(multiColumn);
    $("body *")
      .not("style, script")
      .contents()
      .filter((_i, n) => n.type === "text")
      .each((_i, n) => {
        const t = n as unknown as { data: string };
        t.data = t.data.replace(/[a-z]/gi, "x");
      });
    const otherWords = $.html();
    const same = ZEmailCheckResponseSchema.parse((await check(form(multiColumn, { bytes: design }))).body);
    const res = await check(form(otherWords, { bytes: design }));
    expect(res.status).toBe(200);
    const other = ZEmailCheckResponseSchema.parse(res.body);
    expect(other.fidelity?.parts.structure).toBeGreaterThanOrEqual(70);
    expect(other.fidelity?.parts.text).toBeLessThan(20);
    // Scored on pictures alone, the two were a few points apart: a person sees two different emails.
    expect(other.fidelity!.score).toBeLessThan(same.fidelity!.score - 40);
  });

  it("scores it low against another design, and renders at the design's width (a @2x JPEG is halved)", async () => {
    const other = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: "#111827" } })
      .composite([
        {
          input: await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#f97316" } })
            .png()
            .toBuffer(),
          left: 100,
          top: 200,
        },
      ])
      .jpeg()
      .toBuffer();
    const res = await check(form(multiColumn, { bytes: other, type: "image/jpeg", name: "mockup@2x.jpg" }));
    expect(res.status).toBe(200);
    expect(res.body.fidelity.score).toBeLessThan(40);
    const rendered = Buffer.from(res.body.fidelity.rendered.split(",")[1], "base64");
    expect((await sharp(rendered).metadata()).width).toBe(600);
    // A check without a design answers no fidelity at all.
    const plain = await check(form(multiColumn));
    expect(plain.status).toBe(200);
    expect(plain.body.fidelity).toBeUndefined();
  });

  it("refuses what is not an image by its content, whatever its name and declared type", async () => {
    for (const file of [
      { bytes: "<html>not a picture</html>", type: "image/png", name: "design.png" },
      { bytes: "%PDF-1.4 not a picture", type: "image/png", name: "design.png" },
      { bytes: "a text field", asText: true },
    ]) {
      const res = await check(form(multiColumn, file));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(EMAIL_CHECK_MESSAGES.designType);
    }
    // A PNG signature on a broken body is refused too.
    const broken = Buffer.concat([design.subarray(0, 64), Buffer.alloc(200)]);
    const res = await check(form(multiColumn, { bytes: broken }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(EMAIL_CHECK_MESSAGES.designUnreadable);
  });

  it("answers 413 with the design's own message above the generator's image limit", async () => {
    const big = Buffer.concat([design, Buffer.alloc(EMAIL_CHECK_LIMITS.maxDesignBytes)]);
    const res = await check(form(multiColumn, { bytes: big }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(EMAIL_CHECK_MESSAGES.designTooLarge);
  });

  it("stops reading the mock-up when the member's request goes away", async () => {
    const signals: AbortSignal[] = [];
    const spy = vi.spyOn(server.ctx.designReader, "read").mockImplementation(
      (_image, opts) =>
        new Promise((_resolve, reject) => {
          const signal = opts?.signal;
          if (!signal) return reject(new Error("read without a signal"));
          signals.push(signal);
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    );
    try {
      const leaving = new AbortController();
      const asked = member.request("POST", "/api/email-check", form(multiColumn, { bytes: design }), {
        signal: leaving.signal,
      });
      await vi.waitFor(() => expect(signals).toHaveLength(1), { timeout: 30_000 });
      expect(signals[0]?.aborted).toBe(false);
      leaving.abort();
      await expect(asked).rejects.toThrow();
      await vi.waitFor(() => expect(signals[0]?.aborted).toBe(true), { timeout: 30_000 });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("with no rendering browser", () => {
  it("still checks the email and says the closeness could not be measured (fidelity null)", async () => {
    const off = await startTestServer({ env: { RENDERER: "off" } });
    try {
      const m = await off.member();
      const res = await m.request("POST", "/api/email-check", form(multiColumn, { bytes: design }));
      expect(res.status).toBe(200);
      expect(res.body.fidelity).toBeNull();
      expect(res.body.report.checks.length).toBeGreaterThan(0);
    } finally {
      await off.close();
    }
  });
});
