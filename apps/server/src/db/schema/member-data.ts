import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";

/** One ledger row as kept for a closed account (the credit_ledger row's columns, no user id). */
export interface ClosedLedgerEntry {
  delta: number;
  balanceAfter: number;
  reason: string;
  sourceKey: string;
  meta: Record<string, unknown> | null;
  createdAt: string;
}

/**
 * A deleted account (decision 105). The id is the pseudonymous reference its detached orders keep
 * (`closed_account_ref`); the credit ledger is kept here because it explains the money of those orders. No name,
 * no address: only a keyed hash of the address, so the same address signing up again gets no second sign-up bonus.
 */
export const closedAccounts = pgTable(
  "closed_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    /** member (DELETE /api/me) or admin (on the member's request, DELETE /api/users/:id). */
    closedBy: text("closed_by", { enum: ["member", "admin"] }).notNull(),
    /** The admin who deleted it (no foreign key: the admin may be deleted later; the id stays meaningful). */
    adminId: text("admin_id"),
    /** HMAC-SHA256 of the lower-cased address under a key derived from the server secret. */
    emailHash: text("email_hash").notNull(),
    finalBalance: integer("final_balance").notNull(),
    ledger: jsonb("ledger").$type<ClosedLedgerEntry[]>().notNull().default([]),
  },
  (t) => [index("closed_accounts_email_hash_idx").on(t.emailHash)],
);

/**
 * "Download my data" jobs (decision 105): claimed by any instance (`queued`, or `running` with an expired lease),
 * the zip stored under `exports/<id>.zip` and offered through an expiring signed link until `expires_at`.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "running", "ready", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    storageKey: text("storage_key"),
    bytes: integer("bytes"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The link works until then; the zip is held in storage until then too (stored_objects.keep_until). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("data_exports_user_idx").on(t.userId, t.createdAt), index("data_exports_status_idx").on(t.status)],
);
