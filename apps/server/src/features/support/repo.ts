import type { TSupportTicket } from "@mailsmith/shared";
import type { UserRow } from "../../core/identity/users.js";
import type { supportTickets } from "../../db/schema/index.js";

export type TicketRow = typeof supportTickets.$inferSelect;

export function toTicketDto(row: TicketRow): TSupportTicket {
  return {
    _id: row.id,
    subject: row.subject,
    message: row.message,
    ticketStatus: row.ticketStatus as TSupportTicket["ticketStatus"],
    priority: row.priority as TSupportTicket["priority"],
    ticketUserName: row.ticketUserName,
    ticketUserEmail: row.ticketUserEmail,
    ticketUserRole: row.ticketUserRole,
    ticketUserProfileURL: row.ticketUserProfileURL ?? null,
    phone: row.phone ?? null,
    source: row.source as TSupportTicket["source"],
    adminMessage: row.adminMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function isTicketOwner(row: Pick<TicketRow, "userId">, caller: Pick<UserRow, "id">): boolean {
  return row.userId !== null && row.userId === caller.id;
}
