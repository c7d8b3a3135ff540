import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  GEMINI_HEALTH_MESSAGES,
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_MESSAGES,
  type GenerationStage,
  type TEmailReport,
  type TFidelitySection,
  type TGenerationFidelity,
} from "@mailsmith/shared";
import { type GeminiClient, GeminiHttpError, type InlineImage } from "../../../adapters/gemini/client.js";
import { thinkingFor } from "../../../adapters/gemini/models.js";
import type { Renderer } from "../../../adapters/renderer/renderer.js";
import type { AppContext } from "../../../context.js";
import type { StoredTemplateImage } from "../../../db/schema/index.js";
import { axeCheck, runAxe } from "../../../email-engine/checks/axe.js";
import { extractPalette, type PaletteColour } from "../../../email-engine/fidelity/index.js";
import { toRaster } from "../../../email-engine/fidelity/normalise.js";
import { compileMjml, looksLikeMjml } from "../../../email-engine/mjml.js";
import type { EmailWorkerPool } from "../../../email-engine/pool.js";
import { DESKTOP_WIDTH, renderIntoReport, thumbnailOf } from "../../../email-engine/render-report.js";
import type { ProcessEmailResult } from "../../../email-engine/types.js";
import { secondsSince } from "../../../lib/metrics.js";
import { annotateSpan, inSpan } from "../../../lib/trace.js";
import { absoluteUrl, cleanBoxes, materialiseImages, readUpload } from "../design-images.js";
import { checkKey, refusalReason } from "../keys/discovery.js";
import { modelPolicy } from "../keys/models.js";
import { openAiModelOf, providerOf } from "../keys/provider.js";
import { type KeyRow, keysRepo, REPEATED_FAILURES } from "../keys/repo.js";
import { generationsRepo } from "../repo.js";
import { HtmlFieldDecoder, type ParsedAnswer, parseAnswer } from "./answer.js";
import { applyBrandKit } from "./brand-pass.js";
import type { GenerationInputs } from "./inputs.js";
import { ANSWER_SCHEMA, buildPrompt, type PromptInput } from "./prompt.js";
import type { JobRow } from "./repo.js";
import { fidelityOutcome, type RenderedEmail, renderEmail, scoreAgainstDesign } from "./scoring.js";

/**
 * What the model is asked to write. HTML until the MJML-vs-HTML experiment (npm run experiment:mjml-vs-html, decision
 * 059) has been run with a real model; an MJML answer is accepted either way and compiled (its source kept).
 */
export const GENERATION_FORMAT: "html" | "mjml" = "html";
/** HTTP statuses after which the next key in the pool is tried (0: the service could not be reached). */
const FAILOVER = (status: number) => status === 0 || status === 429 || status >= 500;
/** The longest wait a 429's RetryInfo gets (decision 095); a 429 without one waits this. */
const MAX_BACKOFF_MS = 30_000;
const DEFAULT_BACKOFF_MS = 2_000;
/** A key Google rate-limited is tried after the others for the retryDelay it gave (at most an hour). */
const MAX_RATE_LIMITED_MS = 60 * 60 * 1000;

export interface PipelineDeps {
  ctx: AppContext;
  gemini: GeminiClient;
  /** Email post-processing off the event loop (worker threads). */
  postProcessor: EmailWorkerPool;
}

/** A failure the member is told about (the credit is refunded). */
export class GenerationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The job was stopped from outside (cancel, shutdown, lease lost): the caller decides what that means. */
export class JobAborted extends Error {}

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
  /** The model that wrote the answer. */
  model: string;
  /** Closeness to the design with the sections that differ (decision 123); null when not scored. */
  fidelity?: TGenerationFidelity | null;
}

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * The order keys are tried in (decision 095): working keys in random order, then rate-limited ones (soonest free
 * first); keys marked invalid only when no other key is left — then all of them, since a key that works again is
 * marked OK.
 */
export function keyOrder(keys: KeyRow[], now = new Date()): KeyRow[] {
  const valid = keys.filter((k) => !k.invalidReason);
  const limited = (k: KeyRow) => Boolean(k.rateLimitedUntil && k.rateLimitedUntil > now);
  const usable = [
    ...shuffle(valid.filter((k) => !limited(k))),
    ...valid.filter(limited).sort((a, b) => a.rateLimitedUntil!.getTime() - b.rateLimitedUntil!.getTime()),
  ];
  return usable.length ? usable : shuffle(keys);
}

