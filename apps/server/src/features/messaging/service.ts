import {
  fillNamePlaceholder,
  fillNamePlaceholderHtml,
  MESSAGING_MESSAGES,
  type TEmailTemplateInput,
  type TSendMessage,
  USERS_MESSAGES,
} from "@mailsmith/shared";
import type { AppContext } from "../../context.js";
import { findUserByEmail, type UserRow } from "../../core/identity/users.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { htmlToText } from "./html-to-text.js";
import {
  deleteTemplateRow,
  findTemplate,
  insertLogEntry,
  insertTemplates,
  listTemplateRows,
  pageMessageLog,
  type TemplateRow,
  updateTemplateRow,
} from "./repo.js";

type Ctx = Pick<AppContext, "db" | "mail" | "log">;

export function listTemplates(ctx: Pick<AppContext, "db">) {
  return listTemplateRows(ctx.db);
}

export async function createTemplate(ctx: Pick<AppContext, "db">, input: TEmailTemplateInput): Promise<TemplateRow> {
  const [row] = await insertTemplates(ctx.db, [input]);
  return row!;
}

export async function updateTemplate(
  ctx: Pick<AppContext, "db">,
  id: string,
  input: TEmailTemplateInput,
): Promise<TemplateRow> {
  const row = await updateTemplateRow(ctx.db, id, input);
  if (!row) throw notFound(MESSAGING_MESSAGES.templateNotFound, "TEMPLATE_NOT_FOUND");
  return row;
}

export async function deleteTemplate(ctx: Pick<AppContext, "db">, id: string) {
  if (!(await deleteTemplateRow(ctx.db, id))) throw notFound(MESSAGING_MESSAGES.templateNotFound, "TEMPLATE_NOT_FOUND");
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
    const template = await findTemplate(ctx.db, body.templateId);
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
  return insertLogEntry(ctx.db, {
    toEmail: recipient.email,
    userId: recipient.id,
    templateName,
    subject,
    sentBy: caller.id,
  });
}

/** The Message Log History of one recipient (or everyone), newest first, 5 per page. */
export function listMessageLog(ctx: Pick<AppContext, "db">, input: { toEmail?: string; page: number }) {
  return pageMessageLog(ctx.db, input);
}
