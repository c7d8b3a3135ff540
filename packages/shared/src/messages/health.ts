/** GET /api/health answers (read by monitors and load balancers). */
export const HEALTH_MESSAGES = {
  databaseUnreachable: "Database unreachable",
  storageUnwritable: "File storage cannot be written: uploads and generations fail until it can",
} as const;

/** Admin → System status page and `npm run doctor` (decision 099). */
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
} as const;
