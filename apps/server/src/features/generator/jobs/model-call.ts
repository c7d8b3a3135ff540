import { GENERATOR_MESSAGES } from "@mailsmith/shared";
import type { ModelChunk, ModelClients, ModelFinish, ModelImage } from "../../../adapters/model/model-client.js";
import { ModelError, type ModelErrorKind } from "../../../adapters/model/model-error.js";
import type { AppContext } from "../../../context.js";
import { secondsSince } from "../../../lib/metrics.js";
import { annotateSpan, inSpan } from "../../../lib/trace.js";
import { checkKey } from "../keys/discovery.js";
import { keyFailover, keyOrder } from "../keys/failover.js";
import { modelPolicy } from "../keys/models.js";
import { clientOf, endpointOf, openAiModelOf } from "../keys/provider.js";
import { type KeyRow, keysRepo } from "../keys/repo.js";
import { HtmlFieldDecoder, type ParsedAnswer, parseAnswer } from "./answer.js";
import { GenerationFailure, JobAborted } from "./failures.js";
import { ANSWER_SCHEMA } from "./prompt.js";

/**
 * The "writing" stage's model call (decisions 094, 095, 107, 115, 132): the key pool in its order, failover between
 * keys and models, the time budget, the streamed answer and its metrics — one path for every provider, each key
 * answered by its own provider's client through the neutral model interface. The pipeline calls `callModel`; the
 * local reader (decision 122) writes without it.
 */

/** The answer's temperature: steady, not creative (a reasoning model that takes only its default is asked without). */
const TEMPERATURE = 0.4;

/** What a model call needs: the app and every provider's client. */
export interface ModelDeps {
  ctx: AppContext;
  models: ModelClients;
}

/** Keys must never reach a response, even inside an upstream error text. */
function redact(text: string, keys: KeyRow[]): string {
  let out = text;
  for (const k of keys) if (k.key.length >= 4) out = out.split(k.key).join("[redacted]");
  return out.replace(/AIza[0-9A-Za-z_-]{20,}/g, "[redacted]").slice(0, 300);
}

/**
 * Keys whose models were never listed are listed now (a fresh install whose first check could not reach Google):
 * the first key that lists its models is enough to choose a model. Returns the keys as stored after that.
 */
async function ensureListed(deps: ModelDeps, keys: KeyRow[], signal: AbortSignal): Promise<KeyRow[]> {
  if (keys.some((k) => k.models)) return keys;
  for (const key of keyOrder(keys)) {
    const r = await checkKey(deps.ctx, deps.models, key, signal);
    if (r.ok) break;
  }
  return keysRepo.active(deps.ctx.db);
}

/**
 * One model call with key and model failover, under the generation time budget (decisions 094, 095, 132). Keys come
 * from `keys/failover.ts` (its order; a refused key marked invalid, a quota's wait, the next key or the end, by the
 * failure's kind); a Gemini model that answers NOT_FOUND is retired here with a notice and the next model is tried
 * with the same key. Streams the html deltas to `onHtml`. Throws GenerationFailure with the spec's messages, or
 * JobAborted when the job's signal fired.
 */
export function callModel(deps: ModelDeps, opts: Parameters<typeof callModelOnce>[1]) {
  return inSpan("model call", {}, () => callModelOnce(deps, opts));
}

/** A model call's outcome and time for the metrics (decision 107). */
function countModelCall(ctx: AppContext, key: KeyRow, model: string, outcome: string, started: number) {
  // Labelled by the key's provider, "gemini" or "openai" (decision 119).
  ctx.metrics.modelCalls.observe({ provider: key.provider, model, outcome }, secondsSince(started));
}

/** The metric's outcome of a failed call, the same names for every provider. */
const FAILED_OUTCOME: Record<ModelErrorKind, string> = {
  model_not_found: "model_not_found",
  invalid_key: "refused",
  quota: "rate_limited",
  unavailable: "unreachable",
  address_refused: "unreachable",
  overloaded: "error",
  refused_request: "error",
  bad_answer: "error",
};

