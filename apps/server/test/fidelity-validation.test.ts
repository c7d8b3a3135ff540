import { writeFileSync } from "node:fs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { combine, scoreFidelity } from "../src/email-engine/fidelity/index.js";
import { loadEnv } from "../src/env.js";
import {
  changeColours,
  changeFont,
  changeSpacing,
  dropColumn,
  inlineImages,
  removeImages,
} from "./fidelity-helpers.js";
import { type CorpusTemplate, loadCorpus } from "./fixtures/email-corpus/load.js";

/**
 * Honest validation of the fidelity score (issue 11 item 2; figures in docs/decisions/058-fidelity-score.md).
 * Each real corpus template is rendered at 600 px and that picture is used as the design. Candidates:
 *   original   the same HTML rendered again                        → must score near the top
 *   font       every font swapped for Georgia                        } near misses: what a faithful but not
 *   spacing    every padding × 1.3                                   } pixel-exact reproduction looks like
 *   no-images  pictures removed                                      } real defects
 *   colours    every chromatic colour turned 150° in hue             }
 *   no-column  one column of a multi-column row dropped              }
 *   other      a template from another source                        → must score low
 * The design text is the original's visible text (a perfect reading by the model). Remote images are refused by
 * the renderer, so they are replaced by deterministic stand-in pictures first (fidelity-helpers.ts).
 * FIDELITY_REPORT=<file.json> writes every figure.
 */

const VARIANTS = ["original", "font", "spacing", "no-images", "colours", "no-column", "other"] as const;
type Variant = (typeof VARIANTS)[number];
const DEFECTS: Variant[] = ["no-images", "colours", "no-column"];

interface Row {
  id: string;
  variant: Variant;
  score: number;
  scoreNoText: number;
  parts: { structure: number; colour: number; text: number | null };
  /** The variant's picture is identical to the design (the degradation changed nothing visible). */
  unchanged: boolean;
}

const log = pino({ level: "silent" });
let renderer: Renderer;
const rows: Row[] = [];
const scoreMs: number[] = [];

function otherFor(t: CorpusTemplate, all: CorpusTemplate[]): CorpusTemplate {
  const i = all.indexOf(t);
  for (let k = 1; k < all.length; k++) {
    const c = all[(i + k) % all.length]!;
    if (c.meta.package !== t.meta.package) return c;
  }
  throw new Error("corpus has one source only");
}

beforeAll(async () => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log });
  // The 40 templates from npm packages the score's published figures were measured on (the vendored GitHub files
  // guard the engine; adding them here would move those figures and the suite's time).
  const corpus = await loadCorpus({ only: (meta) => !meta.package.startsWith("github:") });
  const html = new Map<string, string>();
  for (const t of corpus) html.set(t.id, await inlineImages(t.html));
  for (const t of corpus) {
    const base = html.get(t.id)!;
    const candidates: Record<Variant, string | null> = {
      original: base,
      font: changeFont(base),
      spacing: changeSpacing(base),
      "no-images": removeImages(base),
      colours: changeColours(base),
      "no-column": t.meta.multiColumn ? dropColumn(base) : null,
      other: html.get(otherFor(t, corpus).id)!,
    };
    const design = await renderer.render({ html: base, width: 600 });
    await Promise.all(
      VARIANTS.map(async (variant) => {
        const candidate = candidates[variant];
        if (candidate === null) return;
        const r = await renderer.render({ html: candidate, width: 600 });
        const t0 = performance.now();
        const s = await scoreFidelity({
          design: design.png,
          rendered: r.png,
          designText: design.text,
          renderedText: r.text,
        });
        scoreMs.push(performance.now() - t0);
        // The image-only score from the same parts: scoring the pictures again would give the same ones.
        const noText = combine({ ...s.parts, text: null });
        rows.push({
          id: t.id,
          variant,
          score: s.score,
          scoreNoText: noText,
          parts: s.parts,
          unchanged: variant !== "original" && r.png.equals(design.png),
        });
      }),
    );
  }
}, 900_000);

afterAll(async () => {
  await renderer?.close();
  if (rows.length === 0) return;
  const stats = (vs: number[]) => {
    const s = [...vs].sort((a, b) => a - b);
    const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
    return { n: s.length, min: s[0], p25: q(0.25), median: q(0.5), p75: q(0.75), max: s[s.length - 1] };
  };
  const summary = Object.fromEntries(
    VARIANTS.map((v) => {
      const rs = rows.filter((r) => r.variant === v && !r.unchanged);
      return [v, { withText: stats(rs.map((r) => r.score)), imageOnly: stats(rs.map((r) => r.scoreNoText)) }];
    }),
  );
  const unchanged = rows.filter((r) => r.unchanged).map((r) => `${r.id}:${r.variant}`);
  const timing = stats(scoreMs.map((m) => Math.round(m)));
  if (process.env.FIDELITY_REPORT)
    writeFileSync(process.env.FIDELITY_REPORT, JSON.stringify({ summary, unchanged, timing, rows }, null, 1));
  console.log(JSON.stringify({ summary, unchanged, scoreMs: timing }));
});

const byTemplate = () => {
  const m = new Map<string, Partial<Record<Variant, Row>>>();
  for (const r of rows) m.set(r.id, { ...m.get(r.id), [r.variant]: r });
  return m;
};

describe("fidelity score on real templates", () => {
  it("scores the original near the top and another template low, for every template", () => {
    const m = byTemplate();
    expect(m.size).toBeGreaterThanOrEqual(40);
    const others: number[] = [];
    for (const [id, v] of m) {
      expect(v.original!.score, id).toBeGreaterThanOrEqual(98);
      // Two sparse transactional emails on white (one button, a few lines) share much of their layout: the worst
      // measured pair scores in the 50s; typical pairs score far lower.
      expect(v.other!.score, id).toBeLessThan(60);
      others.push(v.other!.score);
    }
    others.sort((a, b) => a - b);
    expect(others[Math.floor(others.length / 2)]).toBeLessThan(30);
  });

  it("ranks original > each visible defect > another template, for every template", () => {
    let compared = 0;
    for (const [id, v] of byTemplate()) {
      for (const d of DEFECTS) {
        const row = v[d];
        if (!row || row.unchanged) continue;
        compared++;
        expect(row.score, `${id} ${d}`).toBeLessThan(v.original!.score);
        expect(row.score, `${id} ${d}`).toBeGreaterThan(v.other!.score);
      }
    }
    // Most templates have pictures and colours to lose; the multi-column ones a column.
    expect(compared).toBeGreaterThanOrEqual(60);
  });

  it("keeps near misses (another font, looser spacing) above another template", () => {
    for (const [id, v] of byTemplate()) {
      for (const d of ["font", "spacing"] as const) {
        const row = v[d];
        if (!row || row.unchanged) continue;
        expect(row.score, `${id} ${d}`).toBeGreaterThan(v.other!.score);
      }
    }
  });
});
