import { setTimeout as sleep } from "node:timers/promises";
import { GEMINI_HEALTH_MESSAGES } from "@mailsmith/shared";
import type { ModelError, ModelErrorKind } from "../../adapters/model/model-error.js";
import type { AppContext } from "../../context.js";
import { refusalReason } from "./discovery.js";
import { type KeyRow, keysRepo, REPEATED_FAILURES } from "./repo.js";

/**
 * Key failover (decisions 095, 132): the order a call tries the keys in, what a failed call does to its key's health,
 * and whether the call moves on to the next key — by the failure's kind, the same for every provider. The model call
 * (jobs/model-call.ts) asks for keys, reports how each went, and keeps the model choice (a retired model) to itself.
 */

/**
 * Failures after which the next key is tried (a refused base URL is the key's setting, not the
 * request's); any other — a refused request, a bad answer — ends the call.
 */
const NEXT_KEY = new Set<ModelErrorKind>([
  "invalid_key",
  "model_not_found",
  "quota",
  "overloaded",
  "unavailable",
  "address_refused",
]);
/** The longest wait a 429's delay gets; a 429 without one waits this. */
const MAX_BACKOFF_MS = 30_000;
const DEFAULT_BACKOFF_MS = 2_000;
/** A rate-limited key is tried after the others for the delay it was given (at most an hour). */
const MAX_RATE_LIMITED_MS = 60 * 60 * 1000;

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * The order keys are tried in: working keys in random order, then rate-limited ones (soonest free
 * first); keys marked invalid only when no other key is left — then all of them, since a key that works again is
 * marked OK.
 */
export function keyOrder(keys: KeyRow[], now = new Date()): KeyRow[] {
  const valid = keys.filter((k) => !k.invalidReason);
  const limited = (k: KeyRow) => Boolean(k.rateLimitedUntil && k.rateLimitedUntil > now);
  const usable = [
    ...shuffle(valid.filter((k) => !limited(k))),
    ...valid.filter(limited).sort((a, b) => a.rateLimitedUntil!.getTime() - b.rateLimitedUntil!.getTime()),
  ];
  return usable.length ? usable : shuffle(keys);
}

export interface KeyFailover {
  /** The next key to try (undefined: none left). */
  next(): KeyRow | undefined;
  /** Tries this key again first (its model was retired: the next model, with the same key). */
  again(key: KeyRow): void;
  /** The key's call opened its answer: counted, and a key marked failing or rate-limited is marked working. */
  worked(key: KeyRow): Promise<void>;
  /**
   * Records what a failed call says about its key (invalid, rate-limited until, one more failure in a row) and waits
   * a 429's delay while the budget allows. True: try the next key; false: the call ends with this failure.
   */
  failed(key: KeyRow, err: ModelError): Promise<boolean>;
}

/**
 * Failover over `keys` for one call that started at `startedAt` with `budgetMs` in all; `signal` stops a wait.
 * A pool of one key retries that key once after a 429's wait.
 */
export function keyFailover(
  ctx: AppContext,
  keys: KeyRow[],
  budget: { startedAt: number; budgetMs: number; signal: AbortSignal },
): KeyFailover {
  const queue = keyOrder(keys);
  const single = queue.length === 1;
  let retriedAfter429 = false;
  return {
    next: () => queue.shift(),
    again: (key) => queue.unshift(key),

    async worked(key) {
      await keysRepo.recordUse(ctx.db, key.id, 200, false);
      if (key.invalidReason || key.failStreak || key.rateLimitedUntil) await keysRepo.markWorking(ctx.db, key.id);
    },

    async failed(key, err) {
      await keysRepo.recordUse(ctx.db, key.id, err.status, true);
      if (!NEXT_KEY.has(err.kind)) return false;
      if (err.kind === "model_not_found") return true;
      if (err.kind === "invalid_key") {
        await keysRepo.markInvalid(ctx.db, key.id, refusalReason(err, key));
        ctx.log.warn(
          { keyId: key.id, provider: key.provider, status: err.status, code: err.label },
          "The AI service refused a key; marked invalid",
        );
        return true;
      }
      if (err.kind === "quota") {
        const delay = err.details.retryAfterMs ?? DEFAULT_BACKOFF_MS;
        await keysRepo.markRateLimited(ctx.db, key.id, new Date(Date.now() + Math.min(delay, MAX_RATE_LIMITED_MS)));
        // Keys of one Google project share one quota: wait as asked (bounded) before the next key — unless the wait
        // would leave too little of the budget for the answer, then the next key (maybe another project) now.
        const wait = Math.min(delay, MAX_BACKOFF_MS);
        const reserve = Math.min(MAX_BACKOFF_MS, budget.budgetMs / 2);
        if (Date.now() - budget.startedAt + wait + reserve <= budget.budgetMs) {
          await sleep(wait, undefined, { signal: budget.signal });
        }
        if (single && !retriedAfter429) {
          retriedAfter429 = true;
          queue.push(key);
        }
      } else if (err.kind === "overloaded") {
        const last = `${err.status} ${err.details.providerStatus ?? ""}`.trim();
        await keysRepo.recordFailure(ctx.db, key.id, GEMINI_HEALTH_MESSAGES.reasonRepeated(REPEATED_FAILURES, last));
      }
      ctx.log.warn(
        { keyId: key.id, provider: key.provider, kind: err.kind, status: err.status },
        "AI key failed; trying the next one",
      );
      return true;
    },
  };
}
