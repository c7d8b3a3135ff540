import {
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_LIMITS,
  type TGenerationJob,
  type TGenerationStreamEvent,
  type TTemplateFull,
  type TUser,
} from "@mailsmith/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { cancelJob, fetchActiveJobs, fetchJob, fetchRecentJobs, readJobStream, retryJob } from "../api/generations";

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

const isActive = (j: TGenerationJob) => j.status === "queued" || j.status === "running";
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = window.setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      window.clearTimeout(t);
      resolve();
    });
  });

/**
 * Starts generations as server-side jobs and follows them through their stages (NDJSON stream, re-read when it
 * drops). On mount it re-attaches to a job still running from an earlier page load or another tab.
 */
export function useGenerationJobs({ reattach: reattachOnLoad = true }: { reattach?: boolean } = {}) {
  const qc = useQueryClient();
  const [runs, setRuns] = useState<JobRun[]>([]);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [reattached, setReattached] = useState(false);
  const watchers = useRef(new Map<string, AbortController>());
  const mounted = useRef(true);

  const setBalance = useCallback(
    (balance: number) => qc.setQueryData<TUser | null>(meQueryKey, (u) => (u ? { ...u, currentBalance: balance } : u)),
    [qc],
  );
  const update = useCallback((jobId: string, change: (r: JobRun) => JobRun) => {
    if (mounted.current) setRuns((list) => list.map((r) => (r.jobId === jobId ? change(r) : r)));
  }, []);

  const settle = useCallback(() => {
    qc.invalidateQueries({ queryKey: meQueryKey });
    qc.invalidateQueries({ queryKey: ["templates"] });
  }, [qc]);

  const onEvent = useCallback(
    (jobId: string, e: TGenerationStreamEvent, pending: { html: string; timer: number | null }) => {
      const flush = () => {
        pending.timer = null;
        const html = pending.html;
        update(jobId, (r) => ({ ...r, preview: html }));
      };
      if (e.type === "html") {
        pending.html += e.delta;
        if (pending.timer === null) pending.timer = window.setTimeout(flush, GENERATOR_LIMITS.previewThrottleMs);
        return;
      }
      if (e.type === "job") {
        if (e.job.preview !== undefined) pending.html = e.job.preview;
        update(jobId, (r) => ({ ...r, job: e.job, preview: pending.html }));
        return;
      }
      if (pending.timer !== null) window.clearTimeout(pending.timer);
      pending.timer = null;
      setBalance(e.balance);
      if (e.type === "done") {
        update(jobId, (r) => ({ ...r, job: e.job, template: e.template, preview: e.template.html, ended: null }));
      } else if (e.type === "cancelled") {
        update(jobId, (r) => ({ ...r, job: e.job, ended: { kind: "cancelled", message: e.message, refunded: true } }));
      } else {
        update(jobId, (r) => ({
          ...r,
          job: e.job,
          ended: { kind: "error", message: e.message, refunded: e.refunded },
        }));
      }
      settle();
    },
    [setBalance, settle, update],
  );

  /** Follows one job until it ends: reads the stream, and when it drops, re-reads the job and attaches again. */
  const watch = useCallback(
    (jobId: string) => {
      watchers.current.get(jobId)?.abort();
      const ctl = new AbortController();
      watchers.current.set(jobId, ctl);
      const pending = { html: "", timer: null as number | null };
      void (async () => {
        let failures = 0;
        while (!ctl.signal.aborted) {
          let finished = false;
          try {
            await readJobStream(
              jobId,
              (e) => {
                if (ctl.signal.aborted) return;
                if (e.type === "done" || e.type === "error" || e.type === "cancelled") finished = true;
                onEvent(jobId, e, pending);
              },
              ctl.signal,
            );
            failures = 0;
          } catch {
            if (ctl.signal.aborted) return;
            failures += 1;
          }
          if (finished || ctl.signal.aborted) break;
          // The stream ended early (network, server restart): look at the job, then attach again.
          await sleep(failures ? Math.min(5000, 1000 * failures) : GENERATION_JOB_LIMITS.pollMs, ctl.signal);
          try {
            const { data: job, balance } = await fetchJob(jobId);
            setBalance(balance);
            update(jobId, (r) => ({ ...r, job }));
          } catch {
            // try the stream again
          }
        }
        watchers.current.delete(jobId);
      })();
    },
    [onEvent, setBalance, update],
  );

  const follow = useCallback(
    (jobs: TGenerationJob[]) => {
      for (const c of watchers.current.values()) c.abort();
      watchers.current.clear();
      setRuns(jobs.map((job) => ({ jobId: job._id, job, preview: job.preview ?? "", template: null, ended: null })));
      for (const j of jobs) watch(j._id);
    },
    [watch],
  );

  // Re-attach to a generation still running (reload, second tab): the newest active job and its variant sibling.
  // Asked on load, and again when an idle tab comes back to the front (a generation started in another tab).
  const idle = useRef(true);
  idle.current = runs.length === 0;
  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    let asking = false;
    const reattach = async () => {
      if (asking || !idle.current) return;
      asking = true;
      try {
        const active = (await fetchActiveJobs()).filter(isActive);
        if (cancelled || active.length === 0 || !idle.current) return;
        const newest = [...active].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
        let group = [newest];
        if (newest.variantGroup) {
          const recent = await fetchRecentJobs();
          group = recent
            .filter((j) => j.variantGroup === newest.variantGroup)
            .sort((a, b) => a.variantIndex - b.variantIndex);
          if (!group.some((j) => j._id === newest._id)) group = [newest];
        }
        if (cancelled || !idle.current) return;
        setReattached(true);
        follow(group);
      } catch {
        // nothing to re-attach to
      } finally {
        asking = false;
      }
    };
    if (!reattachOnLoad) {
      return () => {
        cancelled = true;
        mounted.current = false;
        for (const c of watchers.current.values()) c.abort();
        watchers.current.clear();
      };
    }
    void reattach();
    const onVisible = () => {
      if (document.visibilityState === "visible") void reattach();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      cancelled = true;
      mounted.current = false;
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
      for (const c of watchers.current.values()) c.abort();
      watchers.current.clear();
    };
  }, [follow, reattachOnLoad]);

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
        qc.invalidateQueries({ queryKey: meQueryKey });
        return false;
      } finally {
        if (mounted.current) setStarting(false);
      }
    },
    [follow, qc, setBalance],
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

  const retry = useCallback(
    async (jobId: string) => {
      const { jobs, balance } = await retryJob(jobId);
      setBalance(balance);
      const job = jobs[0];
      if (!job) return;
      setRuns((list) =>
        list.map((r) =>
          r.jobId === jobId ? { jobId: job._id, job, preview: job.preview ?? "", template: null, ended: null } : r,
        ),
      );
      watch(job._id);
    },
    [setBalance, watch],
  );

  const clear = useCallback(() => {
    for (const c of watchers.current.values()) c.abort();
    watchers.current.clear();
    setRuns([]);
    setStartError(null);
    setReattached(false);
  }, []);

  const running = starting || runs.some((r) => isActive(r.job) && !r.ended && !r.template);
  return { runs, start, cancel, retry, clear, running, starting, startError, reattached };
}
