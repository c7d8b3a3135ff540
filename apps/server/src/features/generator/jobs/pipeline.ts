import { randomUUID } from "node:crypto";
import {
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_MESSAGES,
  type GenerationEngine,
  type GenerationStage,
  LOCAL_READER_ENGINE,
  type TDesignLayout,
  type TEmailCheck,
  type TEmailReport,
  type TFidelitySection,
  type TGenerationFidelity,
} from "@mailsmith/shared";
import type { ModelImage } from "../../../adapters/model/model-client.js";
import type { Renderer } from "../../../adapters/renderer/renderer.js";
import type { AppContext } from "../../../context.js";
import type { AiKey } from "../../../core/ai-key-pool.js";
import { findUserById } from "../../../core/identity/users.js";
import type { StoredTemplateImage } from "../../../db/schema/index.js";
import { axeCheck, runAxe } from "../../../email-engine/checks/axe.js";
import { extractPalette, type PaletteColour } from "../../../email-engine/fidelity/index.js";
import { toRaster } from "../../../email-engine/fidelity/normalise.js";
import { compileMjml, looksLikeMjml } from "../../../email-engine/mjml.js";
import type { EmailWorkerPool } from "../../../email-engine/pool.js";
import { DESKTOP_WIDTH, renderIntoReport, thumbnailOf } from "../../../email-engine/render-report.js";
import type { ProcessEmailResult } from "../../../email-engine/types.js";
import { secondsSince } from "../../../lib/metrics.js";
import { inSpan } from "../../../lib/trace.js";
import { absoluteUrl, cleanBoxes, materialiseImages, readUpload } from "../design-images.js";
import { generationsRepo } from "../repo.js";
import type { ParsedAnswer } from "./answer.js";
import { applyBrandKit } from "./brand-pass.js";
import { GenerationFailure, JobAborted } from "./failures.js";
import type { GenerationInputs } from "./inputs.js";
import { withReaderChecks, writeWithReader } from "./local-writer.js";
import { callModel, type ModelDeps } from "./model-call.js";
import { buildPrompt, type PromptInput } from "./prompt.js";
import type { JobRow } from "./repo.js";
import { scoreThreshold } from "./score-threshold.js";
import { fidelityOutcome, type RenderedEmail, renderEmail, scoreAgainstDesign } from "./scoring.js";
import { repairSectionCrops } from "./section-crops.js";

/**
 * What the model is asked to write. HTML until the MJML-vs-HTML experiment (npm run experiment:mjml-vs-html, decision
 * 059) has been run with a real model; an MJML answer is accepted either way and compiled (its source kept).
 */
export const GENERATION_FORMAT: "html" | "mjml" = "html";

export { GenerationFailure, JobAborted } from "./failures.js";

export interface PipelineDeps extends ModelDeps {
  /** Email post-processing off the event loop (worker threads). */
  postProcessor: EmailWorkerPool;
}

export interface RunHooks {
  /** Aborted on cancel, shutdown or a lost lease. */
  signal: AbortSignal;
  stage(stage: GenerationStage, progress: number): Promise<void>;
  /** The HTML the model writes, as it arrives. */
  html(delta: string): void;
}

/** What a finished job saves as its template. */
export interface JobResult {
  html: string;
  text: string;
  subject: string;
  report: TEmailReport;
  images: StoredTemplateImage[];
  score: number | null;
  scoreParts: { structure: number; colour: number; text: number | null } | null;
  repaired: boolean;
  thumbnailUrl: string | null;
  name: string;
  keyId: string | null;
  /** The MJML source when the model wrote MJML (offered as a download). */
  mjml: string | null;
  /** The model that wrote the answer, or "local-reader" (decision 122). */
  model: string;
  /** Closeness to the design with the sections that differ (decision 123); null when not scored. */
  fidelity?: TGenerationFidelity | null;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&[lr]squo;/g, "'")
    .replace(/&[lr]dquo;/g, '"')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** The template's name: the first h1/h2 text of the email, else its subject, else "Your email". */
export function nameFromHtml(html: string, subject: string): string {
  const m = html.match(/<h([12])\b[^>]*>([\s\S]*?)<\/h\1>/i);
  const heading = m
    ? decodeEntities(m[2]!.replace(/<[^>]+>/g, " "))
        .replace(/\s+/g, " ")
        .trim()
    : "";
  const name = heading || subject.trim() || GENERATION_JOB_MESSAGES.defaultName;
  return name.length > GENERATION_JOB_LIMITS.maxNameLength
    ? `${name.slice(0, GENERATION_JOB_LIMITS.maxNameLength - 1)}…`
    : name;
}

