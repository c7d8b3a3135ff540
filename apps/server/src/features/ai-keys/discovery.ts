import { GEMINI_HEALTH_MESSAGES, maskKey } from "@mailsmith/shared";
import type { ModelClients } from "../../adapters/model/model-client.js";
import { ModelError } from "../../adapters/model/model-error.js";
import type { AppContext } from "../../context.js";
import { clientOf, endpointOf } from "./provider.js";
import { type KeyRow, keysRepo } from "./repo.js";

/**
 * Model discovery and key checks (decisions 094, 095): `models.list` for a key when it is added, on "Test key", and
 * again once its list is older than MODELS_TTL_MS (a timer on every instance; the first instance to claim a key checks
 * it, the list is stored on the key for all of them).
 */
export const MODELS_TTL_MS = 6 * 60 * 60 * 1000;
/** How often each instance looks for lists older than the TTL. */
export const DISCOVERY_EVERY_MS = 10 * 60 * 1000;
/** A check is one cheap call: it gets this long. */
const CHECK_TIMEOUT_MS = 10_000;

export type CheckResult = { ok: true; models: number } | { ok: false; invalid: boolean; reason: string };

/**
 * Why Google refused a key, as stored and shown to the admin — without the key: some of Google's texts name it
 * ("Consumer 'api_key:AIza…' has been suspended").
 */
export function refusalReason(err: ModelError, key: Pick<KeyRow, "key">): string {
  const text = GEMINI_HEALTH_MESSAGES.reasonRefused(err.status, err.label, err.message);
  const masked = key.key.length >= 4 ? text.split(key.key).join(maskKey(key.key)) : text;
  return masked.replace(/AIza[0-9A-Za-z_-]{20,}/g, "[redacted]").slice(0, 300);
}

/** models.list with the key: stores the models (the key works) or why not (invalid when Google refused the key). */
export async function checkKey(ctx: AppContext, clients: ModelClients, key: KeyRow, signal?: AbortSignal) {
  const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  try {
    const models = await clientOf(clients, key).listModels(
      endpointOf(key),
      signal ? AbortSignal.any([signal, timeout]) : timeout,
    );
    await keysRepo.recordCheck(ctx.db, key.id, { models });
    return { ok: true, models: models.length } satisfies CheckResult;
  } catch (err) {
    if (signal?.aborted) throw err;
    const failure = err instanceof ModelError ? err : null;
    const invalid = failure?.kind === "invalid_key";
    // Our own words (a refused base URL; an answer without a model list) say what happened; an
    // unreachable service says so; a provider's refusal names its status, code and message.
    const reason =
      failure?.kind === "address_refused" || failure?.kind === "bad_answer"
        ? failure.message
        : !failure || failure.status === 0
          ? key.provider === "openai"
            ? GEMINI_HEALTH_MESSAGES.unreachableServer
            : GEMINI_HEALTH_MESSAGES.unreachable
          : refusalReason(failure, key);
    if (invalid) await keysRepo.markInvalid(ctx.db, key.id, reason);
    await keysRepo.recordCheck(ctx.db, key.id, { error: reason });
    ctx.log.warn(
      { keyId: key.id, provider: key.provider, kind: failure?.kind, status: failure?.status, code: failure?.label },
      "AI key check failed",
    );
    return { ok: false, invalid, reason } satisfies CheckResult;
  }
}

/** Checks the active keys whose lists are older than the TTL (each claimed first, so one instance does each). */
export async function refreshStale(ctx: AppContext, clients: ModelClients, olderThanMs = MODELS_TTL_MS) {
  for (const key of await keysRepo.active(ctx.db)) {
    if (await keysRepo.claimCheck(ctx.db, key.id, olderThanMs)) await checkKey(ctx, clients, key);
  }
}
