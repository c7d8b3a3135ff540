import type { TGenerationJob } from "@mailsmith/shared";
import { type RefObject, useEffect } from "react";
import { fetchActiveJobs, fetchRecentJobs } from "../api/generations";
import { isActiveJob } from "./follow-job";

/** The newest active job and its variant sibling (in variant order), or null when nothing runs. */
async function runningGroup(): Promise<TGenerationJob[] | null> {
  const active = (await fetchActiveJobs()).filter(isActiveJob);
  if (active.length === 0) return null;
  const newest = [...active].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
  if (!newest.variantGroup) return [newest];
  const group = (await fetchRecentJobs())
    .filter((j) => j.variantGroup === newest.variantGroup)
    .sort((a, b) => a.variantIndex - b.variantIndex);
  return group.some((j) => j._id === newest._id) ? group : [newest];
}

/**
 * Re-attaches to a generation still running (reload, second tab): asked on load, and again when an idle tab comes back
 * to the front (a generation started in another tab). `idle` says the page follows nothing; `follow` takes the group.
 */
export function useReattachJobs({
  enabled,
  idle,
  follow,
}: {
  enabled: boolean;
  idle: RefObject<boolean>;
  follow: (jobs: TGenerationJob[]) => void;
}) {
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let asking = false;
    const reattach = async () => {
      if (asking || !idle.current) return;
      asking = true;
      try {
        const group = await runningGroup();
        if (cancelled || !group || !idle.current) return;
        follow(group);
      } catch {
        // nothing to re-attach to
      } finally {
        asking = false;
      }
    };
    void reattach();
    const onVisible = () => {
      if (document.visibilityState === "visible") void reattach();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      cancelled = true;
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, [enabled, follow, idle]);
}
