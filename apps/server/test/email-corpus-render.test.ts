import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EMAIL_TYPES } from "@mailsmith/shared";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffImages } from "../src/adapters/renderer/image-diff.js";
import { createRenderer, type Renderer, type RenderResult } from "../src/adapters/renderer/renderer.js";
import { processEmail } from "../src/email-engine/index.js";
import { DESKTOP_WIDTH, MOBILE_WIDTH, OVERFLOW_TOLERANCE_PX, renderReport } from "../src/email-engine/render-report.js";
import { loadEnv } from "../src/env.js";
import { standInEmail } from "../stand-ins/gemini.js";
import { corpusManifest, loadCorpus } from "./fixtures/email-corpus/load.js";
import { missingWords } from "./fixtures/email-corpus/visible-text.js";

/**
 * Regression corpus (issue 10 item 8), the render part: each of the 46 real templates is rendered before and after
 * processEmail(…, "existing") with the real renderer at 600 px and 375 px. The processed page must look the same
 * (pixel diff within MAX_MISMATCH after forgiving shifts of a few pixels) and must not stick out sideways on a phone
 * more than the original does. One renderer for the file; the renderer bounds concurrency itself (2 pages), remote
 * images are refused by it, so both versions show the same broken-image boxes.
 *
 * CORPUS_RENDER_DIR=<folder> writes the before/after PNGs there for a person to look at.
 */

/**
 * Largest share of differing pixels tolerated (after the shift allowance below). Measured on this corpus: a page
 * rendered twice differs by 0; a processed page that keeps its layout differs by well under 1 % (anti-aliasing,
 * a line breaking one word earlier); damage a reader notices (a lost <style> block: colours, fonts, stacking) starts
 * at several percent. See the figures in fixtures/email-corpus/README.md.
 */
const MAX_MISMATCH = 0.01;
/** Tiny shifts forgiven: the whole page moved down or up by up to this many pixels (e.g. a hidden preheader's line). */
const MAX_SHIFT_PX = 4;

const manifest = corpusManifest();
const log = pino({ level: "silent" });
let renderer: Renderer;
const dump = process.env.CORPUS_RENDER_DIR;

interface Measured {
  before: RenderResult;
  after: RenderResult;
  mismatch: number;
  shift: number;
}
const results = new Map<string, Record<number, Measured>>();

/** Moves a picture up by dy pixels (dy < 0: down), padding with white. */
async function shiftUp(png: Buffer, dy: number): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (dy === 0 || h <= Math.abs(dy)) return png;
  if (dy > 0)
    return sharp(png)
      .extract({ left: 0, top: dy, width: w, height: h - dy })
      .png()
      .toBuffer();
  return sharp(png)
    .extend({ top: -dy, background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .png()
    .toBuffer();
}

/** Smallest mismatch over vertical shifts of up to MAX_SHIFT_PX (a page that only moved is the same page). */
async function shiftTolerantDiff(a: Buffer, b: Buffer): Promise<{ mismatch: number; shift: number }> {
  let best = { mismatch: (await diffImages(a, b)).mismatchRatio, shift: 0 };
  for (let dy = -MAX_SHIFT_PX; dy <= MAX_SHIFT_PX && best.mismatch > 0; dy++) {
    if (dy === 0) continue;
    const m = (await diffImages(a, await shiftUp(b, dy))).mismatchRatio;
    if (m < best.mismatch) best = { mismatch: m, shift: dy };
  }
  return best;
}

beforeAll(async () => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log });
  const corpus = await loadCorpus();
  if (dump) mkdirSync(dump, { recursive: true });
  // Templates one after another, their four renders at once: the renderer runs two pages at a time.
  for (const t of corpus) {
    const processed = processEmail({ html: t.html, source: "existing" }).html;
    const byWidth: Record<number, Measured> = {};
    await Promise.all(
      [DESKTOP_WIDTH, MOBILE_WIDTH].map(async (width) => {
        const [before, after] = await Promise.all([
          renderer.render({ html: t.html, width }),
          renderer.render({ html: processed, width }),
        ]);
        const { mismatch, shift } = await shiftTolerantDiff(before.png, after.png);
        byWidth[width] = { before, after, mismatch, shift };
        if (dump) {
          writeFileSync(path.join(dump, `${t.id}-${width}-before.png`), before.png);
          writeFileSync(path.join(dump, `${t.id}-${width}-after.png`), after.png);
        }
      }),
    );
    results.set(t.id, byWidth);
  }
}, 600_000);

