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
 * Decision 117: with a brand kit the generator runs the engine, the kit pass, then the engine once more (accessibility
 * fixes and checks on the branded email). On a design the email already matches, with the kit made from that design,
 * the whole chain scores what the engine alone scores: the second run and the contrast repair after the kit cost no
 * fidelity (brand-kit-fidelity.test.ts checks the kit pass alone).
 */
const log = pino({ level: "silent" });
let renderer: Renderer;
let corpus: CorpusTemplate[];
const rows: { id: string; withoutKit: number; withKit: number }[] = [];

const engine = (html: string) => processEmail({ html, source: "existing", fixes: ["accessibility"] }).html;

beforeAll(async () => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log });
  corpus = (await loadCorpus({ only: (meta) => !meta.package.startsWith("github:") })).slice(0, 8);
}, 300_000);
afterAll(async () => {
  await renderer?.close();
  console.log(JSON.stringify(rows));
});

describe("engine → kit → engine on designs that already match", () => {
  it("scores as the engine alone does on every template", async () => {
    for (const t of corpus) {
      const html = await inlineImages(t.html);
      const design = await renderer.render({ html, width: 600 });
      const designPalette = await extractPalette(await toRaster(design.png));
      const kit = {
        id: "k",
        version: 1,
        name: t.id,
        logoUrl: null,
        palette: paletteFromColours(designPalette),
        font: { name: "", stylesheetUrl: null, fallback: "Arial, Helvetica, sans-serif" },
        footer: { address: "", social: [] },
        tone: [],
      };
      const score = async (candidate: string) => {
        const r = await renderer.render({ html: candidate, width: 600 });
        return (
          await scoreFidelity({ design: design.png, rendered: r.png, designText: design.text, renderedText: r.text })
        ).score;
      };
      const plain = engine(html);
      const branded = engine(applyBrandKit(plain, kit, designPalette));
      rows.push({ id: t.id, withoutKit: Math.round(await score(plain)), withKit: Math.round(await score(branded)) });
    }
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows) expect(r.withKit, r.id).toBeGreaterThanOrEqual(r.withoutKit);
  }, 600_000);
});
