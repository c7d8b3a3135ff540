/** How a generation job ends early: a failure the member is told about, or a stop from outside. */
/** A failure the member is told about (the credit is refunded). */
export class GenerationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The job was stopped from outside (cancel, shutdown, lease lost): the caller decides what that means. */
export class JobAborted extends Error {}
