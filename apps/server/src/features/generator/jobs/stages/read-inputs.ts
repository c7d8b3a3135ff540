import { GENERATOR_MESSAGES, type TDesignLayout } from "@mailsmith/shared";
import type { AppContext } from "../../../../context.js";
import { findUserById } from "../../../../core/identity/users.js";
import { extractPalette } from "../../../../email-engine/fidelity/index.js";
import { toRaster } from "../../../../email-engine/fidelity/normalise.js";
import { readUpload } from "../../design-images.js";
import { generationsRepo } from "../../repo.js";
import { GenerationFailure, JobAborted } from "../failures.js";
import type { JobRow } from "../repo.js";
import { scoreThreshold } from "../score-threshold.js";
import type { JobInputs, PipelineDeps } from "./stage-context.js";

/**
 * "reading": the active keys and the generation's inputs (decision 113) from the job row: the stored designs, the
 * template being changed (a refinement), the brand kit snapshot; what the design reader reads in the first design;
 * and the admin's score threshold.
 */
export async function readInputs(
  { ctx, keys: pool }: PipelineDeps,
  job: JobRow,
  signal: AbortSignal,
): Promise<JobInputs> {
  const keys = job.engine === "model" ? await pool.active() : [];
  if (job.engine === "model" && keys.length === 0) {
    throw new GenerationFailure("NO_API_KEYS", GENERATOR_MESSAGES.noApiKeys);
  }
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
  const { emailType, instructions, engine } = job;
  const layout = designs[0] ? await readLayout(ctx, job, designs[0], signal) : null;
  const language = (await findUserById(ctx.db, job.userId))?.language;
  const { threshold } = await scoreThreshold.read(ctx.db);
  return {
    engine,
    keys,
    designs,
    parent,
    emailType,
    instructions,
    brandKit,
    designPalette,
    layout,
    language,
    threshold,
  };
}

/** The design reader's layout of a design, or null when it cannot read it (a model's generation goes on). */
async function readLayout(
  ctx: AppContext,
  job: JobRow,
  design: Buffer,
  signal: AbortSignal,
): Promise<TDesignLayout | null> {
  try {
    return await ctx.designReader.read(design, { signal });
  } catch (err) {
    if (signal.aborted) throw new JobAborted("stopped");
    ctx.log.warn({ err, jobId: job.id, engine: job.engine }, "the design reader could not read the design");
    return null;
  }
}
