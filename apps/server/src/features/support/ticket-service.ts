import {
  SUPPORT_UI_MESSAGES,
  type TicketMessageSender,
  type TTicketListQuery,
  type TTicketUpdate,
} from "@mailsmith/shared";
import { and, desc, eq, gte, ilike, lt, ne, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../core/identity/users.js";
import { supportTickets } from "../../db/schema/index.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { escapeHtml } from "../../lib/escape-html.js";
import { isAdmin } from "../../plugins/access.js";
import { isTicketOwner, type TicketRow } from "./repo.js";

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/**
 * Tickets, newest first. Admins see all of them (contact messages included) with filters;
 * a member sees only tickets filed under their own account, whatever userEmail they pass.
 */
export async function listTickets(
  ctx: Pick<AppContext, "db">,
  input: { caller: UserRow; query: TTicketListQuery },
): Promise<TicketRow[]> {
  const { caller, query } = input;
  const where: SQL[] = [];
  if (!isAdmin(caller)) where.push(eq(supportTickets.userId, caller.id));
  else if (query.userEmail) {
    const pattern = `%${query.userEmail.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(ilike(supportTickets.ticketUserEmail, pattern));
  }
  if (query.status) where.push(eq(supportTickets.ticketStatus, query.status));
  if (query.priority) where.push(eq(supportTickets.priority, query.priority));
  if (query.from) where.push(gte(supportTickets.createdAt, new Date(`${query.from}T00:00:00.000Z`)));
  if (query.to) where.push(lt(supportTickets.createdAt, nextDay(query.to)));
  return ctx.db
    .select()
    .from(supportTickets)
    .where(and(...where))
    .orderBy(desc(supportTickets.createdAt))
    .limit(500);
}

/** One ticket: its owner or an admin (403 otherwise, 404 when missing). */
export async function getTicket(ctx: Pick<AppContext, "db">, input: { caller: UserRow; id: string }) {
  const row = await ctx.db.query.supportTickets.findFirst({ where: eq(supportTickets.id, input.id) });
  if (!row) throw notFound(SUPPORT_UI_MESSAGES.ticketNotFound, "TICKET_NOT_FOUND");
  if (!isAdmin(input.caller) && !isTicketOwner(row, input.caller)) {
    throw forbidden(SUPPORT_UI_MESSAGES.notYourTicket, "NOT_YOUR_TICKET");
  }
  return row;
}

/** Admin: status among open, in-progress, resolved, closed and priority high, medium, low. */
export async function updateTicket(ctx: Pick<AppContext, "db">, input: { id: string; body: TTicketUpdate }) {
  const [row] = await ctx.db
    .update(supportTickets)
    .set({
      ...(input.body.ticketStatus ? { ticketStatus: input.body.ticketStatus } : {}),
      ...(input.body.priority ? { priority: input.body.priority } : {}),
      updatedAt: new Date(),
    })
    .where(eq(supportTickets.id, input.id))
    .returning();
  if (!row) throw notFound(SUPPORT_UI_MESSAGES.ticketNotFound, "TICKET_NOT_FOUND");
  return row;
}

/**
 * Appends a reply to the conversation in one statement (concurrent replies never overwrite each other).
 * An admin reply is sent as "admin"; the owner's as "user" and sets the ticket in-progress.
 * Nobody replies on a closed ticket. The member is emailed when an admin replies.
 */
export async function replyToTicket(
  ctx: Pick<AppContext, "db" | "mail" | "log" | "env">,
  input: { caller: UserRow; id: string; message: string },
): Promise<TicketRow> {
  const ticket = await getTicket(ctx, { caller: input.caller, id: input.id });
  if (ticket.ticketStatus === "closed") throw new AppError("TICKET_CLOSED", SUPPORT_UI_MESSAGES.ticketClosed, 409);
  const sender: TicketMessageSender = isAdmin(input.caller) && !isTicketOwner(ticket, input.caller) ? "admin" : "user";
  const entry = { message: input.message, timestamp: new Date().toISOString(), sender };
  const [row] = await ctx.db
    .update(supportTickets)
    .set({
      adminMessage: sql`${supportTickets.adminMessage} || ${JSON.stringify([entry])}::jsonb`,
      ...(sender === "user" ? { ticketStatus: "in-progress" } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(supportTickets.id, input.id), ne(supportTickets.ticketStatus, "closed")))
    .returning();
  if (!row) throw new AppError("TICKET_CLOSED", SUPPORT_UI_MESSAGES.ticketClosed, 409);
  if (sender === "admin") notifyMember(ctx, row, input.message);
  return row;
}

function notifyMember(ctx: Pick<AppContext, "mail" | "log" | "env">, ticket: TicketRow, message: string) {
  const link = `${ctx.env.publicUrl}/user/support`;
  const subject = `Re: ${ticket.subject}`.replace(/[\r\n]+/g, " ");
  const text = `Hi ${ticket.ticketUserName},\n\nOur support team replied to your ticket "${ticket.subject}":\n\n${message}\n\n${ticket.source === "ticket" ? `See the conversation: ${link}\n` : ""}`;
  const html = `<p>Hi ${escapeHtml(ticket.ticketUserName)},</p><p>Our support team replied to your ticket <strong>${escapeHtml(ticket.subject)}</strong>:</p><blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(message).replace(/\n/g, "<br>")}</blockquote>${ticket.source === "ticket" ? `<p><a href="${escapeHtml(link)}">See the conversation</a></p>` : ""}`;
  ctx.mail.send({ to: ticket.ticketUserEmail, subject, html, text }).catch((err) => {
    ctx.log.warn({ err, ticketId: ticket.id }, "support reply notification failed");
  });
}
