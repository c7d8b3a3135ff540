import {
  GENERATION_JOB_LIMITS,
  GENERATOR_LIMITS,
  type TGenerationJob,
  type TGenerationStreamEvent,
} from "@mailsmith/shared";
import { fetchJob, readJobStream } from "../api/generations";

export const isActiveJob = (j: TGenerationJob) => j.status === "queued" || j.status === "running";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = window.setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      window.clearTimeout(t);
      resolve();
    });
  });

const isFinal = (e: TGenerationStreamEvent) => e.type === "done" || e.type === "error" || e.type === "cancelled";

/**
 * Follows one job until it ends or `signal` aborts: reads its NDJSON stream, and when the stream drops early (network,
 * server restart) waits, re-reads the job (`onJob`) and attaches again.
 */
export async function followJob(
  jobId: string,
  signal: AbortSignal,
  on: {
    event: (e: TGenerationStreamEvent) => void;
    job: (job: TGenerationJob, balance: number) => void;
  },
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    let finished = false;
    try {
      await readJobStream(
        jobId,
        (e) => {
          if (signal.aborted) return;
          if (isFinal(e)) finished = true;
          on.event(e);
        },
        signal,
      );
      failures = 0;
    } catch {
      if (signal.aborted) return;
      failures += 1;
    }
    if (finished || signal.aborted) break;
    await sleep(failures ? Math.min(5000, 1000 * failures) : GENERATION_JOB_LIMITS.pollMs, signal);
    try {
      const { data: job, balance } = await fetchJob(jobId);
      on.job(job, balance);
    } catch {
      // try the stream again
    }
  }
}

/** How a run changes with one stream event; the written HTML is passed on at most once per preview throttle. */
export interface RunChanges {
  preview: (html: string) => void;
  job: (job: TGenerationJob, preview: string) => void;
  /** The job ended (done, cancelled or failed) with this balance. */
  ended: (e: Extract<TGenerationStreamEvent, { balance: number }>) => void;
}

/** The handler of one job's stream events: HTML deltas collected and flushed on a timer, stage changes, the end. */
export function streamEventHandler(changes: RunChanges) {
  const pending = { html: "", timer: null as ReturnType<typeof setTimeout> | null };
  const flush = () => {
    pending.timer = null;
    changes.preview(pending.html);
  };
  return (e: TGenerationStreamEvent) => {
    if (e.type === "html") {
      pending.html += e.delta;
      if (pending.timer === null) pending.timer = setTimeout(flush, GENERATOR_LIMITS.previewThrottleMs);
      return;
    }
    if (e.type === "job") {
      if (e.job.preview !== undefined) pending.html = e.job.preview;
      changes.job(e.job, pending.html);
      return;
    }
    if (pending.timer !== null) clearTimeout(pending.timer);
    pending.timer = null;
    changes.ended(e);
  };
}
