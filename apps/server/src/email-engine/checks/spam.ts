import { SPAM_RULES_HIDDEN, spamRuleText, SPAM_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
import type { SpamResult } from "../../adapters/spam/spamd.js";

/** Within this many points of the threshold the score warns (half of SpamAssassin's default 5.0). */
export const SPAM_WARN_MARGIN = 2.5;

/**
 * The "spam" check: SpamAssassin's score against its threshold, and every rule it
 * hit in plain words with a fix, highest points first. `null`: spamd is not available — the check says so (a
 * warning, so the report stays usable) and nothing else changes.
 */
export function spamCheck(result: SpamResult | null): TEmailCheck {
  const base = { id: "spam", title: T.title };
  if (!result) return { ...base, status: "warn", reason: T.unavailable, fix: T.unavailableFix };
  const items = result.rules
    .filter((r) => !SPAM_RULES_HIDDEN.has(r.name))
    .sort((a, b) => b.points - a.points)
    .map((r) => {
      const { words, fix } = spamRuleText(r.name, r.description);
      return T.item(r.points, r.name, words, fix);
    });
  const status = result.isSpam ? "fail" : result.score >= result.threshold - SPAM_WARN_MARGIN ? "warn" : "pass";
  const reason =
    status === "fail"
      ? T.fail(result.score, result.threshold)
      : status === "warn"
        ? T.warn(result.score, result.threshold)
        : T.pass(result.score, result.threshold);
  return {
    ...base,
    status,
    reason,
    ...(status === "pass" ? {} : { fix: T.fix }),
    ...(items.length ? { items } : {}),
  };
}
