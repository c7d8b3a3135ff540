/**
 * MJML or direct HTML? (issue 11 item 3; docs/decisions/059-mjml-or-direct-html.md)
 *
 * Renders ≥ 20 real corpus templates (apps/server/test/fixtures/email-corpus) to PNG and uses each picture as a
 * design. For every design the model is asked twice with the generator's own prompt — once for HTML, once for MJML
 * (compiled with the mjml package) — and each answer goes through the same path as a generation: images cut from
 * the design by the model's boxes, the email engine, the renderer, the fidelity score. Prints one row per design and
 * a summary per format: fidelity score, email checks (fails / warnings, passed), model time and total time.
 *
 *   GEMINI_API_KEY=… npm run experiment:mjml-vs-html                 real model (GEMINI_MODEL, default gemini-3-flash)
 *   npm run experiment:mjml-vs-html -- --stand-in                     offline dry run of the harness (figures meaningless)
 *   options: --designs=N (default 20, max 40)  --out=results.json
 *   OpenAI-compatible (decision 115): --provider=openai with OPENAI_BASE_URL (e.g. https://api.openai.com/v1,
 *   http://localhost:11434/v1 for Ollama), OPENAI_API_KEY (may be blank for local servers) and OPENAI_MODEL;
 *   with --stand-in it runs against the OpenAI-compatible stand-in.
 * Grounding (decision 122): each design is also read by the local design reader and asked for HTML once more with the
 * reader's layout in the prompt ("html+layout"), as the generator does, so the summary compares HTML with and without
 * grounding on the same designs and model (--no-grounding leaves that row out).
 */
import { writeFileSync } from "node:fs";
import pino from "pino";
import { createGeminiClient } from "../src/adapters/gemini/client.js";
import { createOpenAiCompatibleClient } from "../src/adapters/openai-compatible/client.js";
import { createRenderer } from "../src/adapters/renderer/renderer.js";
import { closeSharedOcrEngine, readDesign } from "../src/design-reader/index.js";
import { scoreFidelity } from "../src/email-engine/fidelity/index.js";
import { processEmail } from "../src/email-engine/index.js";
import { compileMjml, looksLikeMjml } from "../src/email-engine/mjml.js";
import { renderReport, withRenderOutcome } from "../src/email-engine/render-report.js";
import { loadEnv } from "../src/env.js";
import { cleanBoxes, cropBox } from "../src/features/generator/design-images.js";
import { parseAnswer } from "../src/features/generator/jobs/answer.js";
import { ANSWER_SCHEMA, buildPrompt } from "../src/features/generator/jobs/prompt.js";
import { startGeminiStandIn } from "../stand-ins/gemini.js";
import { OPENAI_STAND_IN_MODELS, startOpenAiStandIn } from "../stand-ins/openai-compatible.js";
import { inlineImages } from "../test/fidelity-helpers.js";
import { type CorpusTemplate, loadCorpus } from "../test/fixtures/email-corpus/load.js";

type Format = "html" | "mjml";
/** What is asked: a format, with or without the reader's layout in the prompt. */
type Variant = Format | "html+layout";
interface Row {
  design: string;
  format: Variant;
  ok: boolean;
  error?: string;
  score?: number;
  parts?: { structure: number; colour: number; text: number | null };
  fails?: number;
  warns?: number;
  passed?: boolean;
  mjmlErrors?: number;
  modelMs: number;
  totalMs: number;
}

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"];
  }),
);
const standInMode = args["stand-in"] === "true";
const designCount = Math.min(40, Math.max(1, Number(args.designs ?? 20)));
const variants: Variant[] = args["no-grounding"] === "true" ? ["html", "mjml"] : ["html", "mjml", "html+layout"];

/** Spread the picks over the corpus' sources (not the first 20 of one package). */
function pick(corpus: CorpusTemplate[], n: number): CorpusTemplate[] {
  const bySource = new Map<string, CorpusTemplate[]>();
  for (const t of corpus) bySource.set(t.meta.package, [...(bySource.get(t.meta.package) ?? []), t]);
  const out: CorpusTemplate[] = [];
  for (let round = 0; out.length < n; round++) {
    let added = false;
    for (const list of bySource.values()) {
      if (list[round] && out.length < n) {
        out.push(list[round]!);
        added = true;
      }
    }
    if (!added) break;
  }
  return out;
}

