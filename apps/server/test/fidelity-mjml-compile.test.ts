import { createRequire } from "node:module";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { scoreFidelity } from "../src/email-engine/fidelity/index.js";
import { processEmail } from "../src/email-engine/index.js";
import { compileMjml } from "../src/email-engine/mjml.js";
import { loadEnv } from "../src/env.js";
import { inlineImages } from "./fidelity-helpers.js";
import { loadCorpus } from "./fixtures/email-corpus/load.js";

/**
 * The MJML output path on the corpus' real MJML sources (Teradata Covalent, issue 11 item 3, decision 059):
 * compiled by compileMjml and post-processed as the generator does, each must look like the corpus' own build of
 * the same source (rendered at 600 px; fidelity score) and must not stick out sideways on a 375 px phone.
 */
const require = createRequire(import.meta.url);
let renderer: Renderer;

beforeAll(() => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log: pino({ level: "silent" }) });
});
afterAll(async () => {
  await renderer?.close();
});

function covalentSources(): { name: string; content: string }[] {
  const g = globalThis as { window?: unknown };
  const had = "window" in g;
  if (!had) g.window = globalThis; // the package's bundle reads window when it loads
  try {
    return (
      require("@covalent/email-templates") as { getEmailTemplates: () => { name: string; content: string }[] }
    ).getEmailTemplates();
  } finally {
    if (!had) delete g.window;
  }
}

it("compiles the corpus' MJML sources into emails that render like the corpus' own build", async () => {
  const corpus = await loadCorpus();
  const built = corpus.filter((t) => t.meta.build.type === "covalent-mjml");
  expect(built.length).toBeGreaterThanOrEqual(2);
  for (const t of built) {
    const name = (t.meta.build as { name: string }).name;
    const source = covalentSources().find((s) => s.name === name);
    expect(source, name).toBeDefined();
    const compiled = await compileMjml(source!.content);
    const processed = processEmail({ html: compiled.html, source: "existing" }).html;
    const [reference, ours, phone] = await Promise.all([
      inlineImages(t.html).then((html) => renderer.render({ html, width: 600 })),
      inlineImages(processed).then((html) => renderer.render({ html, width: 600 })),
      inlineImages(processed).then((html) => renderer.render({ html, width: 375 })),
    ]);
    const s = await scoreFidelity({
      design: reference.png,
      rendered: ours.png,
      designText: reference.text,
      renderedText: ours.text,
    });
    expect(s.score, `${t.id} ${JSON.stringify(s.parts)}`).toBeGreaterThanOrEqual(95);
    expect(phone.overflowPx, t.id).toBeLessThanOrEqual(2);
  }
}, 300_000);
