import { createGeminiClient, type GeminiClient } from "../../adapters/gemini/client.js";
import { createOpenAiCompatibleClient } from "../../adapters/openai-compatible/client.js";
import { withOpenAiCompatible } from "../../adapters/openai-compatible/provider-client.js";
import type { AppContext } from "../../context.js";
import { GenerationWorker } from "./jobs/worker.js";

/**
 * The generator's long-lived parts in one app: the model client (every provider behind one interface, decision 115:
 * OpenAI-compatible keys go to their own server) and this instance's job worker. The composition root builds it once,
 * hands it to the routes, and declares the worker's poll and the model discovery with the scheduler.
 */
export interface GeneratorRuntime {
  gemini: GeminiClient;
  worker: GenerationWorker;
}

/** The worker of each app (tests reach it to simulate a crash: workers.get(ctx).stop({ abandon: true })). */
export const workers = new WeakMap<AppContext, GenerationWorker>();

export function createGeneratorRuntime(ctx: AppContext, opts: { gemini?: GeminiClient } = {}): GeneratorRuntime {
  const gemini = withOpenAiCompatible(
    opts.gemini ?? createGeminiClient({ baseUrl: ctx.env.GEMINI_BASE_URL }),
    createOpenAiCompatibleClient({ allowedAddresses: ctx.env.OPENAI_COMPATIBLE_ALLOWED_ORIGINS }),
  );
  const worker = new GenerationWorker(
    { ctx, gemini, postProcessor: ctx.emailEngine },
    { concurrency: ctx.env.GENERATION_CONCURRENCY, leaseMs: ctx.env.GENERATION_LEASE_MS },
  );
  workers.set(ctx, worker);
  return { gemini, worker };
}
