import { LOCAL_READER_ENGINE } from "@mailsmith/shared";
import type { StoredTemplateImage } from "../../../db/schema/index.js";
import { secondsSince } from "../../../lib/metrics.js";
import { inSpan } from "../../../lib/trace.js";
import { GenerationFailure, JobAborted } from "./failures.js";
import type { JobRow } from "./repo.js";
import { buildCandidate } from "./stages/candidate.js";
import { finishResult, type JobResult } from "./stages/finish.js";
import { readInputs } from "./stages/read-inputs.js";
import { repairPass } from "./stages/repair.js";
import type { PipelineDeps, RunHooks, StageContext } from "./stages/stage-context.js";
import { writeEmail } from "./stages/write-email.js";

export { GenerationFailure, JobAborted } from "./failures.js";
export type { JobResult } from "./stages/finish.js";
export type { PipelineDeps, RunHooks } from "./stages/stage-context.js";

/**
 * Runs one job through its stages (each in `stages/`, its inputs and outputs typed): reading the design (the design
 * reader too) → writing (the prompt and the model's answer, or the local reader — decision 122) → checking (pictures,
 * the email engine) → rendering → scoring → one repair pass below the admin's threshold (decision 136), inside the
 * same credit, when a model wrote it → the result the worker saves.
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
  const stage = await reading(deps, job, hooks);
  const written = await writeEmail(stage);
  const inherited = (stage.inputs.parent?.images ?? []) as StoredTemplateImage[];
  const first = await buildCandidate(stage, written.answer, inherited);
  const repaired = stage.inputs.engine === LOCAL_READER_ENGINE ? null : await repairPass(stage, first);
  return finishResult(stage, repaired ?? first, { written, repaired: repaired !== null });
}

/** "reading": the job's inputs, and the view of the job every later stage gets. */
async function reading(deps: PipelineDeps, job: JobRow, hooks: RunHooks): Promise<StageContext> {
  const aborted = () => {
    if (hooks.signal.aborted) throw new JobAborted("stopped");
  };
  await hooks.stage("reading", 10);
  const inputs = await readInputs(deps, job, hooks.signal);
  aborted();
  return { deps, job, hooks, inputs, aborted };
}
