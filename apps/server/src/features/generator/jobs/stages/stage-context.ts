import type { GenerationEngine, GenerationStage, TDesignLayout } from "@mailsmith/shared";
import type { AiKey } from "../../../../core/ai-key-pool.js";
import type { PaletteColour } from "../../../../email-engine/fidelity/index.js";
import type { EmailWorkerPool } from "../../../../email-engine/pool.js";
import type { GenerationInputs } from "../inputs.js";
import type { ModelDeps } from "../model-call.js";
import type { JobRow } from "../repo.js";

/** What the pipeline runs with: the app, the AI key pool and the email engine's worker threads. */
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

/** What the stages after "reading" work from: the generation's inputs and the keys to call with. */
export interface JobInputs extends GenerationInputs {
  /** What writes the email: fixed when the job started. */
  engine: GenerationEngine;
  /** The active keys (none when the local reader writes). */
  keys: AiKey[];
  /** The designs' colours, read once when a brand kit is to be applied (null: no kit, or no design). */
  designPalette: PaletteColour[] | null;
  /**
   * What the local design reader read in the first design, for every generation: the local reader's
   * email, the model's grounding and the per-section score. Null when there is no design or the reader failed (logged;
   * a model's generation goes on without it).
   */
  layout: TDesignLayout | null;
  /** The member's language: the email's lang when its text is too short to tell. */
  language: string | undefined;
  /**
   * The admin's score threshold when the job started: the repair pass runs below it, and the result's
   * fidelity keeps it for the notice and the free retry.
   */
  threshold: number;
}

/** One stage's view of the job: the dependencies, the job, its hooks and what "reading" found. */
export interface StageContext {
  deps: PipelineDeps;
  job: JobRow;
  hooks: RunHooks;
  inputs: JobInputs;
  /** Throws JobAborted once the job has been stopped from outside. */
  aborted: () => void;
}