async function callModelOnce(
  deps: ModelDeps,
  opts: {
    keys: KeyRow[];
    prompt: string;
    images: ModelImage[];
    signal: AbortSignal;
    structured: boolean;
    onHtml?: (delta: string) => void;
    onText?: (chars: number) => void;
  },
): Promise<{ answer: ParsedAnswer; keyId: string; model: string }> {
  const { ctx, models } = deps;
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
    let chunks: AsyncGenerator<ModelChunk> | undefined;
    let usedKey: KeyRow | undefined;
    let usedModel: string | undefined;
    let lastError: ModelError | undefined;
    const failover = keyFailover(ctx, keys, { startedAt, budgetMs: ctx.env.GEMINI_TIMEOUT_MS, signal });
    let callStarted = 0;
    for (let key = failover.next(); key; key = failover.next()) {
      const model = key.provider === "openai" ? openAiModelOf(key) : modelFor(key);
      if (!model || dead.has(model)) continue;
      try {
        callStarted = performance.now();
        const info = plan.infos.get(model);
        chunks = await clientOf(models, key).stream(endpointOf(key), {
          model,
          prompt: opts.prompt,
          images: opts.images,
          signal,
          temperature: TEMPERATURE,
          ...(info ? { modelInfo: info } : {}),
          ...(opts.structured ? { schema: ANSWER_SCHEMA } : {}),
        });
        usedKey = key;
        usedModel = model;
        annotateSpan({ "gen_ai.system": key.provider });
        await failover.worked(key);
        break;
      } catch (err) {
        const stop = stopped();
        if (stop) throw stop;
        if (!(err instanceof ModelError)) throw err;
        countModelCall(ctx, key, model, FAILED_OUTCOME[err.kind], callStarted);
        lastError = err;
        const moveOn = await failover.failed(key, err);
        if (err.kind === "model_not_found") {
          // Retired (or never there): not the key's fault. The next model, with the same key.
          dead.add(model);
          // An OpenAI-compatible key has one model (its admin's choice): the next key, no Gemini notice.
          if (key.provider === "openai") continue;
          await modelPolicy.retire(ctx, model, plan.candidates.find((m) => !dead.has(m)) ?? null);
          failover.again(key);
          continue;
        }
        if (!moveOn) break;
      }
    }
    if (!chunks || !usedKey || !usedModel) {
      if (!lastError || lastError.status === 0) {
        throw new GenerationFailure("UNREACHABLE", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.unreachable));
      }
      throw new GenerationFailure(
        "API_ERROR",
        GENERATOR_MESSAGES.apiError(lastError.status, redact(lastError.message, opts.keys)),
      );
    }

    let text = "";
    let finish: ModelFinish | undefined;
    let declined = false;
    let usage: ModelChunk["usage"];
    const decoder = new HtmlFieldDecoder();
    try {
      for await (const chunk of chunks) {
        text += chunk.text;
        finish = chunk.finish ?? finish;
        // A refusal or safety stop counts even when a later chunk ends with "stop".
        declined ||= chunk.finish === "safety" || chunk.finish === "refusal";
        usage = chunk.usage ?? usage;
        const delta = decoder.push(chunk.text);
        if (delta) opts.onHtml?.(delta);
        opts.onText?.(text.length);
      }
    } catch (err) {
      const stop = stopped();
      countModelCall(ctx, usedKey, usedModel, stop ? "stopped" : "stream_error", callStarted);
      if (stop) throw stop;
      if (err instanceof ModelError) {
        await keysRepo.recordUse(ctx.db, usedKey.id, err.status, true);
        throw new GenerationFailure(
          "API_ERROR",
          GENERATOR_MESSAGES.apiError(err.status, redact(err.message, opts.keys)),
        );
      }
      throw err;
    }
    const blocked = declined;
    countModelCall(ctx, usedKey, usedModel, blocked ? "blocked" : "ok", callStarted);
    annotateSpan({
      "gen_ai.request.model": usedModel,
      "gen_ai.response.finish_reasons": finish ?? "",
      ...(usage
        ? { "gen_ai.usage.input_tokens": usage.inputTokens, "gen_ai.usage.output_tokens": usage.outputTokens }
        : {}),
    });
    const stop = stopped();
    if (stop) throw stop;
    if (blocked) {
      throw new GenerationFailure("BLOCKED", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.blocked));
    }
    if (text.trim() === "") throw new GenerationFailure("NO_TEXT", GENERATOR_MESSAGES.noText);
    const answer = parseAnswer(text);
    if (!answer) {
      const cut = finish === "length";
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