interface Candidate {
  html: string;
  text: string;
  subject: string;
  report: TEmailReport;
  images: StoredTemplateImage[];
  rendered: RenderedEmail | null;
  mjml: string | null;
  score: {
    score: number;
    parts: { structure: number; colour: number; text: number | null };
    differences: string[];
    /** Per section, when the score has them (decision 123): the repair pass's close-ups start with the worst. */
    sections?: TFidelitySection[] | null;
    /** Each differing section's design crop beside the email's (PNG), in the order of `sections`. */
    sectionPictures?: Buffer[];
  } | null;
}

/** What the stages after "reading" work from: the generation's inputs (decision 113) and the keys to call with. */
interface JobInputs extends GenerationInputs {
  /** What writes the email (decision 122): fixed when the job started. */
  engine: GenerationEngine;
  /** The active keys (none when the local reader writes). */
  keys: AiKey[];
  /** The designs' colours, read once when a brand kit is to be applied (null: no kit, or no design). */
  designPalette: PaletteColour[] | null;
  /**
   * What the local design reader read in the first design, for every generation (decision 122): the local reader's
   * email, the model's grounding and the per-section score. Null when there is no design or the reader failed (logged;
   * a model's generation goes on without it).
   */
  layout: TDesignLayout | null;
  /** The member's language: the email's lang when its text is too short to tell (decision 133). */
  language: string | undefined;
  /**
   * The admin's score threshold when the job started (decision 136): the repair pass runs below it, and the result's
   * fidelity keeps it for the notice and the free retry.
   */
  threshold: number;
}

/** One stage's view of the job: the dependencies, the job, its hooks and what "reading" found. */
interface StageContext {
  deps: PipelineDeps;
  job: JobRow;
  hooks: RunHooks;
  inputs: JobInputs;
  /** Throws JobAborted once the job has been stopped from outside. */
  aborted: () => void;
}

/**
 * Runs one job through its stages: reading the design (the design reader too), writing (the model, or the local
 * reader — decision 122), checking (images cropped and stored, post-processing), rendering, scoring (and one repair
 * pass below the threshold, inside the same credit, when a model wrote it).
 */
export async function runPipeline(deps: PipelineDeps, job: JobRow, hooks: RunHooks): Promise<JobResult> {
  const started = performance.now();
  let outcome = "stopped";
  try {
    const result = await inSpan("generation", { "generation.job_id": job.id, "generation.kind": job.kind }, () =>
      runStages(deps, job, hooks),
    );
    outcome = "succeeded";
    return result;
  } catch (err) {
    if (err instanceof GenerationFailure) outcome = `failed:${err.code}`;
    else if (!(err instanceof JobAborted) && !hooks.signal.aborted) outcome = "failed:FAILED";
    throw err;
  } finally {
    deps.ctx.metrics.generationDuration.observe({ outcome }, secondsSince(started));
  }
}

async function runStages(deps: PipelineDeps, job: JobRow, hooks: RunHooks): Promise<JobResult> {
  const aborted = () => {
    if (hooks.signal.aborted) throw new JobAborted("stopped");
  };
  await hooks.stage("reading", 10);
  const inputs = await readInputs(deps, job, hooks.signal);
  aborted();
  const stage: StageContext = { deps, job, hooks, inputs, aborted };

  await hooks.stage("writing", 20);
  const { answer, keyId, model, checks } =
    inputs.engine === LOCAL_READER_ENGINE ? await writeLocally(stage) : { ...(await writeAnswer(stage)), checks: [] };
  const first = await buildCandidate(stage, answer, (inputs.parent?.images ?? []) as StoredTemplateImage[]);
  const repairedCandidate = inputs.engine === LOCAL_READER_ENGINE ? null : await repairPass(stage, first);
  const best = repairedCandidate ?? first;

  const [thumbnailUrl, finished] = await Promise.all([
    best.rendered ? storeThumbnail(deps.ctx, best.rendered.png, job.userId).catch(() => null) : null,
    finishReport(deps.ctx, best),
  ]);
  const report = withReaderChecks(finished, checks);
  return {
    html: best.html,
    text: best.text,
    subject: best.subject,
    report,
    images: best.images,
    score: best.score ? Math.round(best.score.score) : null,
    scoreParts: best.score?.parts ?? null,
    repaired: repairedCandidate !== null,
    thumbnailUrl,
    name: nameFromHtml(best.html, best.subject),
    keyId,
    mjml: best.mjml,
    model,
    fidelity: await fidelityOutcome(deps.ctx, best.score, { jobId: job.id, userId: job.userId }, inputs.threshold),
  };
}

