import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Small key/value store: seed markers, generated secrets. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Mail written here when no SMTP_URL is configured; admins read it at /admin/outbox. */
export const outbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  toEmail: text("to_email").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
