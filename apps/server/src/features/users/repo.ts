import { eq } from "drizzle-orm";
import type { UserRow } from "../../core/identity/users.js";
import type { DbOrTx } from "../../db/client.js";
import { newestFirst } from "../../db/creation-order.js";
import { user } from "../../db/schema/index.js";

export type UserFields = Partial<Pick<typeof user.$inferInsert, "name" | "role" | "membership" | "banned">>;

/** Admin edits of a user row (the balance moves only through the ledger). */
export async function updateUser(db: DbOrTx, id: string, fields: UserFields) {
  await db
    .update(user)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(user.id, id));
}

/** Every account, newest first (the admin user directory). */
export function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.query.user.findMany({ orderBy: newestFirst(user) });
}

export function listAdmins(db: DbOrTx): Promise<UserRow[]> {
  return db.query.user.findMany({ where: eq(user.role, "Admin") });
}
