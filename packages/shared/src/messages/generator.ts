/** Generator answers the spec does not word (its worded ones are GENERATOR_MESSAGES and GENERATION_JOB_MESSAGES). */
export const GENERATOR_SERVER_MESSAGES = {
  /** A job that failed on something other than the model or the email (a bug, a lost file): no details leak. */
  unexpectedFailure: "Something went wrong while generating the email.",
  keysListed: "OK",
} as const;
