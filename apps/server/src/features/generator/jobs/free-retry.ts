import { GENERATION_FIDELITY_MESSAGES, GENERATION_JOB_MESSAGES, GENERATOR_MESSAGES } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import type { AiKeyPool } from "../../../core/ai-key-pool.js";
import type { UserRow } from "../../../core/identity/users.js";
import { AppError, notFound } from "../../../lib/app-error.js";
import { assertOwnerOrAdmin } from "../../../plugins/access.js";
import { balanceOf, canRetryFree, type JobRow, jobsRepo } from "./repo.js";

/** PostgreSQL's unique_violation, from either driver (PGlite wraps it in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * "Retry free": a generation whose result stayed below the threshold after the repair
 * pass may run once more from the same inputs without a credit. The retry is a new job (the result stays a template
 * of its own) with no credit held, so nothing is charged and nothing refunded. Once per job, enforced twice: the
 * original's free_retry_job_id is set only while empty (conditional update), and free_retry_of is unique — two
 * requests at once make one job.
 */
export async function retryFree(
  ctx: AppContext,
  keys: AiKeyPool,
  caller: UserRow,
  id: string,
): Promise<{ job: JobRow; balance: number }> {
  const row = await jobsRepo.find(ctx.db, id);
  if (!row) throw notFound(GENERATION_JOB_MESSAGES.jobNotFound);
  assertOwnerOrAdmin(caller, row.userId, GENERATION_JOB_MESSAGES.jobNotFound);
  if (row.userId !== caller.id) throw new AppError("FORBIDDEN", GENERATION_FIDELITY_MESSAGES.retryFreeNotAllowed, 403);
  if (!canRetryFree(row)) {
    const used = Boolean(row.freeRetryJobId);
    throw new AppError(
      used ? "FREE_RETRY_USED" : "NOT_RETRYABLE",
      used ? GENERATION_FIDELITY_MESSAGES.retryFreeUsed : GENERATION_FIDELITY_MESSAGES.retryFreeNotAllowed,
      409,
    );
  }
  if (row.engine === "model" && (await keys.active()).length === 0) {
    throw new AppError("NO_API_KEYS", GENERATOR_MESSAGES.noApiKeys, 503);
  }
  try {
    const job = await ctx.db.transaction(async (tx) => {
      const next = await jobsRepo.insert(tx, {
        userId: row.userId,
        kind: row.kind,
        parentId: row.parentId,
        emailType: row.emailType,
        instructions: row.instructions,
        uploads: row.uploads,
        thumbnails: row.thumbnails,
        variantGroup: null,
        variantIndex: 0,
        credit: 0,
        charged: false,
        engine: row.engine,
        progress: 5,
        brandKit: row.brandKit,
        freeRetryOf: row.id,
      });
      if (!(await jobsRepo.takeFreeRetry(tx, row.id, caller.id, next.id))) {
        throw new AppError("FREE_RETRY_USED", GENERATION_FIDELITY_MESSAGES.retryFreeUsed, 409);
      }
      return next;
    });
    return { job, balance: await balanceOf(ctx.db, caller.id) };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("FREE_RETRY_USED", GENERATION_FIDELITY_MESSAGES.retryFreeUsed, 409);
    throw err;
  }
}