/**
 * "reading": the active keys and the generation's inputs (decision 113) from the job row: the stored designs, the
 * template being changed (a refinement), the brand kit snapshot; what the design reader reads in the first design;
 * and the admin's score threshold.
 */
async function readInputs({ ctx, keys: pool }: PipelineDeps, job: JobRow, signal: AbortSignal): Promise<JobInputs> {
  const keys = job.engine === "model" ? await pool.active() : [];
  if (job.engine === "model" && keys.length === 0) {
    throw new GenerationFailure("NO_API_KEYS", GENERATOR_MESSAGES.noApiKeys);
  }
  const designs = await Promise.all(job.uploads.map((u) => readUpload(ctx.storage, u)));
  const parent = job.parentId ? await generationsRepo.find(ctx.db, job.parentId) : undefined;
  if (job.kind === "refine" && !parent?.html) {
    throw new GenerationFailure("NOT_FOUND", GENERATOR_MESSAGES.templateNotFound);
  }
  const brandKit = job.brandKit ?? null;
  const designPalette =
    brandKit && designs.length > 0
      ? (await Promise.all(designs.map(async (d) => extractPalette(await toRaster(d))))).flat()
      : null;
  const { emailType, instructions, engine } = job;
  const layout = designs[0] ? await readLayout(ctx, job, designs[0], signal) : null;
  const language = (await findUserById(ctx.db, job.userId))?.language;
  const { threshold } = await scoreThreshold.read(ctx.db);
  return {
    engine,
    keys,
    designs,
    parent,
    emailType,
    instructions,
    brandKit,
    designPalette,
    layout,
    language,
    threshold,
  };
}

/** The design reader's layout of a design, or null when it cannot read it (a model's generation goes on). */
async function readLayout(
  ctx: AppContext,
  job: JobRow,
  design: Buffer,
  signal: AbortSignal,
): Promise<TDesignLayout | null> {
  try {
    return await ctx.designReader.read(design, { signal });
  } catch (err) {
    if (signal.aborted) throw new JobAborted("stopped");
    ctx.log.warn({ err, jobId: job.id, engine: job.engine }, "the design reader could not read the design");
    return null;
  }
}

/** The part of every prompt (first pass and repair pass) that comes from the generation's inputs. */
const promptInputs = (inputs: JobInputs): Omit<PromptInput, "previousHtml" | "format" | "repair"> => ({
  emailType: inputs.emailType,
  instructions: inputs.instructions,
  imageCount: inputs.designs.length,
  brandKit: inputs.brandKit,
  layout: inputs.layout,
});

const designImages = ({ job, inputs }: StageContext): ModelImage[] =>
  inputs.designs.map((data, i) => ({ mimeType: job.uploads[i]!.mimeType, data }));

/** "writing": the model's answer, streamed to the job's watchers; progress saved at most once a second. */
function writeAnswer(stage: StageContext) {
  const { deps, hooks, inputs } = stage;
  let lastSaved = 0;
  return callModel(deps, {
    keys: inputs.keys,
    prompt: buildPrompt({
      ...promptInputs(inputs),
      previousHtml: inputs.parent?.mjml ?? inputs.parent?.html ?? undefined,
      format: inputs.parent?.mjml ? "mjml" : GENERATION_FORMAT,
    }),
    images: designImages(stage),
    signal: hooks.signal,
    structured: true,
    onHtml: hooks.html,
    onText: (chars) => {
      const now = Date.now();
      if (now - lastSaved < 1000) return;
      lastSaved = now;
      void hooks.stage("writing", Math.min(60, 20 + Math.floor(chars / 800))).catch(() => {});
    },
  });
}

/**
 * "writing" without a model (decision 122): the local reader's email from the layout read in "reading", shown whole
 * to the job's watchers at once. Its checks (links to fill in, words to check) join the report at the end.
 */
async function writeLocally(
  stage: StageContext,
): Promise<{ answer: ParsedAnswer; keyId: null; model: string; checks: TEmailCheck[] }> {
  const { deps, hooks, inputs } = stage;
  const { answer, checks } = await inSpan("local reader", {}, () =>
    writeWithReader(deps.ctx, {
      designs: inputs.designs,
      layout: inputs.layout,
      instructions: inputs.instructions,
      signal: hooks.signal,
    }),
  );
  hooks.html(answer.html);
  return { answer, keyId: null, model: LOCAL_READER_ENGINE, checks };
}

