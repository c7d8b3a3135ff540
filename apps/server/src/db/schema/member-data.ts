import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
 * A deleted account. The id is the pseudonymous reference its detached orders keep
 * (`closed_account_ref`); the credit ledger is kept here because it explains the money of those orders. No name,
 * no address: only a hash of the address, so the same address signing up again gets no second sign-up bonus.
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
    /** SHA-256 of a fixed label and the lower-cased address (core/identity/close-account.ts `closedAddressHash`). */
    emailHash: text("email_hash").notNull(),
    finalBalance: integer("final_balance").notNull(),
    ledger: jsonb("ledger").$type<ClosedLedgerEntry[]>().notNull().default([]),
  },
  (t) => [index("closed_accounts_email_hash_idx").on(t.emailHash)],
);

/**
 * "Download my data" jobs: claimed by any instance (`queued`, or `running` with an expired lease),
 * the zip kept in `data_export_files` and offered through an expiring signed link until `expires_at`.
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

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The zip of a ready export, in the database rather than the storage adapter: it goes with the export
 * row (expiry, a new export, the account's deletion) on every instance, and is never at a public bucket address.
 */
export const dataExportFiles = pgTable("data_export_files", {
  exportId: uuid("export_id")
    .primaryKey()
    .references(() => dataExports.id, { onDelete: "cascade" }),
  body: bytes("body").notNull(),
});