afterAll(async () => {
  await renderer?.close();
  if (results.size === 0) return;
  const all = [...results.values()].flatMap((r) => [r[DESKTOP_WIDTH]!.mismatch, r[MOBILE_WIDTH]!.mismatch]);
  all.sort((a, b) => a - b);
  const q = (p: number) => (all[Math.min(all.length - 1, Math.floor(p * all.length))]! * 100).toFixed(2);
  console.info(
    `corpus render diff over ${all.length} pages: p50 ${q(0.5)} %, p90 ${q(0.9)} %, max ${q(1)} %; ` +
      `over ${MAX_MISMATCH * 100} %: ${all.filter((m) => m > MAX_MISMATCH).length}`,
  );
  if (process.env.CORPUS_RENDER_REPORT) {
    const rows = [...results.entries()].map(([id, r]) => ({
      id,
      desktop: r[DESKTOP_WIDTH]!.mismatch,
      desktopShift: r[DESKTOP_WIDTH]!.shift,
      mobile: r[MOBILE_WIDTH]!.mismatch,
      mobileShift: r[MOBILE_WIDTH]!.shift,
      overflowBefore: r[MOBILE_WIDTH]!.before.overflowPx,
      overflowAfter: r[MOBILE_WIDTH]!.after.overflowPx,
    }));
    writeFileSync(process.env.CORPUS_RENDER_REPORT, JSON.stringify(rows, null, 2));
  }
});

describe("a processed real template renders like the original", () => {
  const pct = (m: number) => `${(m * 100).toFixed(2)} %`;

  it.each(manifest.map((t) => t.id))("%s at 600 px and 375 px: same picture, same words, fits a phone", (id) => {
    const r = results.get(id);
    expect(r, `${id} was not rendered`).toBeDefined();
    for (const width of [DESKTOP_WIDTH, MOBILE_WIDTH]) {
      const m = r![width]!;
      expect.soft(m.before.heightPx, `${id} rendered empty at ${width} px`).toBeGreaterThan(50);
      expect
        .soft(pct(m.mismatch), `${id} at ${width} px differs from the original`)
        .toBe(m.mismatch <= MAX_MISMATCH ? pct(m.mismatch) : `at most ${pct(MAX_MISMATCH)}`);
    }
    for (const width of [DESKTOP_WIDTH, MOBILE_WIDTH]) {
      // The browser's own idea of visible text (innerText), as a second opinion on email-corpus.test.ts.
      const m = r![width]!;
      expect
        .soft(missingWords(m.before.text, m.after.text), `${id}: words not shown any more at ${width} px`)
        .toEqual([]);
    }
    const phone = r![MOBILE_WIDTH]!;
    expect
      .soft(phone.after.overflowPx, `${id} sticks out sideways at 375 px`)
      .toBeLessThanOrEqual(phone.before.overflowPx + OVERFLOW_TOLERANCE_PX);
  });
});

describe("a Gemini stand-in answer also passes the rendered checks", () => {
  it.each(EMAIL_TYPES.slice(0, 3))("%s: fits a phone, sensible height, no render warning", async (emailType) => {
    const answer = standInEmail({ emailType, instructions: "Use a blue header.", images: 1 });
    const processed = processEmail({
      html: answer.html,
      subject: answer.subject,
      preheader: answer.preheader,
      source: "generated",
    });
    const outcome = await renderReport(renderer, processed.html);
    expect(outcome.render.available).toBe(true);
    // What classic Outlook draws differently (square corners, no padding on a <p>…) is an approximation reported as
    // a warning for the member, never a fault of the email: it may be there, and never fails.
    const notPassing = outcome.checks.filter((c) => c.status !== "pass");
    expect(notPassing.filter((c) => c.id !== "outlook-differences").map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    expect(notPassing.filter((c) => c.status === "fail").map((c) => c.id)).toEqual([]);
  });
});
