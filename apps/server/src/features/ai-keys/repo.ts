import { maskKey, type TGeminiKey, type TGeminiKeyDetail, type TGeminiKeyHealth } from "@mailsmith/shared";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { oldestFirst } from "../../db/creation-order.js";
import { type GeminiModelInfo, geminiKeys } from "../../db/schema/index.js";

export type KeyRow = typeof geminiKeys.$inferSelect;

/** Never includes the key itself. */
export function toKeyDto(row: KeyRow): TGeminiKey {
  return {
    _id: row.id,
    name: row.name,
    keyPreview: maskKey(row.key),
    isActive: row.isActive,
    provider: row.provider,
    baseUrl: row.baseUrl,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    usage: {
      calls: row.calls,
      failures: row.failures,
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      lastStatus: row.lastStatus ?? null,
    },
  };
}

/** The key's health as the admin sees it. */
export function keyHealth(row: KeyRow, now = new Date()): TGeminiKeyHealth {
  const status: TGeminiKeyHealth["status"] = row.invalidReason
    ? "invalid"
    : row.rateLimitedUntil && row.rateLimitedUntil > now
      ? "rate_limited"
      : row.checkError
        ? "check_failed"
        : row.checkedAt || row.lastStatus === 200
          ? "ok"
          : "unchecked";
  return {
    status,
    reason: row.invalidReason ?? row.checkError ?? null,
    invalidAt: row.invalidAt?.toISOString() ?? null,
    rateLimitedUntil: row.rateLimitedUntil && row.rateLimitedUntil > now ? row.rateLimitedUntil.toISOString() : null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    failStreak: row.failStreak,
  };
}

/** Never includes the key itself: masked, with usage, health and the ids of the models it can use. */
export function toKeyDetail(row: KeyRow): TGeminiKeyDetail {
  return { ...toKeyDto(row), health: keyHealth(row), models: row.models?.map((m) => m.id) ?? null };
}

/** Failures in a row (other than 429, NOT_FOUND and our own network) after which a key is marked invalid. */
export const REPEATED_FAILURES = 5;

export const keysRepo = {
  list: (db: DbOrTx) =>
    db
      .select()
      .from(geminiKeys)
      .orderBy(...oldestFirst(geminiKeys)),
  active: (db: DbOrTx) => db.select().from(geminiKeys).where(eq(geminiKeys.isActive, true)),
  find: (db: DbOrTx, id: string) => db.query.geminiKeys.findFirst({ where: eq(geminiKeys.id, id) }),
  async insert(db: DbOrTx, values: typeof geminiKeys.$inferInsert) {
    const [row] = await db.insert(geminiKeys).values(values).returning();
    return row!;
  },
  /** What an edited connection (key, provider, base URL, model) starts from: no models listed, no health yet. */
  uncheckedHealth: {
    models: null,
    checkedAt: null,
    checkError: null,
    invalidReason: null,
    invalidAt: null,
    failStreak: 0,
    rateLimitedUntil: null,
  } satisfies Partial<typeof geminiKeys.$inferInsert>,
  async update(db: DbOrTx, id: string, values: Partial<typeof geminiKeys.$inferInsert>) {
    const [row] = await db
      .update(geminiKeys)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(geminiKeys.id, id))
      .returning();
    return row;
  },
  /** True when a key was deleted. */
  async remove(db: DbOrTx, id: string) {
    const rows = await db.delete(geminiKeys).where(eq(geminiKeys.id, id)).returning({ id: geminiKeys.id });
    return rows.length > 0;
  },
  /** Google refused the key (API_KEY_INVALID, PERMISSION_DENIED): marked invalid, skipped while good keys exist. */
  async markInvalid(db: DbOrTx, id: string, reason: string) {
    await db
      .update(geminiKeys)
      .set({
        invalidReason: reason,
        invalidAt: sql`coalesce(${geminiKeys.invalidAt}, now())`,
        failStreak: sql`${geminiKeys.failStreak} + 1`,
      })
      .where(eq(geminiKeys.id, id));
  },
  /** A failure that may be passing (5xx): after REPEATED_FAILURES in a row the key is marked invalid with `reason`. */
  async recordFailure(db: DbOrTx, id: string, reason: string) {
    await db
      .update(geminiKeys)
      .set({
        failStreak: sql`${geminiKeys.failStreak} + 1`,
        invalidReason: sql`case when ${geminiKeys.failStreak} + 1 >= ${REPEATED_FAILURES} then coalesce(${geminiKeys.invalidReason}, ${reason}) else ${geminiKeys.invalidReason} end`,
        invalidAt: sql`case when ${geminiKeys.failStreak} + 1 >= ${REPEATED_FAILURES} then coalesce(${geminiKeys.invalidAt}, now()) else ${geminiKeys.invalidAt} end`,
      })
      .where(eq(geminiKeys.id, id));
  },
  /** 429: Google asked to wait; the key is tried after the others until then. */
  async markRateLimited(db: DbOrTx, id: string, until: Date) {
    await db.update(geminiKeys).set({ rateLimitedUntil: until }).where(eq(geminiKeys.id, id));
  },
  /** The key worked: whatever was wrong with it is over. */
  async markWorking(db: DbOrTx, id: string) {
    await db
      .update(geminiKeys)
      .set({ invalidReason: null, invalidAt: null, failStreak: 0, rateLimitedUntil: null })
      .where(eq(geminiKeys.id, id));
  },
  /** A check's outcome: the models listed (the key works) or why the check failed. */
  async recordCheck(db: DbOrTx, id: string, result: { models: GeminiModelInfo[] } | { error: string }) {
    await db
      .update(geminiKeys)
      .set(
        "models" in result
          ? {
              models: result.models,
              checkedAt: new Date(),
              checkError: null,
              invalidReason: null,
              invalidAt: null,
              failStreak: 0,
            }
          : { checkedAt: new Date(), checkError: result.error },
      )
      .where(eq(geminiKeys.id, id));
  },
  /**
   * Claims a key whose model list is older than `olderThanMs` for one check (several instances: the first to update
   * checked_at does it). True when this caller got it.
   */
  async claimCheck(db: DbOrTx, id: string, olderThanMs: number) {
    const rows = await db
      .update(geminiKeys)
      .set({ checkedAt: new Date() })
      .where(
        and(
          eq(geminiKeys.id, id),
          or(isNull(geminiKeys.checkedAt), lt(geminiKeys.checkedAt, new Date(Date.now() - olderThanMs))),
        ),
      )
      .returning({ id: geminiKeys.id });
    return rows.length > 0;
  },
  /** Counts one call (and its outcome) on a key. */
  async recordUse(db: DbOrTx, id: string, status: number, failed: boolean) {
    await db
      .update(geminiKeys)
      .set({
        calls: sql`${geminiKeys.calls} + 1`,
        failures: failed ? sql`${geminiKeys.failures} + 1` : geminiKeys.failures,
        lastUsedAt: new Date(),
        lastStatus: status,
      })
      .where(eq(geminiKeys.id, id));
  },
};