/**
 * Images the model boxed, cut from the design. The email is processed with short stand-in addresses (as the
 * generator's stored crops are), and the crops go in as data: URLs only for the render (the renderer loads nothing
 * from the network): a crop inlined before processing is an attribute over the engine's 64 KB bound (decision 100).
 */
async function cutImages(
  text: string,
  rawBoxes: unknown,
  design: Buffer,
): Promise<{ html: string; crops: Map<string, string> }> {
  let out = text;
  const crops = new Map<string, string>();
  for (const b of cleanBoxes(rawBoxes, 1)) {
    const crop = await cropBox(design, b.box);
    const png = await crop.image.png().toBuffer();
    const address = `https://crops.experiment.invalid/${b.id}.png`;
    crops.set(address, `data:image/png;base64,${png.toString("base64")}`);
    out = out.split(`image:${b.id}`).join(address);
  }
  return { html: out.replace(/(["'])image:[\w-]{1,40}\1/g, "$1https://placehold.co/600x300/png$1"), crops };
}

/** The processed email with the crops inlined for the renderer. */
function withCrops(html: string, crops: Map<string, string>): string {
  let out = html;
  for (const [address, data] of crops) out = out.split(address).join(data);
  return out;
}

async function main() {
  const openai = args.provider === "openai";
  let openaiBase = process.env.OPENAI_BASE_URL;
  const apiKey = openai ? (process.env.OPENAI_API_KEY ?? "") : process.env.GEMINI_API_KEY;
  let baseUrl = process.env.GEMINI_BASE_URL;
  let closeStandIn: (() => Promise<void>) | undefined;
  if (standInMode && openai) {
    const s = await startOpenAiStandIn();
    openaiBase = s.url;
    closeStandIn = () => s.close();
  } else if (openai) {
    if (!openaiBase) {
      console.error(
        "Set OPENAI_BASE_URL (and OPENAI_API_KEY, OPENAI_MODEL), or pass --stand-in for an offline dry run.",
      );
      process.exit(2);
    }
  } else if (standInMode) {
    const s = await startGeminiStandIn();
    baseUrl = s.url;
    closeStandIn = () => s.close();
  } else if (!apiKey) {
    console.error("Set GEMINI_API_KEY (a real model is needed), or pass --stand-in for an offline dry run.");
    process.exit(2);
  }
  const model = openai
    ? (process.env.OPENAI_MODEL ?? OPENAI_STAND_IN_MODELS[0]!)
    : (process.env.GEMINI_MODEL ?? "gemini-3-flash");
  // The operator typed OPENAI_BASE_URL here: it is allowed as the server's allow-list would (decision 131).
  const client = openai
    ? createOpenAiCompatibleClient({ allowedAddresses: openaiBase ? [new URL(openaiBase).origin] : [] })
    : createGeminiClient({ baseUrl });
  const renderer = createRenderer({
    env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }),
    log: pino({ level: "silent" }),
  });
  const designs = pick(await loadCorpus(), designCount);
  const rows: Row[] = [];
  try {
    for (const t of designs) {
      const design = (await renderer.render({ html: await inlineImages(t.html), width: 600 })).png;
      // The reader's layout for the grounded variant (null when it cannot read the design: that row is then ungrounded).
      const layout = variants.includes("html+layout") ? await readDesign(design).catch(() => null) : null;
      for (const variant of variants) {
        const format: Format = variant === "mjml" ? "mjml" : "html";
        const started = performance.now();
        let modelMs = 0;
        try {
          const prompt = buildPrompt({
            emailType: "Promotional Email Templates",
            instructions: "",
            imageCount: 1,
            format,
            layout: variant === "html+layout" ? layout : null,
          });
          const t0 = performance.now();
          const chunks = await client.stream(
            { apiKey: apiKey || (openai && !standInMode ? "" : "stand-in-experiment-key"), baseUrl: openaiBase },
            {
              model,
              prompt,
              images: [{ mimeType: "image/png", data: design }],
              signal: AbortSignal.timeout(180_000),
              temperature: 0.4,
              schema: ANSWER_SCHEMA,
            },
          );
          let text = "";
          for await (const c of chunks) text += c.text;
          modelMs = performance.now() - t0;
          const answer = parseAnswer(text);
          if (!answer) throw new Error("answer could not be read");
          const cut = await cutImages(answer.html, answer.images, design);
          let source = cut.html;
          let mjmlErrors: number | undefined;
          let wasMjml = false;
          if (looksLikeMjml(source)) {
            const compiled = await compileMjml(source);
            mjmlErrors = compiled.errors.length;
            source = compiled.html;
            wasMjml = true;
          } else if (format === "mjml") {
            mjmlErrors = -1; // asked for MJML, got HTML
          }
          const processed = processEmail({
            html: source,
            subject: answer.subject,
            preheader: answer.preheader,
            source: wasMjml ? "existing" : "generated", // as the generator does (pipeline.ts)
          });
          const outcome = await renderReport(renderer, withCrops(processed.html, cut.crops));
          const report = withRenderOutcome(processed.report, outcome);
          const rendered = outcome.renders?.desktop;
          const fid = rendered
            ? await scoreFidelity({
                design,
                rendered: rendered.png,
                designText: answer.designText,
                renderedText: rendered.text,
              })
            : undefined;
          rows.push({
            design: t.id,
            format: variant,
            ok: true,
            score: fid?.score,
            parts: fid?.parts,
            fails: report.checks.filter((c) => c.status === "fail").length,
            warns: report.checks.filter((c) => c.status === "warn").length,
            passed: report.passed,
            mjmlErrors,
            modelMs,
            totalMs: performance.now() - started,
          });
        } catch (err) {
          rows.push({
            design: t.id,
            format: variant,
            ok: false,
            error: (err as Error).message,
            modelMs,
            totalMs: performance.now() - started,
          });
        }
        const r = rows[rows.length - 1]!;
        console.log(
          [
            r.design.padEnd(34),
            r.format.padEnd(11),
            r.ok ? `score ${String(r.score ?? "-").padStart(5)}` : `FAILED ${r.error}`,
            r.ok ? `fails ${r.fails} warns ${r.warns}${r.passed ? " passed" : ""}` : "",
            r.mjmlErrors !== undefined ? `mjml-errors ${r.mjmlErrors}` : "",
            `model ${Math.round(r.modelMs)} ms, total ${Math.round(r.totalMs)} ms`,
          ].join("  "),
        );
      }
    }
  } finally {
    await renderer.close();
    await closeSharedOcrEngine();
    await closeStandIn?.();
  }

  const med = (v: number[]) => {
    const s = [...v].sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
  };
  const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : Number.NaN);
  console.log(
    `\n${standInMode ? "STAND-IN DRY RUN (figures say nothing about a real model)" : `model ${model}`}, ${designs.length} designs`,
  );
  console.log("format       answered  score(mean/median)  fails(mean)  passed  model ms(median)  total ms(median)");
  for (const format of variants) {
    const rs = rows.filter((r) => r.format === format);
    const ok = rs.filter((r) => r.ok);
    const scores = ok.map((r) => r.score).filter((s): s is number => typeof s === "number");
    console.log(
      [
        format.padEnd(11),
        `${ok.length}/${rs.length}`.padStart(8),
        `${mean(scores).toFixed(1)} / ${med(scores).toFixed(1)}`.padStart(18),
        mean(ok.map((r) => r.fails ?? 0))
          .toFixed(2)
          .padStart(11),
        `${ok.filter((r) => r.passed).length}/${ok.length}`.padStart(7),
        String(Math.round(med(ok.map((r) => r.modelMs)))).padStart(16),
        String(Math.round(med(ok.map((r) => r.totalMs)))).padStart(16),
      ].join("  "),
    );
  }
  if (args.out) writeFileSync(String(args.out), JSON.stringify({ model, standIn: standInMode, rows }, null, 1));
}

await main();
