import type { TicketMessageSender, TSupportTicket } from "@mailsmith/shared";
import { and, eq, gte, ilike, lt, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { newestFirst } from "../../db/creation-order.js";
import { supportTickets } from "../../db/schema/index.js";

export type TicketRow = typeof supportTickets.$inferSelect;
type NewTicket = typeof supportTickets.$inferInsert;
type TicketFields = Partial<Pick<NewTicket, "ticketStatus" | "priority">>;

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

export async function insertTicket(db: DbOrTx, values: NewTicket): Promise<TicketRow> {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}

export interface TicketFilters {
  /** Only tickets filed under this account. */
  userId?: string;
  /** Sender address contains this text (case-insensitive). */
  emailContains?: string;
  status?: string;
  priority?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  before?: Date;
}

/** Tickets matching every filter, newest first (at most 500). */
export function selectTickets(db: DbOrTx, filters: TicketFilters): Promise<TicketRow[]> {
  const where: SQL[] = [];
  if (filters.userId) where.push(eq(supportTickets.userId, filters.userId));
  if (filters.emailContains) {
    const pattern = `%${filters.emailContains.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(ilike(supportTickets.ticketUserEmail, pattern));
  }
  if (filters.status) where.push(eq(supportTickets.ticketStatus, filters.status));
  if (filters.priority) where.push(eq(supportTickets.priority, filters.priority));
  if (filters.from) where.push(gte(supportTickets.createdAt, filters.from));
  if (filters.before) where.push(lt(supportTickets.createdAt, filters.before));
  return db
    .select()
    .from(supportTickets)
    .where(and(...where))
    .orderBy(...newestFirst(supportTickets))
    .limit(500);
}

export function findTicket(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  return db.query.supportTickets.findFirst({ where: eq(supportTickets.id, id) });
}

/** The updated row, or undefined when there is no such ticket. */
export async function updateTicketFields(db: DbOrTx, id: string, fields: TicketFields): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(supportTickets)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(supportTickets.id, id))
    .returning();
  return row;
}

/**
 * Appends one message to the conversation in one statement (concurrent replies never overwrite each other);
 * undefined when the ticket is missing or closed.
 */
export async function appendTicketMessage(
  db: DbOrTx,
  id: string,
  entry: { message: string; timestamp: string; sender: TicketMessageSender },
  fields: TicketFields,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(supportTickets)
    .set({
      adminMessage: sql`${supportTickets.adminMessage} || ${JSON.stringify([entry])}::jsonb`,
      ...fields,
      updatedAt: new Date(),
    })
    .where(and(eq(supportTickets.id, id), ne(supportTickets.ticketStatus, "closed")))
    .returning();
  return row;
}
