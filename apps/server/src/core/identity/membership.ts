import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { user } from "../../db/schema/index.js";

/**
 * Makes the member premium until `until`, never shortening a later expiry they already hold (two packages bought
 * back to back keep the longer one). Runs in the caller's transaction; the caller drops the cached user row after
 * commit (`ctx.users.invalidate`).
 */
export async function extendPremiumMembership(db: DbOrTx, userId: string, until: Date) {
  const expiry = until.toISOString();
  await db
    .update(user)
    .set({
      membership: "premium",
      membershipValidity: sql`greatest(coalesce(${user.membershipValidity}, ${expiry}::timestamptz), ${expiry}::timestamptz)`,
      updatedAt: new Date(),
    })
    .where(eq(user.id, userId));
}
