/** GET /api/health answers (read by monitors and load balancers). */
export const HEALTH_MESSAGES = {
  databaseUnreachable: "Database unreachable",
  storageUnwritable: "File storage cannot be written: uploads and generations fail until it can",
} as const;

/** Admin → System status page and `npm run doctor`. */
export const SYSTEM_STATUS_TEXTS = {
  title: "System status",
  intro:
    "Each outside service Mailsmith uses, checked for real just now: the database, Redis, mail, file storage, the email renderer, Gemini and PayPal.",
  recheck: "Check again",
  checking: "Checking…",
  checkedAt: (when: string) => `Checked ${when}`,
  states: { ok: "OK", warn: "Attention", fail: "Failing", off: "Not configured" },
  fixLabel: "How to fix",
  loadFailed: "The checks could not be run. Reload the page to try again.",
  timedOut: (ms: number) => `no answer within ${Math.round(ms / 1000)} s`,
  jobs: {
    title: "Background jobs",
    intro:
      "The work this server does on a timer. The times are this server's own: with several servers, each shows the runs it did.",
    name: "Job",
    every: "Runs",
    lastRun: "Last run",
    nextRun: "Next run",
    lastError: "Last error",
    never: "Not yet",
    running: "Running now",
    off: "Off on this server",
    none: "None",
    interval: (ms: number) =>
      ms <= 0
        ? "Off on this server"
        : ms < 60_000
          ? `Every ${Math.round(ms / 1000)} s`
          : ms < 3_600_000
            ? `Every ${Math.round(ms / 60_000)} min`
            : `Every ${Math.round(ms / 3_600_000)} h`,
    took: (ms: number) => (ms < 1000 ? `took ${ms} ms` : `took ${(ms / 1000).toFixed(1)} s`),
    failures: (failures: number, runs: number) => `${failures} of ${runs} runs failed`,
  },
} as const;

/**
 * What each periodic job of the scheduler is called on the System status page (apps/server
 * composition/periodic-jobs.ts declares them; a server test fails when one has no title here).
 */
export const PERIODIC_JOB_TITLES: Record<string, string> = {
  "generation-worker": "Generation queue",
  "data-export": "Member data exports",
  "template-purge": "Purge of deleted templates",
  "storage-sweep": "Storage sweep",
  "model-discovery": "Gemini model lists",
  "stale-generation-refunds": "Refunds of interrupted generations",
};