/** Keys must never reach a response, even inside an upstream error text. */
function redact(text: string, keys: KeyRow[]): string {
  let out = text;
  for (const k of keys) if (k.key.length >= 4) out = out.split(k.key).join("[redacted]");
  return out.replace(/AIza[0-9A-Za-z_-]{20,}/g, "[redacted]").slice(0, 300);
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

/**
 * Keys whose models were never listed are listed now (a fresh install whose first check could not reach Google):
 * the first key that lists its models is enough to choose a model. Returns the keys as stored after that.
 */
async function ensureListed(deps: PipelineDeps, keys: KeyRow[], signal: AbortSignal): Promise<KeyRow[]> {
  if (keys.some((k) => k.models)) return keys;
  for (const key of keyOrder(keys)) {
    const r = await checkKey(deps.ctx, deps.gemini, key, signal);
    if (r.ok) break;
  }
  return keysRepo.active(deps.ctx.db);
}

/**
 * One model call with key and model failover, under the generation time budget (decisions 094, 095). Keys are tried
 * in keyOrder; a key Google refuses (API_KEY_INVALID, PERMISSION_DENIED) is marked invalid and the next key is tried;
 * a 429 waits the RetryInfo delay (at most 30 s, and only while the budget allows) before the next key, since keys of
 * one Google project share one quota; a model that answers NOT_FOUND is retired with a notice and the next model is
 * tried with the same key. Streams the html deltas to `onHtml`. Throws GenerationFailure with the spec's messages, or
 * JobAborted when the job's signal fired.
 */
function callModel(deps: PipelineDeps, opts: Parameters<typeof callModelOnce>[1]) {
  return inSpan("model call", { "gen_ai.system": "gemini" }, () => callModelOnce(deps, opts));
}

/** A model call's outcome and time for the metrics (decision 107). */
function countModelCall(ctx: AppContext, key: KeyRow, model: string, outcome: string, started: number) {
  // Labelled by the key's provider, "gemini" or "openai" (decision 119).
  ctx.metrics.modelCalls.observe({ provider: key.provider, model, outcome }, secondsSince(started));
}

const failedCallOutcome = (err: GeminiHttpError) =>
  err.modelNotFound
    ? "model_not_found"
    : err.keyRefused
      ? "refused"
      : err.status === 429
        ? "rate_limited"
        : err.status === 0
          ? "unreachable"
          : "error";

async function callModelOnce(
  deps: PipelineDeps,
  opts: {
    keys: KeyRow[];
    prompt: string;
    images: InlineImage[];
    signal: AbortSignal;
    structured: boolean;
    onHtml?: (delta: string) => void;
    onText?: (chars: number) => void;
  },
): Promise<{ answer: ParsedAnswer; keyId: string; model: string }> {
  const { ctx, gemini } = deps;
  const budget = new AbortController();
  const startedAt = Date.now();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    budget.abort();
  }, ctx.env.GEMINI_TIMEOUT_MS);
  const signal = AbortSignal.any([budget.signal, opts.signal]);
  const stopped = () => {
    if (opts.signal.aborted) return new JobAborted("stopped");
    if (timedOut) return new GenerationFailure("TIMEOUT", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout));
    return null;
  };
  try {
    const keys = await ensureListed(deps, opts.keys, signal);
    const plan = await modelPolicy.plan(ctx, keys);
    const dead = new Set<string>();
    const modelFor = (key: KeyRow) =>
      plan.candidates.find((m) => !dead.has(m) && (!key.models || key.models.some((x) => x.id === m)));
    let chunks: Awaited<ReturnType<GeminiClient["stream"]>> | undefined;
    let usedKey: KeyRow | undefined;
    let usedModel: string | undefined;
    let lastError: GeminiHttpError | undefined;
    const queue = keyOrder(keys);
    const single = queue.length === 1;
    let retriedAfter429 = false;
    let callStarted = 0;
    while (queue.length > 0) {
      const key = queue.shift()!;
      const model = key.provider === "openai" ? openAiModelOf(key) : modelFor(key);
      if (!model || dead.has(model)) continue;
      try {
        callStarted = performance.now();
        chunks = await gemini.stream({
          apiKey: key.key,
          model,
          prompt: opts.prompt,
          images: opts.images,
          signal,
          thinking: thinkingFor(model, plan.infos.get(model)),
          ...(opts.structured ? { responseSchema: ANSWER_SCHEMA as never } : {}),
          ...providerOf(key),
        });
        usedKey = key;
        usedModel = model;
        await keysRepo.recordUse(ctx.db, key.id, 200, false);
        if (key.invalidReason || key.failStreak || key.rateLimitedUntil) await keysRepo.markWorking(ctx.db, key.id);
        break;
      } catch (err) {
        const stop = stopped();
        if (stop) throw stop;
        if (!(err instanceof GeminiHttpError)) throw err;
        countModelCall(ctx, key, model, failedCallOutcome(err), callStarted);
        await keysRepo.recordUse(ctx.db, key.id, err.status, true);
        lastError = err;
        if (err.modelNotFound) {
          // Retired (or never there): not the key's fault. The next model, with the same key.
          dead.add(model);
          // An OpenAI-compatible key has one model (its admin's choice): the next key, no Gemini notice.
          if (key.provider === "openai") continue;
          await modelPolicy.retire(ctx, model, plan.candidates.find((m) => !dead.has(m)) ?? null);
          queue.unshift(key);
          continue;
        }
        if (err.keyRefused) {
          await keysRepo.markInvalid(ctx.db, key.id, refusalReason(err, key));
          ctx.log.warn(
            { keyId: key.id, status: err.status, reason: err.reason },
            "Gemini refused a key; marked invalid",
          );
          continue;
        }
        if (!FAILOVER(err.status)) break;
        if (err.status === 429) {
          const delay = err.retryDelayMs ?? DEFAULT_BACKOFF_MS;
          await keysRepo.markRateLimited(ctx.db, key.id, new Date(Date.now() + Math.min(delay, MAX_RATE_LIMITED_MS)));
          // Keys of one Google project share one quota: wait as asked (bounded) before the next key — unless the
          // wait would leave too little of the budget for the answer, then the next key (maybe another project) now.
          const wait = Math.min(delay, MAX_BACKOFF_MS);
          const reserve = Math.min(MAX_BACKOFF_MS, ctx.env.GEMINI_TIMEOUT_MS / 2);
          if (Date.now() - startedAt + wait + reserve <= ctx.env.GEMINI_TIMEOUT_MS)
            await sleep(wait, undefined, { signal });
          if (single && !retriedAfter429) {
            retriedAfter429 = true;
            queue.push(key);
          }
        } else if (err.status !== 0) {
          await keysRepo.recordFailure(
            ctx.db,
            key.id,
            GEMINI_HEALTH_MESSAGES.reasonRepeated(REPEATED_FAILURES, `${err.status} ${err.googleStatus}`.trim()),
          );
        }
        ctx.log.warn({ keyId: key.id, status: err.status }, "Gemini key failed; trying the next one");
      }
    }
    if (!chunks || !usedKey || !usedModel) {
      if (!lastError || lastError.status === 0) {
        throw new GenerationFailure("UNREACHABLE", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.unreachable));
      }
      throw new GenerationFailure(
        "API_ERROR",
        GENERATOR_MESSAGES.apiError(lastError.status, redact(lastError.detail, opts.keys)),
      );
    }

    let text = "";
    let finishReason: string | undefined;
    let blockReason: string | undefined;
    const decoder = new HtmlFieldDecoder();
    try {
      for await (const chunk of chunks) {
        text += chunk.text;
        finishReason = chunk.finishReason ?? finishReason;
        blockReason = chunk.blockReason ?? blockReason;
        const delta = decoder.push(chunk.text);
        if (delta) opts.onHtml?.(delta);
        opts.onText?.(text.length);
      }
    } catch (err) {
      const stop = stopped();
      countModelCall(ctx, usedKey, usedModel, stop ? "stopped" : "stream_error", callStarted);
      if (stop) throw stop;
      if (err instanceof GeminiHttpError) {
        await keysRepo.recordUse(ctx.db, usedKey.id, err.status, true);
        throw new GenerationFailure(
          "API_ERROR",
          GENERATOR_MESSAGES.apiError(err.status, redact(err.detail, opts.keys)),
        );
      }
      throw err;
    }
    const blocked = Boolean(blockReason) || finishReason === "SAFETY" || finishReason === "PROHIBITED_CONTENT";
    countModelCall(ctx, usedKey, usedModel, blocked ? "blocked" : "ok", callStarted);
    annotateSpan({ "gen_ai.request.model": usedModel, "gemini.finish_reason": finishReason ?? "" });
    const stop = stopped();
    if (stop) throw stop;
    if (blocked) {
      throw new GenerationFailure("BLOCKED", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.blocked));
    }
    if (text.trim() === "") throw new GenerationFailure("NO_TEXT", GENERATOR_MESSAGES.noText);
    const answer = parseAnswer(text);
    if (!answer) {
      const cut = finishReason === "MAX_TOKENS";
      throw new GenerationFailure(
        cut ? "TRUNCATED" : "MALFORMED",
        GENERATOR_MESSAGES.error(cut ? GENERATOR_MESSAGES.truncated : GENERATOR_MESSAGES.malformed),
      );
    }
    return { answer, keyId: usedKey.id, model: usedModel };
  } catch (err) {
    const stop = stopped();
    if (stop && !(err instanceof GenerationFailure) && !(err instanceof JobAborted)) throw stop;
    throw err;
  } finally {
    clearTimeout(timer);
  }
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
    /** Per section (decision 123): what differs, design order first. */
    sections?: TFidelitySection[] | null;
    /** Each differing section's design crop beside the email's (PNG), in the order of `sections`. */
    sectionPictures?: Buffer[];
  } | null;
}

