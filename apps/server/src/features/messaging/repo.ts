import {
  MESSAGE_LOG_PAGE_SIZE,
  type TEmailTemplate,
  type TEmailTemplateInput,
  type TMessageLogEntry,
} from "@mailsmith/shared";
import { count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { newestFirst } from "../../db/creation-order.js";
import { emailTemplates, messageLog } from "../../db/schema/index.js";

export type TemplateRow = typeof emailTemplates.$inferSelect;
export type MessageLogRow = typeof messageLog.$inferSelect;

export function toTemplateDto(row: TemplateRow): TEmailTemplate {
  return {
    _id: row.id,
    templateName: row.templateName,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLogDto(row: MessageLogRow): TMessageLogEntry {
  const at = row.createdAt;
  return {
    _id: row.id,
    toEmail: row.toEmail,
    day: at.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" }),
    date: at.toISOString().slice(0, 10),
    templateName: row.templateName,
    subject: row.subject,
    sentAt: at.toISOString(),
  };
}

export function listTemplateRows(db: DbOrTx): Promise<TemplateRow[]> {
  return db.select().from(emailTemplates).orderBy(emailTemplates.templateName);
}

export function findTemplate(db: DbOrTx, id: string): Promise<TemplateRow | undefined> {
  return db.query.emailTemplates.findFirst({ where: eq(emailTemplates.id, id) });
}

export async function insertTemplates(db: DbOrTx, input: TEmailTemplateInput[]): Promise<TemplateRow[]> {
  return db.insert(emailTemplates).values(input).returning();
}

/** The updated row, or undefined when there is no template with this id. */
export async function updateTemplateRow(
  db: DbOrTx,
  id: string,
  input: TEmailTemplateInput,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(emailTemplates.id, id))
    .returning();
  return row;
}

/** True when a template was deleted. */
export async function deleteTemplateRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id });
  return rows.length > 0;
}

export async function insertLogEntry(db: DbOrTx, entry: typeof messageLog.$inferInsert): Promise<MessageLogRow> {
  const [row] = await db.insert(messageLog).values(entry).returning();
  return row!;
}

/** One page of the message log (of one recipient, or everyone), newest first, and the total count. */
export async function pageMessageLog(db: DbOrTx, input: { toEmail?: string; page: number }) {
  const where = input.toEmail ? eq(sql`lower(${messageLog.toEmail})`, input.toEmail.trim().toLowerCase()) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(messageLog).where(where);
  const rows = await db
    .select()
    .from(messageLog)
    .where(where)
    .orderBy(...newestFirst(messageLog))
    .limit(MESSAGE_LOG_PAGE_SIZE)
    .offset((input.page - 1) * MESSAGE_LOG_PAGE_SIZE);
  return { rows, total: Number(total) };
}
