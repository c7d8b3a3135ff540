/**
 * A model call's failure in one vocabulary (decision 132): each adapter turns its provider's error body into a kind,
 * so the generator decides failover, key health and metrics the same way for every provider.
 * - invalid_key: the key is refused (invalid, revoked, leaked, suspended, not allowed to call the API)
 * - model_not_found: the model does not exist (retired) or the key may not use it
 * - quota: rate-limited or out of quota (429); `retryAfterMs` when the provider says how long
 * - overloaded: the provider failed on its side (5xx)
 * - unavailable: the provider could not be reached (network, DNS, timeout of the connection)
 * - address_refused: the key's base URL is one the server does not call (decision 131)
 * - refused_request: the provider refused this request (another 4xx: bad argument, too large)
 * - bad_answer: the provider answered, but not in a shape we can read (no model list, a malformed stream)
 */
export type ModelErrorKind =
  | "invalid_key"
  | "model_not_found"
  | "quota"
  | "overloaded"
  | "unavailable"
  | "address_refused"
  | "refused_request"
  | "bad_answer";

export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    /** The provider's message (never a page), or ours for address_refused, unavailable, bad_answer. */
    message: string,
    readonly details: {
      /** HTTP status (0: no answer). */
      status?: number;
      /** The provider's error status or type: Google's rpc status (INVALID_ARGUMENT …), OpenAI's error.type. */
      providerStatus?: string;
      /** The provider's error code: Google's ErrorInfo reason (API_KEY_INVALID …), OpenAI's error.code. */
      code?: string;
      /** How long the provider asked us to wait (429), in milliseconds. */
      retryAfterMs?: number | null;
      /** The request field the provider refused (OpenAI's error.param). */
      field?: string;
    } = {},
  ) {
    super(message);
    this.name = "ModelError";
  }

  get status(): number {
    return this.details.status ?? 0;
  }

  /** Code, else status: what a health reason names after the HTTP status ("400 API_KEY_INVALID"). */
  get label(): string {
    return this.details.code || this.details.providerStatus || "";
  }
}

/** The kind an HTTP status means when the provider's body says nothing more specific. */
export function kindOfStatus(status: number): ModelErrorKind {
  if (status === 0) return "unavailable";
  if (status === 401 || status === 403) return "invalid_key";
  if (status === 404) return "model_not_found";
  if (status === 429) return "quota";
  if (status >= 500) return "overloaded";
  return "refused_request";
}

/** An abort (the member's Cancel, the time budget) passes through adapters as it is. */
export const isAbort = (err: unknown) =>
  err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError");
