import type { TEmailReport, TLegacyQualityReport } from "@mailsmith/shared";
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sealedText } from "../../lib/secret-box.js";
import { user } from "./auth.js";

/** Gemini API keys (admin spec §3 AI key). The key is read only by the server; responses carry a masked preview. */
export const geminiKeys = pgTable("gemini_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** Sealed at rest (lib/secret-box.ts). */
  key: sealedText("key").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  calls: integer("calls").notNull().default(0),
  failures: integer("failures").notNull().default(0),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  lastStatus: integer("last_status"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per generation (and per refinement, linked to the version it refines).
 * pending → succeeded | failed; a failed row has its credit refunded (ledger source key refund:<id>).
 */
export const generations = pgTable(
  "generations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => generations.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    emailType: text("email_type").notNull(),
    instructions: text("instructions").notNull().default(""),
    /** Small WebP data URLs of the input images (the originals are not kept). */
    thumbnails: jsonb("thumbnails").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull().default(""),
    html: text("html"),
    text: text("text"),
    report: jsonb("report").$type<TEmailReport | TLegacyQualityReport>(),
    credit: integer("credit").notNull().default(1),
    refunded: boolean("refunded").notNull().default(false),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    keyId: uuid("key_id").references(() => geminiKeys.id, { onDelete: "set null" }),
    model: text("model").notNull().default(""),
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("generations_user_idx").on(t.userId, t.createdAt),
    index("generations_status_idx").on(t.status, t.createdAt),
  ],
);
