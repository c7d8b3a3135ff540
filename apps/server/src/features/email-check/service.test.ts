import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newsletterLayout } from "../../design-reader/layout-fixture.js";
import { processEmail } from "../../email-engine/process-email.js";
import { checkEmail, type EmailCheckDeps, previewAsDataUrl } from "./service.js";

const processor: EmailCheckDeps["processor"] = { run: async (i) => processEmail(i), close: async () => {} };
const log = { error: () => {} };
const email = '<!doctype html><html lang="en"><head><title>T</title></head><body><h1>Hello</h1></body></html>';

describe("checkEmail", () => {
  it("says spam scoring is unavailable when spamd cannot answer, and keeps every other check", async () => {
    const res = await checkEmail(
      {
        processor,
        log,
        render: async () => ({ render: { available: false, reason: "off" }, checks: [] }),
        spam: {
          score: async () => {
            throw new Error("connect ECONNREFUSED 127.0.0.1:7830");
          },
        },
      },
      { html: email, sender: { address: "ann@example.com" } },
    );
    expect(res.report.checks.find((c) => c.id === "spam")).toMatchObject({
      status: "warn",
      reason: expect.stringMatching(/Spam scoring is not available/),
    });
    expect(res.report.checks.find((c) => c.id === "deliverability.unsubscribe")?.status).toBe("pass");
    expect(res.report.checks.find((c) => c.id === "size.gmail-clip")?.status).toBe("pass");
  });

  it("still answers when the renderer fails, and the report says so", async () => {
    const res = await checkEmail(
      {
        processor,
        log,
        render: async () => {
          throw new Error("browser crashed");
        },
      },
      { html: email },
    );
    expect(res.text).toContain("Hello");
    expect(res.report.render).toMatchObject({ available: false });
    expect(res.report.checks.find((c) => c.id === "render.unavailable")).toMatchObject({ status: "warn" });
  });

  it("merges the rendered checks and previews; passed means no failing check", async () => {
    const res = await checkEmail(
      {
        processor,
        log,
        render: async () => ({
          render: { available: true, widthPx: 600, heightPx: 400, mobileOverflowPx: 120 },
          checks: [{ id: "render.overflow-375", title: "Fits a phone", status: "fail", reason: "120 px too wide." }],
          previews: { desktop: "data:image/webp;base64,AAAA" },
        }),
      },
      { html: email },
    );
    expect(res.report.checks.at(-1)?.id).toBe("render.overflow-375");
    expect(res.report.passed).toBe(false);
    expect(res.report.render?.mobileOverflowPx).toBe(120);
    expect(res.report.previews?.desktop).toBe("data:image/webp;base64,AAAA");
  });

  it("scores a 600 px design on the report's desktop render; another width is rendered once more", async () => {
    const pictureOf = (width: number) =>
      sharp({ create: { width, height: 200, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer();
    const desktop = { png: await pictureOf(600), text: "Hello", widthPx: 600, heightPx: 200 };
    const renderedAt: number[] = [];
    const deps: EmailCheckDeps = {
      processor,
      log,
      render: async () => ({
        render: { available: true, widthPx: 600, heightPx: 200, mobileOverflowPx: 0 },
        checks: [],
        renders: { desktop } as never,
      }),
      renderAt: async (_html, width) => {
        renderedAt.push(width);
        return { png: await pictureOf(width), text: "Hello" };
      },
      compare: async () => ({ score: 90, parts: { structure: 90, colour: 90, text: 90 } }) as never,
    };
    const same = await checkEmail(deps, { html: email, design: await pictureOf(600) });
    expect(same.fidelity?.score).toBe(90);
    expect(renderedAt).toEqual([]);
    await checkEmail(deps, { html: email, design: await pictureOf(400) });
    expect(renderedAt).toEqual([400]);
  });

  it("cancels the mock-up's reading when the check fails, and keeps it when the check answers", async () => {
    const design = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const signals: AbortSignal[] = [];
    const readLayout: EmailCheckDeps["readLayout"] = (_design, signal) => {
      signals.push(signal);
      return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    };
    const refusing: EmailCheckDeps["processor"] = {
      run: async () => {
        throw new Error("the engine refused the email");
      },
      close: async () => {},
    };
    const render = async () => ({ render: { available: false, reason: "off" }, checks: [] });
    await expect(checkEmail({ processor: refusing, log, render, readLayout }, { html: email, design })).rejects.toThrow(
      /refused/,
    );
    expect(signals[0]?.aborted).toBe(true);

    const read = newsletterLayout();
    const answering: EmailCheckDeps["readLayout"] = async (_design, signal) => {
      signals.push(signal);
      return read;
    };
    await checkEmail({ processor, log, render, readLayout: answering }, { html: email, design });
    expect(signals[1]?.aborted).toBe(false);
  });

  it("turns a PNG into a small WebP data URL", async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#3366ff" } })
      .png()
      .toBuffer();
    const url = await previewAsDataUrl("desktop", png);
    await expect(previewAsDataUrl("thumbnail", png)).rejects.toThrow();
    // All four renders are shown on the page, forced dark included; only the thumbnail is not sent.
    await expect(previewAsDataUrl("darkForced", png)).resolves.toMatch(/^data:image\/webp;base64,/);
    expect(url.startsWith("data:image/webp;base64,")).toBe(true);
    const meta = await sharp(Buffer.from(url.split(",")[1]!, "base64")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 600, 300]);
  });
});
