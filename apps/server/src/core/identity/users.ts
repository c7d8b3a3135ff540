import type { TUser } from "@mailsmith/shared";
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { session, user } from "../../db/schema/index.js";

/** The signed-in member or admin as stored: what every feature gets from `currentUser(req)`. */
export type UserRow = typeof user.$inferSelect;

export function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return db.query.user.findFirst({ where: eq(user.id, id) });
}

/**
 * findUserById as a prepared statement of `db`, for the user cache's misses (every request after a member's own
 * write): the SQL is built once, and PostgreSQL parses and plans it once per connection.
 */
export function preparedFindUserById(db: Db): (id: string) => Promise<UserRow | undefined> {
  const query = db.query.user.findFirst({ where: eq(user.id, sql.placeholder("id")) }).prepare("user_by_id");
  return (id) => query.execute({ id });
}

export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return db.query.user.findFirst({ where: eq(sql`lower(${user.email})`, email.trim().toLowerCase()) });
}

/** The user record in the spec's field names. */
export function toUserDto(row: UserRow): TUser {
  return {
    _id: row.id,
    userName: row.name,
    email: row.email,
    userRole: row.role,
    userMembership: row.membership,
    membershipValidity: row.membershipValidity ? row.membershipValidity.toISOString() : null,
    currentBalance: row.currentBalance,
    profileURL: row.image ?? null,
    aboutMe: row.aboutMe,
    address: row.address,
    city: row.city,
    country: row.country,
    phone: row.phone,
    language: row.language,
    banned: row.banned,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerified,
  };
}

/** The user record with what only admins see (sign-up address, the storage they use). */
export function toAdminUserDto(row: UserRow, storage?: { bytes: number; objects: number }): TUser {
  return { ...toUserDto(row), signupIp: row.signupIp ?? null, storage: storage ?? { bytes: 0, objects: 0 } };
}

/** Ends every session of a user, including ones a browser still holds in the cookie cache. */
export async function revokeSessions(db: DbOrTx, userId: string) {
  await db.update(user).set({ sessionsRevokedAt: new Date() }).where(eq(user.id, userId));
  await db.delete(session).where(eq(session.userId, userId));
}
