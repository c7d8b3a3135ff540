import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import type { AppContext } from "../src/context.js";
import { analyseFidelity, compareWithDesign, findBands, visualSimilarity } from "../src/email-engine/fidelity/index.js";
import { bottomColour, toRaster } from "../src/email-engine/fidelity/normalise.js";
import { renderReport } from "../src/email-engine/render-report.js";
import { loadEnv } from "../src/env.js";
import { renderEmail, scoreAgainstDesign } from "../src/features/generator/jobs/scoring.js";
import { standInEmail } from "../stand-ins/gemini.js";
import { inlineImages } from "./fidelity-helpers.js";
import { loadCorpus } from "./fixtures/email-corpus/load.js";

/**
 * The score orders results as the outside judges' visual measure does (issue 43 item 4; decision 145), and compares
 * the words a person sees in the email.
 *
 * Ranking: for five corpus templates of five sources, the 600 px rendering is the design, with its visible
 * words as the reader would give them, and these results are scored against it:
 *   identical   the same picture
 *   shifted     the design's middle section 20 px lower (20 px of background above it)
 *   recoloured  the middle section's colours turned 150° in hue
 *   missing     the middle section cut out
 *   floor       the Gemini stand-in's canned email (an email that ignores the design)
 * For each template, wherever the visual measure (8 × 8 px blocks at 600 px, ±16 px) puts one of the related results
 * clearly above another (by more than NEAR), the score must too, and over all of them Spearman's rank correlation
 * must reach 0.95 (0.92 before). The floor scores below every related result, even where the visual measure puts a
 * design with a large section missing below it (it counts the background two emails share as alike; the words tell a
 * person they are different emails: decision 123's gate). On the SSIM-only structure part (before decision 145) a
 * design with its middle section cut out scored 91 and the same design with that section 20 px lower 78
 * (covalent-workshop), which the visual measure (0.61 and 0.92) and a person rank the other way.
 */
const IDS = [
  "foundation-sidebar-hero",
  "covalent-workshop",
  "mailgen-salted-receipt",
  "react-email-stripe-welcome",
  "postmark-basic-full-trial-expired",
];
/** Visual measures closer than this are a tie: their order is not asserted. */
const NEAR = 0.01;
const VARIANTS = ["identical", "shifted", "recoloured", "missing", "floor"] as const;
type Variant = (typeof VARIANTS)[number];

const log = pino({ level: "silent" });
let renderer: Renderer;
const rows: { id: string; variant: Variant; visual: number; score: number }[] = [];

async function rgb(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function fromRgb(data: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The picture with `gap` rows of its background colour inserted at row `at`. */
async function shift(png: Buffer, at: number, gap: number): Promise<Buffer> {
  const r = await rgb(png);
  const [br, bg, bb] = bottomColour(r);
  const row = r.width * 3;
  const filler = Buffer.alloc(gap * row);
  for (let i = 0; i < filler.length; i += 3) filler.set([br, bg, bb], i);
  const out = Buffer.concat([r.data.subarray(0, at * row), filler, r.data.subarray(at * row)]);
  return fromRgb(out, r.width, r.height + gap);
}

/** The picture without rows [top, bottom). */
async function cut(png: Buffer, top: number, bottom: number): Promise<Buffer> {
  const r = await rgb(png);
  const row = r.width * 3;
  const out = Buffer.concat([r.data.subarray(0, top * row), r.data.subarray(bottom * row)]);
  return fromRgb(out, r.width, r.height - (bottom - top));
}

/** The picture with rows [top, bottom) turned 150° in hue. */
async function recolour(png: Buffer, top: number, bottom: number): Promise<Buffer> {
  const { width } = await sharp(png).metadata();
  const band = await sharp(png)
    .extract({ left: 0, top, width: width!, height: bottom - top })
    .modulate({ hue: 150 })
    .png()
    .toBuffer();
  return sharp(png)
    .composite([{ input: band, left: 0, top }])
    .png()
    .toBuffer();
}

beforeAll(async () => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log });
  const corpus = (await loadCorpus()).filter((t) => IDS.includes(t.id));
  const canned = standInEmail({ emailType: "Promotional Email Templates", instructions: "", images: 0 });
  const floor = await renderer.render({ html: canned.html, width: 600, visibleText: true });
  for (const t of corpus) {
    const design = await renderer.render({ html: await inlineImages(t.html), width: 600, visibleText: true });
    const text = design.visibleText ?? "";
    // The middle one of the design's sections, in the 600 px picture's rows.
    const raster = await toRaster(design.png);
    const bands = findBands(raster);
    const band = bands[Math.floor(bands.length / 2)]!;
    const scale = (await sharp(design.png).metadata()).height! / raster.height;
    const [top, bottom] = [Math.round(band.top * scale), Math.round(band.bottom * scale)];
    const results: Record<Variant, { png: Buffer; text: string }> = {
      identical: { png: design.png, text },
      shifted: { png: await shift(design.png, top, 20), text },
      recoloured: { png: await recolour(design.png, top, bottom), text },
      missing: { png: await cut(design.png, top, bottom), text },
      floor: { png: floor.png, text: floor.visibleText ?? "" },
    };
    for (const variant of VARIANTS) {
      const r = results[variant];
      const [visual, a] = await Promise.all([
        visualSimilarity(design.png, r.png, 600),
        analyseFidelity({ design: design.png, rendered: r.png, designText: text, renderedText: r.text }),
      ]);
      rows.push({ id: t.id, variant, visual: visual.all, score: a.score });
    }
  }
}, 600_000);

