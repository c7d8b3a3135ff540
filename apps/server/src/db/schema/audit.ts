import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The admin audit log (decision 106): one row per admin change, written in the same transaction as the change
 * (core/audit.ts `recordAdminChange`). Append-only: no route edits or deletes a row, and a trigger in the migration
 * raises on UPDATE or DELETE. No foreign keys: the admin or the target may be deleted later, the entry stays.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The admin's id and address at the time of the change. */
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** Client address as the app sees it (TRUST_PROXY decides whether X-Forwarded-For counts) and its user agent. */
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /** Stable dotted name, e.g. `package.update`. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull().default(""),
    /** The changed fields before and after (secrets replaced by a label and last 4). */
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_actor_idx").on(t.actorId),
    index("audit_log_action_idx").on(t.action),
  ],
);
