import type { GenerationStage, TGenerationFidelity, TGenerationJob } from "@mailsmith/shared";
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { generationJobs, user } from "../../../db/schema/index.js";

export type JobRow = typeof generationJobs.$inferSelect;
export type NewJob = typeof generationJobs.$inferInsert;

const ACTIVE = ["queued", "running"] as const;

export function isActive(row: Pick<JobRow, "status">): boolean {
  return row.status === "queued" || row.status === "running";
}

export function toJobDto(row: JobRow, opts: { preview?: boolean } = {}): TGenerationJob {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    stage: row.stage as GenerationStage,
    progress: row.progress,
    emailType: row.emailType,
    instructions: row.instructions,
    parentId: row.parentId ?? null,
    variantGroup: row.variantGroup ?? null,
    variantIndex: row.variantIndex,
    thumbnails: row.thumbnails,
    attempt: row.attempt,
    engine: row.engine,
    refunded: row.refunded,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
    templateId: row.templateId ?? null,
    ...(opts.preview && row.preview && isActive(row) ? { preview: row.preview } : {}),
    canCancel: isActive(row),
    canRetry: row.status === "failed" || row.status === "cancelled",
    fidelity: row.fidelity ?? null,
    canRetryFree: canRetryFree(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * A succeeded job whose result is below the threshold and whose one free retry is unused (decision 123); a free
 * retry itself has none (one free run per paid generation, not a chain).
 */
export function canRetryFree(
  row: Pick<JobRow, "status" | "fidelity" | "freeRetryJobId" | "freeRetryOf" | "engine">,
): boolean {
  // The local reader reads the same design the same way: a retry would write the same email.
  return (
    row.status === "succeeded" &&
    row.engine === "model" &&
    row.fidelity?.belowThreshold === true &&
    !row.freeRetryJobId &&
    !row.freeRetryOf
  );
}

/** The member's credit balance (0 for a user that no longer exists). */
export async function balanceOf(db: DbOrTx, userId: string): Promise<number> {
  const row = await db.query.user.findFirst({ where: eq(user.id, userId), columns: { currentBalance: true } });
  return row?.currentBalance ?? 0;
}

export const jobsRepo = {
  find: (db: DbOrTx, id: string) => db.query.generationJobs.findFirst({ where: eq(generationJobs.id, id) }),

  async insert(db: DbOrTx, values: NewJob) {
    const [row] = await db.insert(generationJobs).values(values).returning();
    return row!;
  },

  listForUser(db: DbOrTx, userId: string, activeOnly: boolean) {
    const where = activeOnly
      ? and(eq(generationJobs.userId, userId), inArray(generationJobs.status, [...ACTIVE]))
      : eq(generationJobs.userId, userId);
    return db
      .select()
      .from(generationJobs)
      .where(where)
      .orderBy(desc(generationJobs.createdAt), asc(generationJobs.variantIndex), desc(generationJobs.id))
      .limit(20);
  },

  /**
   * Claims the oldest runnable job for this worker: queued, or running with an expired lease (its worker died; a
   * worker never takes back its own job: a late heartbeat on a busy machine must not start a second run here).
   * FOR UPDATE SKIP LOCKED lets every instance claim concurrently without taking the same row.
   */
  async claim(db: DbOrTx, workerId: string, leaseMs: number): Promise<JobRow | undefined> {
    const next = db
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(
        or(
          eq(generationJobs.status, "queued"),
          and(
            eq(generationJobs.status, "running"),
            lt(generationJobs.leaseUntil, sql`now()`),
            sql`${generationJobs.lockedBy} is distinct from ${workerId}`,
          ),
        ),
      )
      .orderBy(asc(generationJobs.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    // The claimed row comes back from the UPDATE itself: no second read, so no moment in which a claim has landed
    // but the worker does not yet know its job (a cancel or a stop() then would find nothing to act on).
    const [row] = await db
      .update(generationJobs)
      .set({
        status: "running",
        lockedBy: workerId,
        leaseUntil: sql`now() + ${Math.round(leaseMs)}::int * interval '1 millisecond'`,
        runs: sql`${generationJobs.runs} + 1`,
        updatedAt: sql`now()`,
      })
      .where(inArray(generationJobs.id, next))
      .returning();
    return row;
  },

  /** Extends the lease; false when the job is no longer this worker's (cancelled, taken over, finished). */
  async heartbeat(db: DbOrTx, id: string, workerId: string, leaseMs: number): Promise<boolean> {
    const rows = await db
      .update(generationJobs)
      .set({ leaseUntil: sql`now() + ${Math.round(leaseMs)}::int * interval '1 millisecond'` })
      .where(
        and(eq(generationJobs.id, id), eq(generationJobs.lockedBy, workerId), eq(generationJobs.status, "running")),
      )
      .returning({ id: generationJobs.id });
    return rows.length > 0;
  },

  /** Progress of a job this worker holds (no-op when it is no longer its own). */
  async progress(
    db: DbOrTx,
    id: string,
    workerId: string,
    values: { stage?: GenerationStage; progress?: number; preview?: string | null },
  ) {
    const rows = await db
      .update(generationJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(eq(generationJobs.id, id), eq(generationJobs.lockedBy, workerId), eq(generationJobs.status, "running")),
      )
      .returning();
    return rows[0];
  },

  /** Marks succeeded only while this worker still holds it (a cancelled job saves nothing), with its score. */
  async succeed(
    db: DbOrTx,
    id: string,
    workerId: string,
    templateId: string,
    fidelity: TGenerationFidelity | null = null,
  ) {
    const rows = await db
      .update(generationJobs)
      .set({
        fidelity,
        status: "succeeded",
        stage: "scoring",
        progress: 100,
        templateId,
        preview: null,
        lockedBy: null,
        leaseUntil: null,
        updatedAt: new Date(),
        finishedAt: new Date(),
      })
      .where(
        and(eq(generationJobs.id, id), eq(generationJobs.lockedBy, workerId), eq(generationJobs.status, "running")),
      )
      .returning();
    return rows[0];
  },

  /**
   * Ends a job as failed or cancelled and drops its charge, only from the given states and only if still charged
   * or still active: returns the row when this call made the change (the caller then refunds), else undefined.
   */
  async end(
    db: DbOrTx,
    id: string,
    to: "failed" | "cancelled",
    where: { workerId?: string; from: readonly ("queued" | "running")[] },
    error: { code: string; message: string },
  ) {
    const conds = [eq(generationJobs.id, id), inArray(generationJobs.status, [...where.from])];
    if (where.workerId) conds.push(eq(generationJobs.lockedBy, where.workerId));
    const rows = await db
      .update(generationJobs)
      .set({
        status: to,
        errorCode: error.code,
        errorMessage: error.message,
        preview: null,
        lockedBy: null,
        leaseUntil: null,
        updatedAt: new Date(),
        finishedAt: new Date(),
      })
      .where(and(...conds))
      .returning();
    return rows[0];
  },

  /** Drops the charge once: true when this call flipped it (then, and only then, the credit goes back). */
  async uncharge(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .update(generationJobs)
      .set({ charged: false, refunded: true, updatedAt: new Date() })
      .where(and(eq(generationJobs.id, id), eq(generationJobs.charged, true)))
      .returning({ id: generationJobs.id });
    return rows.length > 0;
  },

  /** A graceful shutdown gives the job back to the queue at once (not counted as a run). */
  release: (db: DbOrTx, id: string, workerId: string) =>
    db
      .update(generationJobs)
      .set({
        status: "queued",
        lockedBy: null,
        leaseUntil: null,
        runs: sql`greatest(${generationJobs.runs} - 1, 0)`,
        updatedAt: new Date(),
      })
      .where(
        and(eq(generationJobs.id, id), eq(generationJobs.lockedBy, workerId), eq(generationJobs.status, "running")),
      ),

  /**
   * Marks the one free retry of a below-threshold result as taken by `retryJobId`: only the owner's succeeded job,
   * below the threshold, not retried free before. True when this call took it (two at once: one wins).
   */
  async takeFreeRetry(db: DbOrTx, id: string, userId: string, retryJobId: string): Promise<boolean> {
    const rows = await db
      .update(generationJobs)
      .set({ freeRetryJobId: retryJobId, updatedAt: new Date() })
      .where(
        and(
          eq(generationJobs.id, id),
          eq(generationJobs.userId, userId),
          eq(generationJobs.status, "succeeded"),
          isNull(generationJobs.freeRetryJobId),
          isNull(generationJobs.freeRetryOf),
          eq(generationJobs.engine, "model"),
          sql`(${generationJobs.fidelity} ->> 'belowThreshold')::boolean is true`,
        ),
      )
      .returning({ id: generationJobs.id });
    return rows.length > 0;
  },

  /** Retry: a failed or cancelled job goes back to the queue as a new attempt. */
  async requeue(db: DbOrTx, id: string, charge: boolean) {
    const rows = await db
      .update(generationJobs)
      .set({
        status: "queued",
        stage: "uploading",
        progress: 0,
        attempt: sql`${generationJobs.attempt} + 1`,
        runs: 0,
        errorCode: null,
        errorMessage: null,
        preview: null,
        templateId: null,
        finishedAt: null,
        ...(charge ? { charged: true, refunded: false } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(generationJobs.id, id), inArray(generationJobs.status, ["failed", "cancelled"])))
      .returning();
    return rows[0];
  },
};
