import type { TPeriodicJobStatus, TSystemStatusResponse } from "@mailsmith/shared";
import { runProbes, type StatusProbe } from "../../core/status-probes.js";
import type { PeriodicJobState } from "../../lib/scheduler.js";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A periodic job's state as the System status page shows it. */
function toJobStatus(state: PeriodicJobState): TPeriodicJobStatus {
  return {
    ...state,
    lastRunAt: iso(state.lastRunAt),
    nextRunAt: iso(state.nextRunAt),
    lastErrorAt: iso(state.lastErrorAt),
  };
}

/**
 * Runs the probes side by side (each bounded) and answers them in the order given, with this instance's periodic
 * jobs (last run, next run, last error).
 */
export async function systemStatus(probes: StatusProbe[], jobs: PeriodicJobState[]): Promise<TSystemStatusResponse> {
  const checks = await runProbes(probes);
  return { checkedAt: new Date().toISOString(), checks, jobs: jobs.map(toJobStatus) };
}
