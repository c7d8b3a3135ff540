import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";

export interface TicketMessage {
  message: string;
  timestamp: string;
  sender: "admin" | "user";
}

/** Support tickets: member tickets and contact-form messages (spec §3). */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** open, in-progress, resolved, closed */
    ticketStatus: text("ticket_status").notNull().default("open"),
    /** high, medium, low */
    priority: text("priority").notNull().default("medium"),
    ticketUserName: text("ticket_user_name").notNull(),
    ticketUserEmail: text("ticket_user_email").notNull(),
    ticketUserRole: text("ticket_user_role").notNull().default("user"),
    ticketUserProfileURL: text("ticket_user_profile_url"),
    phone: text("phone"),
    /** contact (public form) or ticket (member area) */
    source: text("source").notNull().default("ticket"),
    adminMessage: jsonb("admin_message").$type<TicketMessage[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_tickets_email_idx").on(t.ticketUserEmail),
    index("support_tickets_created_idx").on(t.createdAt),
  ],
);
