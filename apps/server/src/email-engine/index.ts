/**
 * The email engine (docs/decisions/021-email-post-processing.md): a shared module that features
 * (generator, email check) import. processEmail is pure and synchronous; run it through the worker pool (pool.ts).
 */
export { processEmail } from "./process-email.js";
export type { ProcessEmailInput, ProcessEmailResult } from "./types.js";
