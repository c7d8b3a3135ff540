import type { AppContext } from "../../context.js";
import { sweepRepo } from "./sweep-repo.js";

export interface SweepResult {
  /** Owners given to objects recorded without one. */
  adopted: number;
  /** Objects referenced again since a sweep found them unreferenced. */
  referencedAgain: number;
  /** Objects found unreferenced for the first time (deleted once the grace period has passed). */
  marked: number;
  /** Keys deleted by this run (another instance running at the same time deletes others, never these). */
  deleted: string[];
  bytes: number;
  /** Objects whose file could not be deleted (kept for the next run). */
  failed: number;
  ms: number;
}

/**
 * The storage sweep (decision 104): deletes the stored objects no row has referenced for the grace period
 * (STORAGE_SWEEP_GRACE_HOURS), in batches, and logs what it did. Safe with several instances at once: marking is
 * idempotent and each batch is claimed with FOR UPDATE SKIP LOCKED, so every object is deleted by one of them, once.
 * `now` is injectable: tests move the clock instead of waiting.
 */
export async function sweepStorage(ctx: AppContext, now = new Date()): Promise<SweepResult> {
  const started = performance.now();
  const graceMs = ctx.env.STORAGE_SWEEP_GRACE_HOURS * 60 * 60 * 1000;
  const cutoff = new Date(now.getTime() - graceMs);
  const adopted = await sweepRepo.adoptOwners(ctx.db, now);
  const referencedAgain = await sweepRepo.unmarkReferenced(ctx.db, now);
  const marked = await sweepRepo.markUnreferenced(ctx.db, now);
  const deleted: string[] = [];
  let bytes = 0;
  let failed = 0;
  for (;;) {
    // The rows go first (in their own transaction, claimed by this instance), then the files.
    const due = await sweepRepo.takeDue(ctx.db, now, cutoff, ctx.env.STORAGE_SWEEP_BATCH);
    for (const object of due) {
      try {
        await ctx.storage.delete(object.key);
        deleted.push(object.key);
        bytes += object.bytes;
      } catch (err) {
        failed += 1;
        ctx.log.warn({ err, key: object.key }, "storage sweep could not delete a file; it tries again next run");
        await sweepRepo.putBack(ctx.db, object, cutoff);
      }
    }
    if (due.length < ctx.env.STORAGE_SWEEP_BATCH || failed > 0) break;
  }
  const result = {
    adopted,
    referencedAgain,
    marked,
    deleted,
    bytes,
    failed,
    ms: Math.round(performance.now() - started),
  };
  ctx.log.info(
    { ...result, deleted: deleted.length, sample: deleted.slice(0, 20), graceHours: ctx.env.STORAGE_SWEEP_GRACE_HOURS },
    "storage sweep",
  );
  return result;
}

/**
 * Runs the sweep every STORAGE_SWEEP_INTERVAL_MINUTES (0: never on this instance); of several instances, the one that
 * claims the interval first runs it (app_meta mark), the others skip. Answers a stop function.
 */
export function scheduleSweep(ctx: AppContext): () => void {
  const everyMs = ctx.env.STORAGE_SWEEP_INTERVAL_MINUTES * 60 * 1000;
  if (everyMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      if (await sweepRepo.claimScheduledRun(ctx.db, now, everyMs * 0.9)) await sweepStorage(ctx, now);
    } catch (err) {
      ctx.log.warn({ err }, "storage sweep failed; it runs again at the next interval");
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
