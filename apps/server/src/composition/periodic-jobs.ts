import type { ModelClients } from "../adapters/model/model-client.js";
import type { AppContext } from "../context.js";
import { DISCOVERY_EVERY_MS, refreshStale } from "../features/ai-keys/discovery.js";
import { purgeDeletedTemplates } from "../features/generator/history/purge.js";
import { refundStalePending } from "../features/generator/jobs/refund-stale-pending.js";
import type { GeneratorRuntime } from "../features/generator/runtime.js";
import { drainExports, EXPORT_JOB, EXPORT_POLL_MS } from "../features/profile/export/service.js";
import { claimSweep, scheduledSweep } from "../features/uploads/sweep.js";
import type { PeriodicJob } from "../lib/scheduler.js";

const MINUTE = 60_000;

/**
 * Every periodic job of the app, in the order System status lists them: its interval, how one instance of several
 * is the one that does the work, and the work (each feature's own function). `lib/scheduler.ts` runs them (never two
 * runs of one job at once), app.ts starts them when the app is ready and stops them with it, and /metrics and
 * Admin → System status show each one's last run, next run and last error. A new periodic job is one entry here and
 * its title in packages/shared (PERIODIC_JOB_TITLES).
 */
export function periodicJobs(
  ctx: AppContext,
  { generator, models }: { generator: GeneratorRuntime; models: ModelClients },
): PeriodicJob[] {
  const sweepEvery = ctx.env.STORAGE_SWEEP_INTERVAL_MINUTES * MINUTE;
  return [
    {
      // Jobs are claimed with FOR UPDATE SKIP LOCKED and a lease, so every instance polls; a new job pokes at once.
      name: "generation-worker",
      everyMs: ctx.env.GENERATION_POLL_MS,
      run: () => generator.worker.poll(),
    },
    {
      // Exports are claimed with a lease (a stopped instance's are taken over); starting one asks for a run at once.
      name: EXPORT_JOB,
      everyMs: EXPORT_POLL_MS,
      run: (signal) => drainExports(ctx, signal),
    },
    {
      // Deleted templates whose undo window is over: rows claimed with FOR UPDATE SKIP LOCKED.
      name: "template-purge",
      everyMs: MINUTE,
      run: async () => {
        await purgeDeletedTemplates(ctx);
      },
    },
    {
      // Stored files no row references go after the grace period: one instance per interval, the
      // first to mark it in app_meta; STORAGE_SWEEP_INTERVAL_MINUTES=0 turns it off on this instance.
      name: "storage-sweep",
      everyMs: sweepEvery,
      claim: (now) => claimSweep(ctx, now, sweepEvery),
      run: () => scheduledSweep(ctx),
    },
    {
      // Each key's model list older than its TTL is fetched again: each key claimed first.
      name: "model-discovery",
      everyMs: DISCOVERY_EVERY_MS,
      runAtStart: true,
      run: () => refreshStale(ctx, models),
    },
    {
      // Generations left pending by a server stopped before jobs existed: refunded once, whichever
      // instance gets there first (the ledger's refund:<id> key).
      name: "stale-generation-refunds",
      everyMs: 60 * MINUTE,
      runAtStart: true,
      run: async () => {
        const refunded = await refundStalePending(ctx);
        if (refunded) ctx.log.warn({ refunded }, "refunded generations left pending by a previous run");
      },
    },
  ];
}