/** "checking", "rendering" and "scoring" of one answer: the email it makes, its report, previews and score. */
async function buildCandidate(
  stage: StageContext,
  a: ParsedAnswer,
  inherited: StoredTemplateImage[],
): Promise<Candidate> {
  const { deps, job, hooks, inputs, aborted } = stage;
  const { ctx } = deps;
  aborted();
  await hooks.stage("checking", 65);
  const { html, mjml, images } = await materialiseAnswer(ctx, a, inputs.designs, inherited, job.userId);
  const processed = await postProcess(stage, { html, mjml, subject: a.subject, preheader: a.preheader });
  aborted();
  await hooks.stage("rendering", 75);
  // Desktop, phone, dark and forced-dark renders: rendered checks and stored previews join the report; the
  // 600 px render is the one scored (null when the browser is unavailable — the report then says so).
  // Candidates are rendered without the axe-core audit: only the email that is kept is audited (finishReport).
  const checked = await inSpan("render", {}, () =>
    renderIntoReport(
      { renderer: withoutAudit(ctx.renderer), storage: ctx.storage },
      {
        html: processed.html,
        report: processed.report,
        ownerId: job.id,
        userId: job.userId,
        thumbnail: false,
      },
    ),
  );
  const rendered: RenderedEmail | null = checked.desktop;
  const report: TEmailReport = checked.report;
  aborted();
  await hooks.stage("scoring", 85);
  const design = inputs.designs[0];
  const score =
    rendered && design
      ? await scoreAgainstDesign(
          design,
          rendered,
          a.designText,
          (w) => renderEmail(ctx, processed.html, w),
          (input) => deps.postProcessor.compare(input),
          { designLayout: inputs.layout, sectionPictures: true },
        ).catch((err) => {
          ctx.log.warn({ err, jobId: job.id }, "fidelity score failed");
          return null;
        })
      : null;
  return {
    html: processed.html,
    text: processed.text,
    subject: processed.subject,
    report,
    images,
    rendered,
    mjml,
    score,
  };
}

/**
 * Post-processing of one answer (decision 117): the engine's passes and checks with the accessibility fixes; with a
 * brand kit, its fonts and colours (decision 113) and then the engine once more on the branded email (as an existing
 * document: no second skeleton), so the contrast repair runs after the kit's colours are set and the report's checks
 * describe the email the member gets. Without a kit, one engine run as before.
 */
async function postProcess(
  { deps, inputs }: StageContext,
  answer: { html: string; mjml: string | null; subject?: string; preheader?: string },
): Promise<ProcessEmailResult> {
  const engine = await deps.postProcessor.run({
    html: answer.html,
    subject: answer.subject,
    preheader: answer.preheader,
    // Compiled MJML is a whole, well-formed document whose <style> carries the column widths and stacking: keep it
    // as a member's email is kept (still sanitised). Our skeleton would undo MJML's layout (decision 059).
    source: answer.mjml ? "existing" : "generated",
    // Generated emails get the one-click accessibility fixes by default (issue 37, decision 108).
    fixes: ["accessibility"],
    language: inputs.language,
  });
  if (!inputs.brandKit) return engine;
  const branded = applyBrandKit(engine.html, inputs.brandKit, inputs.designPalette);
  if (branded === engine.html) return engine;
  const final = await deps.postProcessor.run({
    html: branded,
    subject: engine.subject,
    preheader: engine.preheader,
    source: "existing",
    fixes: ["accessibility"],
    language: inputs.language,
  });
  const changes = [...new Set([...engine.report.changes, ...final.report.changes])];
  return { ...final, report: { ...final.report, changes }, fixes: [...engine.fixes, ...final.fixes] };
}

/** The renderer as candidates use it: renders, no audit (runAxe then skips the axe check). */
function withoutAudit(renderer: Renderer): Renderer {
  return {
    render: (req) => renderer.render(req),
    status: () => renderer.status(),
    close: () => renderer.close(),
  };
}

/**
 * The kept email's report gets axe-core's check (decision 108), run once on the stored HTML at 600 px (decision 117:
 * not on every candidate — candidate selection reads only the fidelity score). An audit that fails costs only its
 * check, as in renderReport.
 */