afterAll(async () => {
  await renderer?.close();
  if (process.env.FIDELITY_RANKING) console.log(JSON.stringify(rows));
});

/** Spearman's rank correlation (ties share their mean rank). */
function spearman(xs: number[], ys: number[]): number {
  const rank = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const out = new Array<number>(v.length);
    for (let i = 0; i < order.length; ) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2;
      i = j + 1;
    }
    return out;
  };
  const [a, b] = [rank(xs), rank(ys)];
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

describe("the score ranks results as the visual measure does", () => {
  it("keeps the visual measure's order of each template's related results, and puts the floor below them", () => {
    expect(rows.length).toBe(IDS.length * VARIANTS.length);
    for (const id of IDS) {
      const mine = rows.filter((r) => r.id === id && r.variant !== "floor");
      const floor = rows.find((r) => r.id === id && r.variant === "floor")!;
      for (const a of mine) expect(a.score, `${id}: ${a.variant} above the floor`).toBeGreaterThan(floor.score);
      for (const a of mine)
        for (const b of mine)
          if (a.visual > b.visual + NEAR)
            expect(a.score, `${id}: ${a.variant} (visual ${a.visual.toFixed(3)}) above ${b.variant}`).toBeGreaterThan(
              b.score,
            );
    }
  });

  it("correlates with it over the related results (Spearman ≥ 0.95)", () => {
    const related = rows.filter((r) => r.variant !== "floor");
    expect(
      spearman(
        related.map((r) => r.score),
        related.map((r) => r.visual),
      ),
    ).toBeGreaterThanOrEqual(0.95);
  });
});

describe("the words the score compares", () => {
  /** An email, with or without a preheader hidden as Cerberus hides it (a box of no height, overflow hidden). */
  const html = (preheader: boolean) => `<!doctype html><html><body style="margin:0;background:#ffffff">
${preheader ? '<div style="max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">Last chance: our biggest sale of the year ends tonight, with free shipping on every order</div>' : ""}
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="font-family:Arial,sans-serif">
<tr><td style="background:#1d4ed8;color:#ffffff;padding:24px;font-size:28px">Spring news from the garden</td></tr>
<tr><td style="padding:24px;font-size:16px;color:#333333">Our seedlings are ready. Come and choose yours before the weekend, while the tomatoes and the basil last.</td></tr>
<tr><td style="padding:24px"><a href="https://example.com" style="background:#dc2626;color:#ffffff;padding:12px 24px;text-decoration:none">Visit the shop</a></td></tr>
</table></body></html>`;

  it("does not score an email with a hidden preheader differently from the same email without it", async () => {
    const ctx = { renderer, log } as unknown as AppContext;
    const design = await renderer.render({ html: html(false), width: 600, visibleText: true });
    const layout = { text: design.visibleText ?? "", sections: [] } as never;
    const score = (rendered: NonNullable<Awaited<ReturnType<typeof renderEmail>>>, source: string) =>
      scoreAgainstDesign(design.png, rendered, undefined, (w) => renderEmail(ctx, source, w), compareWithDesign, {
        designLayout: layout,
      });
    const [plain, hidden] = await Promise.all([renderEmail(ctx, html(false)), renderEmail(ctx, html(true))]);
    // The preheader takes no room: both pictures are the same, only the page's text differs.
    expect(hidden!.png.equals(plain!.png)).toBe(true);
    const [a, b] = await Promise.all([score(plain!, html(false)), score(hidden!, html(true))]);
    expect(a.score).toBe(100);
    expect(b.score).toBe(a.score);
    // The generator scores the report's desktop render first: it reads the visible words too.
    const report = await renderReport(renderer, html(true));
    expect((await score(report.renders!.desktop, html(true))).score).toBe(a.score);
  });
});
