import type { ModelClients } from "../../adapters/model/model-client.js";
import { createModelClients } from "../../adapters/model/model-clients.js";
import type { AppContext } from "../../context.js";
import { GenerationWorker } from "./jobs/worker.js";

/**
 * The generator's long-lived parts in one app: the model clients (one per provider, each key answered by its own
 * provider's — decision 132) and this instance's job worker. The composition root builds it once, hands it to the
 * routes, and declares the worker's poll and the model discovery with the scheduler.
 */
export interface GeneratorRuntime {
  models: ModelClients;
  worker: GenerationWorker;
}

/** The worker of each app (tests reach it to simulate a crash: workers.get(ctx).stop({ abandon: true })). */
export const workers = new WeakMap<AppContext, GenerationWorker>();

export function createGeneratorRuntime(
  ctx: AppContext,
  opts: { models?: Partial<ModelClients> } = {},
): GeneratorRuntime {
  const models = createModelClients(ctx.env, opts.models);
  const worker = new GenerationWorker(
    { ctx, models, postProcessor: ctx.emailEngine },
    { concurrency: ctx.env.GENERATION_CONCURRENCY, leaseMs: ctx.env.GENERATION_LEASE_MS },
  );
  workers.set(ctx, worker);
  return { models, worker };
}
