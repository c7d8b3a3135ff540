import type { AppContext } from "../../../context.js";
import { type JobRow, jobsRepo } from "./repo.js";

/**
 * A job's credit: the charge key the service books when it starts an attempt, and the one refund when the attempt
 * fails or is cancelled. Both the service (cancel) and the worker (failure, lease lost too often) end jobs here, so
 * neither imports the other.
 */

/** Ledger keys: one charge and at most one refund per attempt (attempt 1 keeps the older request-bound keys). */
export const chargeKey = (id: string, attempt: number) =>
  attempt === 1 ? `generation:${id}` : `generation:${id}:${attempt}`;
export const refundKey = (id: string, attempt: number) => (attempt === 1 ? `refund:${id}` : `refund:${id}:${attempt}`);

/**
 * Ends a job as failed or cancelled and refunds its credit, in one transaction and exactly once: the status change
 * is conditional (from the given states), and the refund happens only if this call flipped `charged`.
 * Returns the updated row, or undefined when the job was not in one of those states.
 */
export async function endAndRefund(
  ctx: AppContext,
  id: string,
  to: "failed" | "cancelled",
  where: { workerId?: string; from: readonly ("queued" | "running")[] },
  error: { code: string; message: string },
): Promise<JobRow | undefined> {
  const ended = await ctx.db.transaction(async (tx) => {
    const row = await jobsRepo.end(tx, id, to, where, error);
    if (!row) return undefined;
    if (await jobsRepo.uncharge(tx, id)) {
      await ctx.credits.apply(
        {
          userId: row.userId,
          delta: row.credit,
          reason: "refund",
          sourceKey: refundKey(row.id, row.attempt),
          meta: { generationId: row.id, code: error.code, attempt: row.attempt },
        },
        tx,
      );
    }
    return row;
  });
  return ended ? jobsRepo.find(ctx.db, id) : undefined;
}
