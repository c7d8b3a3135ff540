import {
  fillNamePlaceholder,
  fillNamePlaceholderHtml,
  MESSAGE_LOG_PAGE_SIZE,
  MESSAGING_MESSAGES,
  type TEmailTemplateInput,
  type TSendMessage,
  USERS_MESSAGES,
} from "@mailsmith/shared";
import { count, desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { findUserByEmail, type UserRow } from "../../core/identity/users.js";
import { emailTemplates, messageLog } from "../../db/schema/index.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { htmlToText } from "./html-to-text.js";
import type { TemplateRow } from "./repo.js";

type Ctx = Pick<AppContext, "db" | "mail" | "log">;

export function listTemplates(ctx: Pick<AppContext, "db">) {
  return ctx.db.select().from(emailTemplates).orderBy(emailTemplates.templateName);
}

export async function createTemplate(ctx: Pick<AppContext, "db">, input: TEmailTemplateInput): Promise<TemplateRow> {
  const [row] = await ctx.db.insert(emailTemplates).values(input).returning();
  return row!;
}

export async function updateTemplate(
  ctx: Pick<AppContext, "db">,
  id: string,
  input: TEmailTemplateInput,
): Promise<TemplateRow> {
  const [row] = await ctx.db
    .update(emailTemplates)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(emailTemplates.id, id))
    .returning();
  if (!row) throw notFound(MESSAGING_MESSAGES.templateNotFound, "TEMPLATE_NOT_FOUND");
  return row;
}

export async function deleteTemplate(ctx: Pick<AppContext, "db">, id: string) {
  const rows = await ctx.db
    .delete(emailTemplates)
    .where(eq(emailTemplates.id, id))
    .returning({ id: emailTemplates.id });
  if (rows.length === 0) throw notFound(MESSAGING_MESSAGES.templateNotFound, "TEMPLATE_NOT_FOUND");
}

/**
 * Sends one message to a registered user through the mail adapter and logs it. Any name
 * placeholder still in the subject or body is filled with the recipient's name (or 'User').
 */
export async function sendMessage(ctx: Ctx, input: { caller: UserRow; body: TSendMessage }) {
  const { caller, body } = input;
  const recipient = await findUserByEmail(ctx.db, body.toEmail);
  if (!recipient) throw notFound(USERS_MESSAGES.userNotFound, "USER_NOT_FOUND");
  let templateName = "";
  if (body.templateId) {
    const template = await ctx.db.query.emailTemplates.findFirst({ where: eq(emailTemplates.id, body.templateId) });
    templateName = template?.templateName ?? "";
  }
  const subject = fillNamePlaceholder(body.subject, recipient.name).replace(/[\r\n]+/g, " ");
  const html = fillNamePlaceholderHtml(body.messageBody, recipient.name);
  try {
    await ctx.mail.send({ to: recipient.email, subject, html, text: htmlToText(html) });
  } catch (err) {
    ctx.log.error({ err, to: recipient.email }, "send-message: mail delivery failed");
    throw new AppError("MAIL_FAILED", USERS_MESSAGES.sendFailed, 502);
  }
  const [row] = await ctx.db
    .insert(messageLog)
    .values({ toEmail: recipient.email, userId: recipient.id, templateName, subject, sentBy: caller.id })
    .returning();
  return row!;
}

/** The Message Log History of one recipient (or everyone), newest first, 5 per page. */
export async function listMessageLog(ctx: Pick<AppContext, "db">, input: { toEmail?: string; page: number }) {
  const where = input.toEmail ? eq(sql`lower(${messageLog.toEmail})`, input.toEmail.trim().toLowerCase()) : undefined;
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(messageLog).where(where);
  const rows = await ctx.db
    .select()
    .from(messageLog)
    .where(where)
    .orderBy(desc(messageLog.createdAt))
    .limit(MESSAGE_LOG_PAGE_SIZE)
    .offset((input.page - 1) * MESSAGE_LOG_PAGE_SIZE);
  return { rows, total: Number(total) };
}
