/** Generator answers the spec does not word (its worded ones are GENERATOR_MESSAGES and GENERATION_JOB_MESSAGES). */
export const GENERATOR_SERVER_MESSAGES = {
  /** A job that failed on something other than the model or the email (a bug, a lost file): no details leak. */
  unexpectedFailure: "Something went wrong while generating the email.",
  keysListed: "OK",
} as const;

/**
 * Deleting a template can be undone: the server keeps it `windowSeconds` (its pictures are not served
 * meanwhile), the list's toast offers "Undo" for `toastMs`. The spec's own deletion texts stay as they are.
 */
export const TEMPLATE_UNDO = {
  windowSeconds: 600,
  toastMs: 30_000,
  undo: "Undo",
  restored: "Template restored.",
  restoreFailed: "Failed to restore the template.",
  expired: "This template can no longer be restored.",
} as const;
