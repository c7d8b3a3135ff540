import { GENERATION_JOB_MESSAGES, type TGenerationJob, type TTemplateFull, type TUser } from "@mailsmith/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { cancelJob, retryFreeJob, retryJob } from "../api/generations";
import { templateQueries } from "../api/queries";
import { followJob, isActiveJob, streamEventHandler } from "./follow-job";
import { useReattachJobs } from "./use-reattach-jobs";

/** One generation the page follows (one per variant). */
export interface JobRun {
  jobId: string;
  job: TGenerationJob;
  /** The HTML the model has written so far. */
  preview: string;
  template: TTemplateFull | null;
  /** Failure or cancel; `refunded` says the credit came back. */
  ended: { kind: "error" | "cancelled"; message: string; refunded: boolean } | null;
}

const freshRun = (job: TGenerationJob): JobRun => ({
  jobId: job._id,
  job,
  preview: job.preview ?? "",
  template: null,
  ended: null,
});

/** The runs shown and how they change; updates after unmount are dropped. */
function useRuns() {
  const qc = useQueryClient();
  const [runs, setRuns] = useState<JobRun[]>([]);
  const mounted = useRef(true);
  const setBalance = useCallback(
    (balance: number) =>
      qc.setQueryData<TUser | null>(queryKeys.me, (u) => (u ? { ...u, currentBalance: balance } : u)),
    [qc],
  );
  const update = useCallback((jobId: string, change: (r: JobRun) => JobRun) => {
    if (mounted.current) setRuns((list) => list.map((r) => (r.jobId === jobId ? change(r) : r)));
  }, []);
  /** A job ended: the balance and the template list are read again. */
  const settle = useCallback(() => {
    qc.invalidateQueries({ queryKey: queryKeys.me });
    qc.invalidateQueries({ queryKey: templateQueries.lists });
  }, [qc]);
  return { qc, runs, setRuns, mounted, setBalance, update, settle };
}

/**
 * Starts generations as server-side jobs and follows them through their stages (NDJSON stream, re-read when it
 * drops: followJob). On mount it re-attaches to a job still running from an earlier page load or another tab
 * (useReattachJobs).
 */
export function useGenerationJobs({ reattach = true }: { reattach?: boolean } = {}) {
  const { qc, runs, setRuns, mounted, setBalance, update, settle } = useRuns();
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [reattached, setReattached] = useState(false);
  const watchers = useRef(new Map<string, AbortController>());
  const stopAll = useCallback(() => {
    for (const c of watchers.current.values()) c.abort();
    watchers.current.clear();
  }, []);

  /** Follows one job until it ends (its runs updated from the stream events). */
  const watch = useCallback(
    (jobId: string) => {
      watchers.current.get(jobId)?.abort();
      const ctl = new AbortController();
      watchers.current.set(jobId, ctl);
      const event = streamEventHandler({
        preview: (html) => update(jobId, (r) => ({ ...r, preview: html })),
        job: (job, preview) => update(jobId, (r) => ({ ...r, job, preview })),
        ended: (e) => {
          setBalance(e.balance);
          if (e.type === "done") {
            update(jobId, (r) => ({ ...r, job: e.job, template: e.template, preview: e.template.html, ended: null }));
          } else {
            const ended = e.type === "cancelled" ? { refunded: true } : { refunded: e.refunded };
            update(jobId, (r) => ({ ...r, job: e.job, ended: { kind: e.type, message: e.message, ...ended } }));
          }
          settle();
        },
      });
      const job = (j: TGenerationJob, balance: number) => {
        setBalance(balance);
        update(jobId, (r) => ({ ...r, job: j }));
      };
      void followJob(jobId, ctl.signal, { event, job }).finally(() => {
        if (watchers.current.get(jobId) === ctl) watchers.current.delete(jobId);
      });
    },
    [setBalance, settle, update],
  );

  const follow = useCallback(
    (jobs: TGenerationJob[]) => {
      stopAll();
      setRuns(jobs.map(freshRun));
      for (const j of jobs) watch(j._id);
    },
    [setRuns, stopAll, watch],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopAll();
    };
  }, [mounted, stopAll]);
  const idle = useRef(true);
  idle.current = runs.length === 0;
  const followRunning = useCallback(
    (jobs: TGenerationJob[]) => {
      setReattached(true);
      follow(jobs);
    },
    [follow],
  );
  useReattachJobs({ enabled: reattach, idle, follow: followRunning });

  /** Starts jobs with `create` (a generation or a refinement) and follows them. */
  const start = useCallback(
    async (create: () => Promise<{ jobs: TGenerationJob[]; balance: number }>) => {
      setStarting(true);
      setStartError(null);
      setReattached(false);
      try {
        const { jobs, balance } = await create();
        setBalance(balance);
        follow(jobs);
        return true;
      } catch (err) {
        setStartError(errorMessage(err, GENERATION_JOB_MESSAGES.notCharged));
        qc.invalidateQueries({ queryKey: queryKeys.me });
        return false;
      } finally {
        if (mounted.current) setStarting(false);
      }
    },
    [follow, mounted, qc, setBalance],
  );

  const cancel = useCallback(
    async (jobId: string) => {
      // A job that already finished answers 409 (the caller shows it); its stream brings the result.
      const r = await cancelJob(jobId);
      setBalance(r.balance);
      watchers.current.get(jobId)?.abort();
      update(jobId, (run) => ({
        ...run,
        job: r.data,
        ended: { kind: "cancelled", message: GENERATION_JOB_MESSAGES.cancelled, refunded: true },
      }));
      settle();
    },
    [setBalance, settle, update],
  );

  /** Retry (a failed or cancelled job) or the free retry of a below-threshold result: the run follows the new job. */
  const again = useCallback(
    async (jobId: string, start: (id: string) => Promise<{ jobs: TGenerationJob[]; balance: number }>) => {
      const { jobs, balance } = await start(jobId);
      setBalance(balance);
      const job = jobs[0];
      if (!job) return;
      setRuns((list) => list.map((r) => (r.jobId === jobId ? freshRun(job) : r)));
      watch(job._id);
    },
    [setBalance, setRuns, watch],
  );
  const retry = useCallback((jobId: string) => again(jobId, retryJob), [again]);
  const retryFree = useCallback((jobId: string) => again(jobId, retryFreeJob), [again]);

  const clear = useCallback(() => {
    stopAll();
    setRuns([]);
    setStartError(null);
    setReattached(false);
  }, [setRuns, stopAll]);

  const running = starting || runs.some((r) => isActiveJob(r.job) && !r.ended && !r.template);
  return { runs, start, cancel, retry, retryFree, clear, running, starting, startError, reattached };
}
