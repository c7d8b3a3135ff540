import {
  CREDITS_PER_GENERATION,
  GENERATOR_MESSAGES,
  type GenerationEngine,
  LOCAL_READER_ENGINE,
  LOCAL_READER_MESSAGES,
  type TGeneratorStatus,
} from "@mailsmith/shared";
import type { AiKeyPool } from "../../../core/ai-key-pool.js";
import { checkDesignReadable } from "../../../design-reader/index.js";
import { AppError } from "../../../lib/app-error.js";

/**
 * Which engine writes a generation, and what it costs (decision 122). Decided once, when the job starts,
 * and stored on the job with its credit: a retry or a resumed job keeps both, whatever changes meanwhile.
 * - A new generation: the local reader when the admin chose it for every generation, or when no AI key works (no
 *   active key; keys marked invalid are still tried, since one that works again is marked OK — decision 095); else
 *   the model. The local reader costs what the admin
 *   set (0 or more credits), the model the spec's 1 credit. With the local reader turned off, no active key blocks
 *   generation with the spec's "No API keys available".
 * - A refinement changes an email by written instructions: only a model can, so with no active key it is refused
 *   before any credit is taken.
 */
export interface EnginePlan {
  engine: GenerationEngine;
  /** Credits per job. */
  credit: number;
}

export async function planEngine(pool: AiKeyPool, kind: "generate" | "refine"): Promise<EnginePlan> {
  const keys = await pool.active();
  if (kind === "refine") {
    if (keys.length === 0) throw new AppError("NO_API_KEYS", LOCAL_READER_MESSAGES.refineNeedsModel, 503);
    return { engine: "model", credit: CREDITS_PER_GENERATION };
  }
  const settings = await pool.localReader();
  if (settings.mode === "off") {
    if (keys.length === 0) throw new AppError("NO_API_KEYS", GENERATOR_MESSAGES.noApiKeys, 503);
    return { engine: "model", credit: CREDITS_PER_GENERATION };
  }
  if (settings.mode === "always" || keys.length === 0) {
    return { engine: LOCAL_READER_ENGINE, credit: settings.credits };
  }
  return { engine: "model", credit: CREDITS_PER_GENERATION };
}

/**
 * Before the credit of a local-reader generation is taken: there is a design, and each one looks like an email the
 * reader can read (not blank, tiny, animated or a lone photo) — else the reader's own message, 422, nothing stored.
 */
export async function assertReadable(plan: EnginePlan, designs: Buffer[]): Promise<void> {
  if (plan.engine !== LOCAL_READER_ENGINE) return;
  if (designs.length === 0) throw new AppError("DESIGN_REQUIRED", LOCAL_READER_MESSAGES.designRequired, 422);
  for (const design of designs) {
    const verdict = await checkDesignReadable(design);
    if (!verdict.ok) throw new AppError(verdict.code, verdict.message, 422);
  }
}

/** For members: whether a generation can start, what writes it and what it costs (never a key). */
export async function generatorStatus(pool: AiKeyPool): Promise<TGeneratorStatus> {
  const plan = await planEngine(pool, "generate").catch((err: unknown) => {
    if (err instanceof AppError && err.code === "NO_API_KEYS") return null;
    throw err;
  });
  const model = await pool.modelInUse();
  if (!plan) return { available: false, model, creditsPerGeneration: CREDITS_PER_GENERATION, engine: "model" };
  return {
    available: true,
    model: plan.engine === LOCAL_READER_ENGINE ? LOCAL_READER_ENGINE : model,
    creditsPerGeneration: plan.credit,
    engine: plan.engine,
  };
}