/** What the stages after "reading" work from: the generation's inputs (decision 113) and the keys to call with. */
interface JobInputs extends GenerationInputs {
  keys: KeyRow[];
  /** The designs' colours, read once when a brand kit is to be applied (null: no kit, or no design). */
  designPalette: PaletteColour[] | null;
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
 * Runs one job through its stages: reading the design, writing (the model), checking (images cropped and
 * stored, post-processing), rendering, scoring (and one repair pass below the threshold, inside the same credit).
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
  const inputs = await readInputs(deps.ctx, job);
  aborted();
  const stage: StageContext = { deps, job, hooks, inputs, aborted };

  await hooks.stage("writing", 20);
  const { answer, keyId, model } = await writeAnswer(stage);
  const first = await buildCandidate(stage, answer, (inputs.parent?.images ?? []) as StoredTemplateImage[]);
  const repairedCandidate = await repairPass(stage, first);
  const best = repairedCandidate ?? first;

  const [thumbnailUrl, report] = await Promise.all([
    best.rendered ? storeThumbnail(deps.ctx, best.rendered.png, job.userId).catch(() => null) : null,
    finishReport(deps.ctx, best),
  ]);
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
    fidelity: await fidelityOutcome(deps.ctx, best.score, { jobId: job.id, userId: job.userId }),
  };
}

