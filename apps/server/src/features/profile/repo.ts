import { and, eq, isNotNull } from "drizzle-orm";
import type { UserRow } from "../../core/identity/users.js";
import type { DbOrTx } from "../../db/client.js";
import { account, user } from "../../db/schema/index.js";

export type ProfileFields = Partial<
  Pick<typeof user.$inferInsert, "name" | "aboutMe" | "address" | "city" | "country" | "phone" | "image" | "language">
>;

/** One statement: a missing user updates no row (undefined), with no read before the write. */
export async function updateProfileFields(
  db: DbOrTx,
  userId: string,
  fields: ProfileFields,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(user)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning();
  return row;
}

/** Whether the member can sign in with a password (else only with Google). */
export async function passwordSignIn(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return rows.length > 0;
}