async function finishReport(ctx: AppContext, best: Candidate): Promise<TEmailReport> {
  if (!best.rendered) return best.report;
  const violations = await runAxe(ctx.renderer, best.html, DESKTOP_WIDTH).catch((err) => {
    ctx.log.warn({ err }, "axe-core audit failed; no axe check");
    return null;
  });
  if (!violations) return best.report;
  const checks = [...best.report.checks.filter((c) => c.id !== "axe"), axeCheck(violations)];
  return { ...best.report, checks, passed: !checks.some((c) => c.status === "fail") };
}

/**
 * The answer's images cropped from the designs and stored (a refinement keeps the parent's images the new HTML
 * still uses, slots renumbered after them); an MJML answer (images already swapped in its source) is compiled and
 * its source kept for download.
 */
async function materialiseAnswer(
  ctx: AppContext,
  a: ParsedAnswer,
  designs: Buffer[],
  inherited: StoredTemplateImage[],
  userId: string,
): Promise<{ html: string; mjml: string | null; images: StoredTemplateImage[] }> {
  const materialised = await materialiseImages({
    html: a.html,
    boxes: cleanBoxes(a.images, designs.length),
    designs,
    storage: ctx.storage,
    publicUrl: ctx.env.publicUrl,
    ownerId: userId,
  });
  const kept = inherited.filter((i) => materialised.html.includes(i.url));
  const images = [...kept, ...materialised.images.map((img, i) => ({ ...img, slot: kept.length + i + 1 }))];
  if (!looksLikeMjml(materialised.html)) return { html: materialised.html, mjml: null, images };
  const mjml = materialised.html;
  const html = await compileMjml(mjml).then(
    (r) => r.html,
    () => {
      throw new GenerationFailure("MALFORMED", GENERATOR_MESSAGES.malformed);
    },
  );
  return { html, mjml, images };
}

/**
 * One repair pass inside the same credit when the score is below the threshold: the design, the rendering and the
 * differences go back to the model. The better-scoring result, or null to keep the first (a failed pass included).
 */
async function repairPass(stage: StageContext, best: Candidate): Promise<Candidate | null> {
  const { deps, job, hooks, inputs } = stage;
  if (!best.score || !best.rendered || best.score.score >= inputs.threshold) return null;
  try {
    // Close-ups of the sections that differ most (decision 122), after the design and the whole rendering.
    const design = inputs.designs[0];
    const crops = design
      ? await repairSectionCrops({
          design,
          rendered: best.rendered.png,
          scored: best.score.sections ?? null,
          layout: inputs.layout,
        })
      : [];
    const second = await callModel(deps, {
      keys: inputs.keys,
      prompt: buildPrompt({
        ...promptInputs(inputs),
        previousHtml: best.mjml ?? best.html,
        format: best.mjml ? "mjml" : GENERATION_FORMAT,
        repair: {
          score: best.score.score,
          differences: [...differences(best.score.parts), ...best.score.differences],
        },
        sectionCrops: crops.length / 2,
      }),
      images: [...designImages(stage), { mimeType: "image/png", data: best.rendered.png }, ...crops],
      signal: hooks.signal,
      structured: true,
    });
    const candidate = await buildCandidate(stage, second.answer, best.images);
    return candidate.score && candidate.score.score > best.score.score ? candidate : null;
  } catch (err) {
    if (err instanceof JobAborted) throw err;
    deps.ctx.log.warn({ err, jobId: job.id }, "repair pass failed; keeping the first result");
    return null;
  }
}

function differences(parts: { structure: number; colour: number; text: number | null }): string[] {
  const out: string[] = [];
  if (parts.structure < 80)
    out.push(
      `Layout similarity ${Math.round(parts.structure)}/100: match the sections, their order, heights and columns.`,
    );
  if (parts.colour < 80)
    out.push(`Colour similarity ${Math.round(parts.colour)}/100: use the design's exact background and text colours.`);
  if (parts.text !== null && parts.text < 80)
    out.push(`Text similarity ${Math.round(parts.text)}/100: use the design's exact words, in the same order.`);
  return out.length ? out : ["Match the design more closely."];
}

async function storeThumbnail(ctx: AppContext, png: Buffer, ownerId: string): Promise<string> {
  // The email engine's thumbnail (the top at 480 px): a "cover" fit to 300 × 600 here scaled any render shorter than
  // twice its width up and kept its middle — a blank or zoomed card for short emails and wide designs.
  const body = await thumbnailOf(png, "webp");
  const file = await ctx.storage.put({ key: `thumbs/${randomUUID()}.webp`, body, contentType: "image/webp", ownerId });
  return absoluteUrl(ctx.env.publicUrl, file.url);
}
