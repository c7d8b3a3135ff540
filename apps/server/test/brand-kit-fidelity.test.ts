import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { extractPalette, scoreFidelity } from "../src/email-engine/fidelity/index.js";
import { toRaster } from "../src/email-engine/fidelity/normalise.js";
import { processEmail } from "../src/email-engine/process-email.js";
import { loadEnv } from "../src/env.js";
import { paletteFromColours } from "../src/features/brand-kits/service.js";
import { applyBrandKit } from "../src/features/generator/jobs/brand-pass.js";
import { inlineImages } from "./fidelity-helpers.js";
import { type CorpusTemplate, loadCorpus } from "./fixtures/email-corpus/load.js";

/**
 * Decision 113: the brand kit's post-pass must not lower the fidelity score of an email that already matches its
 * design. Each design is a corpus template rendered at 600 px; the kit is made from that design's palette (as
 * "create from design" does) with the template's own main font stack; the "answer" is the template itself.
 * Decision 117: with a kit the generator runs the engine, the kit pass, then the engine once more (accessibility fixes
 * and checks on the branded email); on such designs the whole chain scores what the engine alone scores.
 */
const log = pino({ level: "silent" });
let renderer: Renderer;
let corpus: CorpusTemplate[];
const rows: { id: string; before: number; after: number }[] = [];
const chainRows: { id: string; withoutKit: number; withKit: number }[] = [];

/** The template's most used font-family value (the kit's fallback stack, as a member would set it). */
function mainStack(html: string): string {
  const counts = new Map<string, number>();
  for (const m of html.matchAll(/font-family\s*:\s*([^;"}]+)/gi)) {
    const s = m[1]!.trim().replace(/&quot;/g, "'");
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "Arial, sans-serif";
}

beforeAll(async () => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log });
  corpus = (await loadCorpus({ only: (meta) => !meta.package.startsWith("github:") })).slice(0, 8);
}, 300_000);
afterAll(async () => {
  await renderer?.close();
  console.log(JSON.stringify({ rows, chainRows }));
});

/** A design (the template rendered at 600 px), its palette, a kit made from it, and a scorer against it. */
async function designOf(t: CorpusTemplate, fallback: (html: string) => string) {
  const html = await inlineImages(t.html);
  const design = await renderer.render({ html, width: 600 });
  const designPalette = await extractPalette(await toRaster(design.png));
  const kit = {
    id: "k",
    version: 1,
    name: t.id,
    logoUrl: null,
    palette: paletteFromColours(designPalette),
    font: { name: "", stylesheetUrl: null, fallback: fallback(html) },
    footer: { address: "", social: [] },
    tone: [],
  };
  const score = async (candidate: string) => {
    const r = await renderer.render({ html: candidate, width: 600 });
    return (await scoreFidelity({ design: design.png, rendered: r.png, designText: design.text, renderedText: r.text }))
      .score;
  };
  return { html, designPalette, kit, score };
}

describe("brand kit post-pass on designs that already match", () => {
  it("keeps the fidelity score of every template (the kit made from its own design)", async () => {
    for (const t of corpus) {
      const { html, designPalette, kit, score } = await designOf(t, mainStack);
      const branded = applyBrandKit(html, kit, designPalette);
      const before = await score(html);
      const after = branded === html ? before : await score(branded);
      rows.push({ id: t.id, before: Math.round(before), after: Math.round(after) });
    }
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows) expect(r.after, r.id).toBeGreaterThanOrEqual(r.before);
  }, 600_000);

  it("engine → kit → engine scores as the engine alone does on every template (decision 117)", async () => {
    const engine = (html: string) => processEmail({ html, source: "existing", fixes: ["accessibility"] }).html;
    for (const t of corpus) {
      const { html, designPalette, kit, score } = await designOf(t, () => "Arial, Helvetica, sans-serif");
      const plain = engine(html);
      const branded = engine(applyBrandKit(plain, kit, designPalette));
      chainRows.push({
        id: t.id,
        withoutKit: Math.round(await score(plain)),
        withKit: Math.round(await score(branded)),
      });
    }
    expect(chainRows.length).toBeGreaterThanOrEqual(8);
    for (const r of chainRows) expect(r.withKit, r.id).toBeGreaterThanOrEqual(r.withoutKit);
  }, 600_000);
});
