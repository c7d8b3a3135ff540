import type { AppContext } from "../../context.js";
import { untracked } from "../../core/storage/stored-objects.js";
import { sweepRepo } from "./sweep-repo.js";

/** A run deletes at most this many batches; the rest wait for the next run (the log says how many were due). */
const MAX_BATCHES_PER_RUN = 50;

export interface SweepResult {
  /** Referenced files stored before stored_objects existed, recorded now. */
  recorded: number;
  /** Owners given to objects recorded without one. */
  adopted: number;
  /** Objects referenced again since a sweep found them unreferenced. */
  referencedAgain: number;
  /** Objects found unreferenced for the first time (deleted once the grace period has passed). */
  marked: number;
  /** Objects due for deletion when the run started. */
  due: number;
  /** Keys deleted by this run (another instance running at the same time deletes others, never these). */
  deleted: string[];
  bytes: number;
  /** Objects whose file could not be deleted (kept for the next run). */
  failed: number;
  ms: number;
}

/**
 * The storage sweep: deletes the stored objects no row has referenced for the grace period
 * (STORAGE_SWEEP_GRACE_HOURS), in batches, and logs what it did. Safe with several instances at once: marking is
 * idempotent and each batch is claimed with FOR UPDATE SKIP LOCKED, so every object is deleted by one of them, once.
 * `now` is injectable: tests move the clock instead of waiting.
 */
export async function sweepStorage(ctx: AppContext, now = new Date()): Promise<SweepResult> {
  const started = performance.now();
  const graceMs = ctx.env.STORAGE_SWEEP_GRACE_HOURS * 60 * 60 * 1000;
  const cutoff = new Date(now.getTime() - graceMs);
  // Which rows keep files: every table the registry of member data declares.
  const data = ctx.memberData.all();
  const recorded = await sweepRepo.recordUntracked(ctx.db, data, now);
  const adopted = await sweepRepo.adoptOwners(ctx.db, data, now);
  const referencedAgain = await sweepRepo.unmarkReferenced(ctx.db, data, now);
  const marked = await sweepRepo.markUnreferenced(ctx.db, data, now);
  const deleted: string[] = [];
  let bytes = 0;
  let failed = 0;
  const batch = ctx.env.STORAGE_SWEEP_BATCH;
  const files = untracked(ctx.storage);
  const due = await sweepRepo.due(ctx.db, data, now, cutoff, batch * MAX_BATCHES_PER_RUN);
  for (let i = 0; i < due.length && failed === 0; i += batch) {
    // The rows go first (claimed by this instance in their own statement), then the files.
    const taken = await sweepRepo.take(ctx.db, due.slice(i, i + batch), now, cutoff);
    for (const object of taken) {
      try {
        await files.delete(object.key);
        deleted.push(object.key);
        bytes += object.bytes;
      } catch (err) {
        failed += 1;
        ctx.log.warn({ err, key: object.key }, "storage sweep could not delete a file; it tries again next run");
        await sweepRepo.putBack(ctx.db, object, cutoff);
      }
    }
  }
  const ms = Math.round(performance.now() - started);
  // Prometheus: runs, files and bytes deleted, files that could not be, duration.
  ctx.metrics.sweepRuns.inc({ outcome: "ok" });
  ctx.metrics.sweepDeleted.inc(deleted.length);
  ctx.metrics.sweepDeletedBytes.inc(bytes);
  ctx.metrics.sweepFailed.inc(failed);
  ctx.metrics.sweepDuration.observe(ms / 1000);
  const result = { recorded, adopted, referencedAgain, marked, due: due.length, deleted, bytes, failed, ms };
  ctx.log.info(
    { ...result, deleted: deleted.length, sample: deleted.slice(0, 20), graceHours: ctx.env.STORAGE_SWEEP_GRACE_HOURS },
    "storage sweep",
  );
  return result;
}

/**
 * The sweep's single-instance claim (the scheduler asks it every STORAGE_SWEEP_INTERVAL_MINUTES): of several
 * instances, the one that marks the interval first in app_meta sweeps, the others skip.
 */
export function claimSweep(ctx: AppContext, now: Date, everyMs: number): Promise<boolean> {
  return sweepRepo.claimScheduledRun(ctx.db, now, everyMs * 0.9);
}

/** One scheduled sweep; a failure is counted (runs_total{outcome="failed"}) and handed back to the scheduler. */
export async function scheduledSweep(ctx: AppContext): Promise<void> {
  try {
    await sweepStorage(ctx, new Date());
  } catch (err) {
    ctx.metrics.sweepRuns.inc({ outcome: "failed" });
    throw err;
  }
}
