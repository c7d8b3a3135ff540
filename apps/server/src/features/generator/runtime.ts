import type { AppContext } from "../../context.js";
import type { AiKeyPool } from "../../core/ai-key-pool.js";
import { GenerationWorker } from "./jobs/worker.js";

/**
 * The generator's long-lived parts in one app: the AI key pool it writes with (the ai-keys feature's, handed over by
 * the composition root — decision 137) and this instance's job worker. The composition root builds it once, hands it
 * to the routes, and declares the worker's poll with the scheduler.
 */
export interface GeneratorRuntime {
  keys: AiKeyPool;
  worker: GenerationWorker;
}

/** The worker of each app (tests reach it to simulate a crash: workers.get(ctx).stop({ abandon: true })). */
export const workers = new WeakMap<AppContext, GenerationWorker>();

export function createGeneratorRuntime(ctx: AppContext, opts: { keys: AiKeyPool }): GeneratorRuntime {
  const worker = new GenerationWorker(
    { ctx, keys: opts.keys, postProcessor: ctx.emailEngine },
    { concurrency: ctx.env.GENERATION_CONCURRENCY, leaseMs: ctx.env.GENERATION_LEASE_MS },
  );
  workers.set(ctx, worker);
  return { keys: opts.keys, worker };
}
