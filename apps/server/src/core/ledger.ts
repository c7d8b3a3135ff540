import { CREDIT_MESSAGES, type LedgerReason, USERS_MESSAGES } from "@mailsmith/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { creditLedger, user } from "../db/schema/index.js";
import { AppError, notFound } from "../lib/app-error.js";
import type { UserCache } from "./identity/user-cache.js";

export interface CreditChange {
  userId: string;
  /** Positive grants, negative spends. */
  delta: number;
  reason: LedgerReason;
  /** Unique per real-world event (e.g. `purchase:ORDER123`): a repeat applies nothing. */
  sourceKey: string;
  meta?: Record<string, unknown>;
}

export interface CreditResult {
  applied: boolean;
  balance: number;
}

export const INSUFFICIENT_CREDITS = "INSUFFICIENT_CREDITS";

/**
 * The one exception to the never-below-zero guard on credits going out: PayPal took the money back,
 * so the purchase's credits go back too, even when the member already spent them. Every other spend stays guarded.
 * Credits coming in are never refused, whatever the balance: a purchase or a refund on a negative
 * balance pays it off first.
 */
const MAY_GO_NEGATIVE: ReadonlySet<LedgerReason> = new Set<LedgerReason>(["payment_reversal"]);

/** The guard: none for credits in and for a reversal; never below zero for every other spend. */
const guarded = (change: CreditChange) => change.delta < 0 && !MAY_GO_NEGATIVE.has(change.reason);

class DuplicateEvent extends Error {}

/**
 * The only way credits move. Runs in its own transaction (a savepoint when given one),
 * updates the balance atomically with a never-below-zero guard on spends and records the ledger row.
 * Callers invalidate the user cache after commit (see `onChanged`).
 */
export async function applyCreditChange(
  db: DbOrTx,
  change: CreditChange,
  insufficientMessage: string = CREDIT_MESSAGES.insufficient,
): Promise<CreditResult> {
  if (!Number.isInteger(change.delta) || change.delta === 0) {
    throw new AppError("INVALID_CREDIT_CHANGE", CREDIT_MESSAGES.invalidChange, 400);
  }
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(user)
        .set({ currentBalance: sql`${user.currentBalance} + ${change.delta}`, updatedAt: new Date() })
        .where(
          guarded(change)
            ? and(eq(user.id, change.userId), sql`${user.currentBalance} + ${change.delta} >= 0`)
            : eq(user.id, change.userId),
        )
        .returning({ balance: user.currentBalance });
      if (!updated) {
        const exists = await tx.query.user.findFirst({ where: eq(user.id, change.userId), columns: { id: true } });
        if (!exists) throw notFound(USERS_MESSAGES.userNotFound, "USER_NOT_FOUND");
        throw new AppError(INSUFFICIENT_CREDITS, insufficientMessage, 402);
      }
      const inserted = await tx
        .insert(creditLedger)
        .values({
          userId: change.userId,
          delta: change.delta,
          balanceAfter: updated.balance,
          reason: change.reason,
          sourceKey: change.sourceKey,
          meta: change.meta,
        })
        .onConflictDoNothing({ target: creditLedger.sourceKey })
        .returning({ id: creditLedger.id });
      if (inserted.length === 0) throw new DuplicateEvent();
      return { applied: true, balance: updated.balance };
    });
  } catch (err) {
    if (!(err instanceof DuplicateEvent)) throw err;
    const row = await db.query.user.findFirst({ where: eq(user.id, change.userId), columns: { currentBalance: true } });
    return { applied: false, balance: row?.currentBalance ?? 0 };
  }
}

export function listLedger(db: DbOrTx, userId: string, limit = 50) {
  return db.query.creditLedger.findMany({
    where: eq(creditLedger.userId, userId),
    orderBy: desc(creditLedger.createdAt),
    limit,
  });
}

/** The ledger row of one real-world event (`purchase:<orderId>`, …), if it was applied. */
export async function findLedgerEntry(db: DbOrTx, sourceKey: string) {
  return db.query.creditLedger.findFirst({ where: eq(creditLedger.sourceKey, sourceKey) });
}

/** `ctx.credits`: the ledger for features, keeping the user-row cache true on every instance. */
export interface Credits {
  /** Moves credits through the ledger and drops the cached user row. */
  apply(change: CreditChange, tx?: DbOrTx, insufficientMessage?: string): Promise<CreditResult>;
}

export function createCredits(db: DbOrTx, users: Pick<UserCache, "invalidate" | "invalidateWithin">): Credits {
  return {
    async apply(change, tx, insufficientMessage) {
      const result = await applyCreditChange(tx ?? db, change, insufficientMessage).catch((err) => {
        users.invalidate(change.userId);
        throw err;
      });
      // Inside the caller's transaction the other instances learn of it when it commits.
      if (tx) await users.invalidateWithin(change.userId, tx);
      else users.invalidate(change.userId);
      return result;
    },
  };
}
