import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { scoreFidelity, withImagePlaceholders } from "../src/email-engine/fidelity/index.js";
import { loadEnv } from "../src/env.js";
import { inlineImages } from "./fidelity-helpers.js";
import { loadCorpus } from "./fixtures/email-corpus/load.js";

/**
 * The fidelity score is monotone in damage (issue 37 item 6; docs/decisions/111-fidelity-monotone-in-damage.md).
 * For N corpus templates, the 600 px rendering is the design and these are scored against it, as Check my email
 * does with an uploaded design (no design text):
 *   inverted    the design's own picture with its colours inverted (right layout and text, every colour wrong)
 *   unloadable  the email with its remote images as Check my email renders it for the comparison: the renderer has
 *               no network, so each becomes a grey placeholder of its size (withImagePlaceholders)
 *   unloadable-raw  the same rendered as is (pictures fail and collapse): a figure, not asserted
 *   no-text     the email with every text transparent (layout and pictures kept, words gone)
 *   shuffled    the design's picture cut in five bands put back in another order (a different layout)
 *   other       a template from another source
 * A colour-only difference must never score below a different layout or another template; an email whose pictures
 * do not load must score above another template. FIDELITY_DAMAGE=1 prints every figure.
 */
const N = 13;
const KINDS = ["inverted", "unloadable", "unloadable-raw", "no-text", "shuffled", "other"] as const;
type Kind = (typeof KINDS)[number];

const log = pino({ level: "silent" });
let renderer: Renderer;
const scores = new Map<string, Record<Kind, number>>();

async function shuffled(png: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(png).metadata();
  const band = Math.floor(height! / 5);
  const order = [3, 0, 4, 1, 2];
  const parts = await Promise.all(
    order.map((k) =>
      sharp(png)
        .extract({ left: 0, top: k * band, width: width!, height: band })
        .png()
        .toBuffer(),
    ),
  );
  return sharp({ create: { width: width!, height: band * 5, channels: 3, background: "#ffffff" } })
    .composite(parts.map((input, i) => ({ input, left: 0, top: i * band })))
    .png()
    .toBuffer();
}

const NO_TEXT = "<style>*{color:transparent!important;text-shadow:none!important}</style>";

beforeAll(async () => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log });
  const corpus = (await loadCorpus({ only: (meta) => !meta.package.startsWith("github:") }))
    // Emails with remote pictures, so "unloadable" loses something.
    .filter((t) => /<img[^>]+src=["']https?:/i.test(t.html));
  // N templates spread over the corpus's sources, not the first N of one package.
  const step = Math.max(1, Math.floor(corpus.length / N));
  corpus.splice(0, corpus.length, ...corpus.filter((_, i) => i % step === 0).slice(0, N));
  const designs = new Map<string, Buffer>();
  for (const t of corpus)
    designs.set(t.id, (await renderer.render({ html: await inlineImages(t.html), width: 600 })).png);
  for (const [i, t] of corpus.entries()) {
    const design = designs.get(t.id)!;
    const inlined = await inlineImages(t.html);
    const other = corpus
      .slice(i + 1)
      .concat(corpus.slice(0, i))
      .find((c) => c.meta.package !== t.meta.package)!;
    const candidates: Record<Kind, Buffer> = {
      inverted: await sharp(design).negate({ alpha: false }).png().toBuffer(),
      unloadable: (await renderer.render({ html: withImagePlaceholders(t.html), width: 600 })).png,
      "unloadable-raw": (await renderer.render({ html: t.html, width: 600 })).png,
      "no-text": (await renderer.render({ html: inlined.replace(/<\/head>/i, `${NO_TEXT}</head>`), width: 600 })).png,
      shuffled: await shuffled(design),
      other: designs.get(other.id)!,
    };
    const row = {} as Record<Kind, number>;
    for (const kind of KINDS) row[kind] = (await scoreFidelity({ design, rendered: candidates[kind] })).score;
    scores.set(t.id, row);
  }
}, 900_000);

afterAll(async () => {
  await renderer?.close();
  if (process.env.FIDELITY_DAMAGE) console.log(JSON.stringify(Object.fromEntries(scores), null, 1));
});

describe("fidelity score and damage (issue 37 item 6)", () => {
  it("scores a colour-only difference above a different layout, missing text and another template", () => {
    expect(scores.size).toBe(N);
    for (const [id, s] of scores) {
      expect(s.inverted, `${id} inverted vs other`).toBeGreaterThan(s.other);
      expect(s.inverted, `${id} inverted vs shuffled`).toBeGreaterThan(s.shuffled);
      expect(s.inverted, `${id} inverted vs no-text`).toBeGreaterThan(s["no-text"]);
    }
  });

  it("scores an email whose pictures do not load above another template", () => {
    for (const [id, s] of scores) expect(s.unloadable, `${id} unloadable vs other`).toBeGreaterThan(s.other);
  });
});
