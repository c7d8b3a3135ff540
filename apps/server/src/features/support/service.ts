import {
  CONTACT_HINTS,
  SUPPORT_REPLY_MAIL,
  SUPPORT_UI_MESSAGES,
  type TicketMessageSender,
  type TTicketListQuery,
  type TTicketUpdate,
  ZContactFormSchema,
  type ZNewSupportMessageSchema,
} from "@mailsmith/shared";
import type { z } from "zod";
import { letters } from "../../adapters/mail/letters.js";
import type { AppContext } from "../../context.js";
import { type AdminActor, recordAdminChange } from "../../core/audit.js";
import type { UserRow } from "../../core/identity/users.js";
import { AppError, badRequest, forbidden, notFound } from "../../lib/app-error.js";
import { isAdmin } from "../../plugins/access.js";
import {
  appendTicketMessage,
  findTicket,
  insertTicket,
  selectTickets,
  type TicketRow,
  updateTicketFields,
} from "./repo.js";

type NewMessage = z.infer<typeof ZNewSupportMessageSchema>;

export function isTicketOwner(row: Pick<TicketRow, "userId">, caller: Pick<UserRow, "id">): boolean {
  return row.userId !== null && row.userId === caller.id;
}

/**
 * Creates a ticket. Signed-in callers file under their own identity (never a client-sent email);
 * anonymous callers are the public contact form and must give all five contact fields.
 * Status is always open; contact messages carry role "user" (spec).
 */
export async function createTicket(
  ctx: Pick<AppContext, "db">,
  input: { body: NewMessage; caller: UserRow | null },
): Promise<TicketRow> {
  const { body, caller } = input;
  if (caller) {
    return insertTicket(ctx.db, {
      userId: caller.id,
      subject: body.subject,
      message: body.message,
      ticketUserName: caller.name,
      ticketUserEmail: caller.email,
      ticketUserRole: body.phone ? "user" : caller.role,
      ticketUserProfileURL: caller.image ?? null,
      phone: body.phone || null,
      source: body.phone ? "contact" : "ticket",
    });
  }
  const contact = ZContactFormSchema.safeParse(body);
  if (!contact.success) {
    throw badRequest(contact.error.issues[0]?.message ?? CONTACT_HINTS.message, "VALIDATION_ERROR");
  }
  return insertTicket(ctx.db, {
    subject: contact.data.subject,
    message: contact.data.message,
    ticketUserName: contact.data.ticketUserName,
    ticketUserEmail: contact.data.ticketUserEmail.toLowerCase(),
    ticketUserRole: "user",
    phone: contact.data.phone,
    source: "contact",
  });
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => {
  const d = dayStart(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/**
 * Tickets, newest first. Admins see all of them (contact messages included) with filters;
 * a member sees only tickets filed under their own account, whatever userEmail they pass.
 */
export function listTickets(
  ctx: Pick<AppContext, "db">,
  input: { caller: UserRow; query: TTicketListQuery },
): Promise<TicketRow[]> {
  const { caller, query } = input;
  return selectTickets(ctx.db, {
    ...(isAdmin(caller) ? { emailContains: query.userEmail || undefined } : { userId: caller.id }),
    status: query.status,
    priority: query.priority,
    from: query.from ? dayStart(query.from) : undefined,
    before: query.to ? nextDay(query.to) : undefined,
  });
}

/** One ticket: its owner or an admin (403 otherwise, 404 when missing). */
export async function getTicket(ctx: Pick<AppContext, "db">, input: { caller: UserRow; id: string }) {
  const row = await findTicket(ctx.db, input.id);
  if (!row) throw notFound(SUPPORT_UI_MESSAGES.ticketNotFound, "TICKET_NOT_FOUND");
  if (!isAdmin(input.caller) && !isTicketOwner(row, input.caller)) {
    throw forbidden(SUPPORT_UI_MESSAGES.notYourTicket, "NOT_YOUR_TICKET");
  }
  return row;
}

/** Admin: status among open, in-progress, resolved, closed and priority high, medium, low. */
export async function updateTicket(
  ctx: Pick<AppContext, "db">,
  input: { actor: AdminActor; id: string; body: TTicketUpdate },
) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findTicket(tx, input.id);
    const updated = await updateTicketFields(tx, input.id, {
      ...(input.body.ticketStatus ? { ticketStatus: input.body.ticketStatus } : {}),
      ...(input.body.priority ? { priority: input.body.priority } : {}),
    });
    if (!updated || !before) return updated;
    await recordAdminChange(tx, input.actor, {
      action: "ticket.update",
      targetType: "ticket",
      targetId: input.id,
      before: { ticketStatus: before.ticketStatus, priority: before.priority },
      after: { ticketStatus: updated.ticketStatus, priority: updated.priority },
    });
    return updated;
  });
  if (!row) throw notFound(SUPPORT_UI_MESSAGES.ticketNotFound, "TICKET_NOT_FOUND");
  return row;
}

/**
 * Appends a reply to the conversation. An admin reply is sent as "admin"; the owner's as "user" and sets the
 * ticket in-progress. Nobody replies on a closed ticket. The member is emailed when an admin replies.
 */
export async function replyToTicket(
  ctx: Pick<AppContext, "db" | "letters" | "log" | "env">,
  input: { caller: UserRow; actor: AdminActor; id: string; message: string },
): Promise<TicketRow> {
  const ticket = await getTicket(ctx, { caller: input.caller, id: input.id });
  if (ticket.ticketStatus === "closed") throw new AppError("TICKET_CLOSED", SUPPORT_UI_MESSAGES.ticketClosed, 409);
  const sender: TicketMessageSender = isAdmin(input.caller) && !isTicketOwner(ticket, input.caller) ? "admin" : "user";
  const entry = { message: input.message, timestamp: new Date().toISOString(), sender };
  const row = await ctx.db.transaction(async (tx) => {
    const appended = await appendTicketMessage(
      tx,
      input.id,
      entry,
      sender === "user" ? { ticketStatus: "in-progress" } : {},
    );
    // An admin's reply is a message sent to a member.
    if (appended && sender === "admin") {
      await recordAdminChange(tx, input.actor, {
        action: "ticket.reply",
        targetType: "ticket",
        targetId: input.id,
        after: { messageLength: input.message.length, conversationLength: appended.adminMessage.length },
      });
    }
    return appended;
  });
  if (!row) throw new AppError("TICKET_CLOSED", SUPPORT_UI_MESSAGES.ticketClosed, 409);
  if (sender === "admin") notifyMember(ctx, row, input.message);
  return row;
}

function notifyMember(ctx: Pick<AppContext, "letters" | "log" | "env">, ticket: TicketRow, message: string) {
  // Contact messages have no page to link to; member tickets link to the member's support page.
  const link = ticket.source === "ticket" ? `${ctx.env.publicUrl}/user/support` : undefined;
  const mailSubject = SUPPORT_REPLY_MAIL.subject(ticket.subject).replace(/[\r\n]+/g, " ");
  const letter = letters.supportReply({
    name: ticket.ticketUserName,
    subject: ticket.subject,
    mailSubject,
    message,
    ...(link ? { link } : {}),
  });
  ctx.letters.send(ticket.ticketUserEmail, letter).catch((err) => {
    ctx.log.warn({ err, ticketId: ticket.id }, "support reply notification failed");
  });
}
