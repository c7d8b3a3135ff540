import { GENERATOR_MESSAGES } from "@mailsmith/shared";
import type { ModelImage } from "../../../adapters/model/model-client.js";
import { ModelError } from "../../../adapters/model/model-error.js";
import type { AppContext } from "../../../context.js";
import { type AiKey, type AiKeyPool, NoModelAnswered } from "../../../core/ai-key-pool.js";
import { inSpan } from "../../../lib/trace.js";
import { HtmlFieldDecoder, type ParsedAnswer, parseAnswer } from "./answer.js";
import { GenerationFailure, JobAborted } from "./failures.js";
import { ANSWER_SCHEMA } from "./prompt.js";

/**
 * The "writing" stage's model call (decisions 094, 095, 107, 132, 137): the prompt and pictures go to the AI key pool
 * (which key and model answer, failover and metrics are the pool's), under the generation time budget; the answer
 * streams to the job's watchers and is read as an email. The local reader (decision 122) writes without it.
 */

/** The answer's temperature: steady, not creative (a reasoning model that takes only its default is asked without). */
const TEMPERATURE = 0.4;

/** What a model call needs: the app and the AI key pool. */
export interface ModelDeps {
  ctx: AppContext;
  keys: AiKeyPool;
}

/** Keys must never reach a response, even inside an upstream error text. */
function redact(text: string, keys: AiKey[]): string {
  let out = text;
  for (const k of keys) if (k.key.length >= 4) out = out.split(k.key).join("[redacted]");
  return out.replace(/AIza[0-9A-Za-z_-]{20,}/g, "[redacted]").slice(0, 300);
}

/**
 * One model call under the generation time budget. Streams the html deltas to `onHtml`. Throws GenerationFailure
 * with the spec's messages, or JobAborted when the job's signal fired.
 */
export function callModel(deps: ModelDeps, opts: Parameters<typeof callModelOnce>[1]) {
  return inSpan("model call", {}, () => callModelOnce(deps, opts));
}

/** The spec's message for a call no key answered, or whose answer broke off. */
function callFailure(err: NoModelAnswered | ModelError, keys: AiKey[]): GenerationFailure {
  const error = err instanceof NoModelAnswered ? err.lastError : err;
  if (!error || (err instanceof NoModelAnswered && error.status === 0)) {
    return new GenerationFailure("UNREACHABLE", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.unreachable));
  }
  return new GenerationFailure("API_ERROR", GENERATOR_MESSAGES.apiError(error.status, redact(error.message, keys)));
}

async function callModelOnce(
  deps: ModelDeps,
  opts: {
    keys: AiKey[];
    prompt: string;
    images: ModelImage[];
    signal: AbortSignal;
    structured: boolean;
    onHtml?: (delta: string) => void;
    onText?: (chars: number) => void;
  },
): Promise<{ answer: ParsedAnswer; keyId: string; model: string }> {
  const { ctx } = deps;
  const budget = new AbortController();
  const startedAt = Date.now();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    budget.abort();
  }, ctx.env.GEMINI_TIMEOUT_MS);
  const stopped = () => {
    if (opts.signal.aborted) return new JobAborted("stopped");
    if (timedOut) return new GenerationFailure("TIMEOUT", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout));
    return null;
  };
  const decoder = new HtmlFieldDecoder();
  let chars = 0;
  try {
    const written = await deps.keys.call({
      keys: opts.keys,
      prompt: opts.prompt,
      images: opts.images,
      signal: AbortSignal.any([budget.signal, opts.signal]),
      startedAt,
      budgetMs: ctx.env.GEMINI_TIMEOUT_MS,
      temperature: TEMPERATURE,
      ...(opts.structured ? { schema: ANSWER_SCHEMA } : {}),
      onChunk: (text) => {
        chars += text.length;
        const delta = decoder.push(text);
        if (delta) opts.onHtml?.(delta);
        opts.onText?.(chars);
      },
    });
    const stop = stopped();
    if (stop) throw stop;
    if (written.declined) {
      throw new GenerationFailure("BLOCKED", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.blocked));
    }
    if (written.text.trim() === "") throw new GenerationFailure("NO_TEXT", GENERATOR_MESSAGES.noText);
    const answer = parseAnswer(written.text);
    if (!answer) {
      const cut = written.finish === "length";
      throw new GenerationFailure(
        cut ? "TRUNCATED" : "MALFORMED",
        GENERATOR_MESSAGES.error(cut ? GENERATOR_MESSAGES.truncated : GENERATOR_MESSAGES.malformed),
      );
    }
    return { answer, keyId: written.keyId, model: written.model };
  } catch (err) {
    const stop = stopped();
    if (stop && !(err instanceof GenerationFailure) && !(err instanceof JobAborted)) throw stop;
    if (err instanceof NoModelAnswered || err instanceof ModelError) throw callFailure(err, opts.keys);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
