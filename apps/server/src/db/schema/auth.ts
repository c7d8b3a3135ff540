import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Better Auth's four tables. `user` also carries the product's user record (spec §3):
 * role, membership, balance and profile fields have database defaults and are never
 * writable through Better Auth's endpoints (they are not declared to Better Auth).
 */
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    role: text("role", { enum: ["Admin", "moderator", "member", "Seller"] })
      .notNull()
      .default("member"),
    membership: text("membership", { enum: ["free", "basic", "premium"] })
      .notNull()
      .default("free"),
    membershipValidity: timestamp("membership_validity", { withTimezone: true }),
    currentBalance: integer("current_balance").notNull().default(0),
    aboutMe: text("about_me").notNull().default(""),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    country: text("country").notNull().default(""),
    phone: text("phone").notNull().default(""),
    /** The member's language (BCP 47): an email's lang when its text is too short to tell (decision 133). */
    language: text("language").notNull().default("en"),
    banned: boolean("banned").notNull().default(false),
    /** Sessions created before this moment are refused, even from the cookie cache (password reset, disable). */
    sessionsRevokedAt: timestamp("sessions_revoked_at", { withTimezone: true }),
    /** Client address of the sign-up (admins spot bursts of accounts from one network). */
    signupIp: text("signup_ip"),
  },
  // No "balance >= 0" check: a PayPal refund or reversal of credits already spent may take the
  // balance below zero (core/ledger.ts allows it for reason "payment_reversal" only; every other change is guarded).
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);
