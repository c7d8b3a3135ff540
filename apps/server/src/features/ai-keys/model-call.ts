import type { ModelChunk, ModelClients, ModelFinish } from "../../adapters/model/model-client.js";
import { ModelError, type ModelErrorKind } from "../../adapters/model/model-error.js";
import type { AppContext } from "../../context.js";
import { type AiKey, type ModelCallAnswer, type ModelCallRequest, NoModelAnswered } from "../../core/ai-key-pool.js";
import { secondsSince } from "../../lib/metrics.js";
import { annotateSpan } from "../../lib/trace.js";
import { checkKey } from "./discovery.js";
import { keyFailover, keyOrder } from "./failover.js";
import { modelPolicy } from "./models.js";
import { clientOf, endpointOf, openAiModelOf } from "./provider.js";
import { keysRepo } from "./repo.js";

/**
 * One model call through the key pool (decisions 094, 095, 107, 115, 132, 137): the keys in their order, failover
 * between keys and models, the streamed answer and its metrics — one path for every provider, each key answered by
 * its own provider's client through the neutral model interface. What to ask and what the answer means are the
 * caller's.
 */

/**
 * Keys whose models were never listed are listed now (a fresh install whose first check could not reach Google):
 * the first key that lists its models is enough to choose a model. Returns the keys as stored after that.
 */
async function ensureListed(ctx: AppContext, clients: ModelClients, keys: AiKey[], signal: AbortSignal) {
  if (keys.some((k) => k.models)) return keys;
  for (const key of keyOrder(keys)) {
    const r = await checkKey(ctx, clients, key, signal);
    if (r.ok) break;
  }
  return keysRepo.active(ctx.db);
}

/** A model call's outcome and time for the metrics, labelled by the key's provider, "gemini" or "openai". */
function countModelCall(ctx: AppContext, key: AiKey, model: string, outcome: string, started: number) {
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

interface OpenedAnswer {
  chunks: AsyncGenerator<ModelChunk>;
  key: AiKey;
  model: string;
  /** performance.now() when the call that opened it started. */
  started: number;
}

/**
 * Opens the answer with the first key and model that take the request. Keys come from `failover.ts` (its order; a
 * refused key marked invalid, a quota's wait, the next key or the end, by the failure's kind); a Gemini model that
 * answers NOT_FOUND is retired with a notice and the next model is tried with the same key.
 */
async function openAnswer(ctx: AppContext, clients: ModelClients, req: ModelCallRequest): Promise<OpenedAnswer> {
  const keys = await ensureListed(ctx, clients, req.keys, req.signal);
  const plan = await modelPolicy.plan(ctx, keys);
  const dead = new Set<string>();
  const modelFor = (key: AiKey) =>
    plan.candidates.find((m) => !dead.has(m) && (!key.models || key.models.some((x) => x.id === m)));
  let lastError: ModelError | undefined;
  const failover = keyFailover(ctx, keys, { startedAt: req.startedAt, budgetMs: req.budgetMs, signal: req.signal });
  for (let key = failover.next(); key; key = failover.next()) {
    const model = key.provider === "openai" ? openAiModelOf(key) : modelFor(key);
    if (!model || dead.has(model)) continue;
    const started = performance.now();
    try {
      const info = plan.infos.get(model);
      const chunks = await clientOf(clients, key).stream(endpointOf(key), {
        model,
        prompt: req.prompt,
        images: req.images,
        signal: req.signal,
        ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
        ...(info ? { modelInfo: info } : {}),
        ...(req.schema ? { schema: req.schema } : {}),
      });
      annotateSpan({ "gen_ai.system": key.provider });
      await failover.worked(key);
      return { chunks, key, model, started };
    } catch (err) {
      // Stopped from outside or out of time: the caller says which.
      if (req.signal.aborted || !(err instanceof ModelError)) throw err;
      countModelCall(ctx, key, model, FAILED_OUTCOME[err.kind], started);
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
  throw new NoModelAnswered(lastError);
}

/** One model call: the answer opened with failover, then read whole, each piece handed to `onChunk`. */
export async function callWithPool(
  ctx: AppContext,
  clients: ModelClients,
  req: ModelCallRequest,
): Promise<ModelCallAnswer> {
  const { chunks, key, model, started } = await openAnswer(ctx, clients, req);
  let text = "";
  let finish: ModelFinish | undefined;
  let declined = false;
  let usage: ModelChunk["usage"];
  try {
    for await (const chunk of chunks) {
      text += chunk.text;
      finish = chunk.finish ?? finish;
      // A refusal or safety stop counts even when a later chunk ends with "stop".
      declined ||= chunk.finish === "safety" || chunk.finish === "refusal";
      usage = chunk.usage ?? usage;
      req.onChunk?.(chunk.text);
    }
  } catch (err) {
    const stopped = req.signal.aborted;
    countModelCall(ctx, key, model, stopped ? "stopped" : "stream_error", started);
    if (!stopped && err instanceof ModelError) await keysRepo.recordUse(ctx.db, key.id, err.status, true);
    throw err;
  }
  countModelCall(ctx, key, model, declined ? "blocked" : "ok", started);
  annotateSpan({
    "gen_ai.request.model": model,
    "gen_ai.response.finish_reasons": finish ?? "",
    ...(usage
      ? { "gen_ai.usage.input_tokens": usage.inputTokens, "gen_ai.usage.output_tokens": usage.outputTokens }
      : {}),
  });
  return { text, finish, declined, keyId: key.id, model };
}