/**
 * "reading": the active keys and the generation's inputs (decision 113) from the job row: the stored designs, the
 * template being changed (a refinement), the brand kit snapshot.
 */
async function readInputs(ctx: AppContext, job: JobRow): Promise<JobInputs> {
  const keys = await keysRepo.active(ctx.db);
  if (keys.length === 0) throw new GenerationFailure("NO_API_KEYS", GENERATOR_MESSAGES.noApiKeys);
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
  const { emailType, instructions } = job;
  return { keys, designs, parent, emailType, instructions, brandKit, designPalette };
}

/** The part of every prompt (first pass and repair pass) that comes from the generation's inputs. */
const promptInputs = (inputs: JobInputs): Omit<PromptInput, "previousHtml" | "format" | "repair"> => ({
  emailType: inputs.emailType,
  instructions: inputs.instructions,
  imageCount: inputs.designs.length,
  brandKit: inputs.brandKit,
});

const designImages = ({ job, inputs }: StageContext): InlineImage[] =>
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
          { sectionPictures: true },
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
  if (!best.score || !best.rendered || best.score.score >= GENERATION_JOB_LIMITS.repairBelowScore) return null;
  try {
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
      }),
      images: [...designImages(stage), { mimeType: "image/png", data: best.rendered.png }],
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
