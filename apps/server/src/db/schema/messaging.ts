import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";

/** Admin email templates (admin spec §3: templateName, subject, body; {{name}} is the recipient's name). */
export const emailTemplates = pgTable("email_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  templateName: text("template_name").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per message an admin sent to a user (the Message Log History). */
export const messageLog = pgTable(
  "message_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toEmail: text("to_email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The template's name at sending time ("" when none was used). */
    templateName: text("template_name").notNull().default(""),
    subject: text("subject").notNull(),
    sentBy: text("sent_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_log_to_email_idx").on(t.toEmail, t.createdAt)],
);
