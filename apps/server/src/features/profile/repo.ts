import { eq } from "drizzle-orm";
import type { UserRow } from "../../core/identity/users.js";
import type { DbOrTx } from "../../db/client.js";
import { user } from "../../db/schema/index.js";

export type ProfileFields = Partial<
  Pick<typeof user.$inferInsert, "name" | "aboutMe" | "address" | "city" | "country" | "phone" | "image">
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
