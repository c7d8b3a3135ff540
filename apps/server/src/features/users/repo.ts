import type { TUser } from "@mailsmith/shared";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { user } from "../../db/schema/index.js";

export type UserRow = typeof user.$inferSelect;

export function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return db.query.user.findFirst({ where: eq(user.id, id) });
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
    banned: row.banned,
    createdAt: row.createdAt.toISOString(),
  };
}
