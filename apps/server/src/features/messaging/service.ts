import {
  fillNamePlaceholder,
  fillNamePlaceholderHtml,
  MESSAGING_MESSAGES,
  type TEmailTemplateInput,
  type TSendMessage,
  USERS_MESSAGES,
} from "@mailsmith/shared";
import { letters } from "../../adapters/mail/letters.js";
import type { AppContext } from "../../context.js";
import { type AdminActor, type AuditFields, recordAdminChange } from "../../core/audit.js";
import { findUserByEmail, type UserRow } from "../../core/identity/users.js";
import { AppError, notFound } from "../../lib/app-error.js";
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

type Ctx = Pick<AppContext, "db" | "letters" | "log">;

export function listTemplates(ctx: Pick<AppContext, "db">) {
  return listTemplateRows(ctx.db);
}

const templateNotFound = () => notFound(MESSAGING_MESSAGES.templateNotFound, "TEMPLATE_NOT_FOUND");

/** The template's own fields (what the audit log compares). */
function templateFields(row: TemplateRow | undefined): AuditFields | null {
  if (!row) return null;
  const { id: _i, createdAt: _c, updatedAt: _u, ...fields } = row as TemplateRow & { updatedAt?: unknown };
  return fields;
}

export async function createTemplate(
  ctx: Pick<AppContext, "db">,
  actor: AdminActor,
  input: TEmailTemplateInput,
): Promise<TemplateRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await insertTemplates(tx, [input]);
    await recordAdminChange(tx, actor, {
      action: "email_template.create",
      targetType: "email_template",
      targetId: row!.id,
      after: templateFields(row),
    });
    return row!;
  });
}

export async function updateTemplate(
  ctx: Pick<AppContext, "db">,
  actor: AdminActor,
  id: string,
  input: TEmailTemplateInput,
): Promise<TemplateRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findTemplate(tx, id);
    const updated = await updateTemplateRow(tx, id, input);
    if (!updated) return undefined;
    await recordAdminChange(tx, actor, {
      action: "email_template.update",
      targetType: "email_template",
      targetId: id,
      before: templateFields(before),
      after: templateFields(updated),
    });
    return updated;
  });
  if (!row) throw templateNotFound();
  return row;
}

export async function deleteTemplate(ctx: Pick<AppContext, "db">, actor: AdminActor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await findTemplate(tx, id);
    if (!(await deleteTemplateRow(tx, id))) throw templateNotFound();
    await recordAdminChange(tx, actor, {
      action: "email_template.delete",
      targetType: "email_template",
      targetId: id,
      before: templateFields(before),
    });
  });
}

/**
 * Sends one message to a registered user through the mail adapter and logs it. Any name
 * placeholder still in the subject or body is filled with the recipient's name (or 'User').
 */
export async function sendMessage(ctx: Ctx, input: { caller: UserRow; actor: AdminActor; body: TSendMessage }) {
  const { caller, body } = input;
  const recipient = await findUserByEmail(ctx.db, body.toEmail);
  if (!recipient) throw notFound(USERS_MESSAGES.userNotFound, "USER_NOT_FOUND");
  let templateName = "";
  if (body.templateId) {
    const template = await findTemplate(ctx.db, body.templateId);
    templateName = template?.templateName ?? "";
  }
  const subject = fillNamePlaceholder(body.subject, recipient.name).replace(/[\r\n]+/g, " ");
  const bodyHtml = fillNamePlaceholderHtml(body.messageBody, recipient.name);
  try {
    // In the product's letter layout, through the email engine: sanitised, checked, with a text part.
    await ctx.letters.send(recipient.email, letters.adminMessage({ subject, bodyHtml }));
  } catch (err) {
    ctx.log.error({ err, to: recipient.email }, "send-message: mail delivery failed");
    throw new AppError("MAIL_FAILED", USERS_MESSAGES.sendFailed, 502);
  }
  // Mail cannot be unsent: the log row and the audit entry commit together once it went out.
  return ctx.db.transaction(async (tx) => {
    const entry = await insertLogEntry(tx, {
      toEmail: recipient.email,
      userId: recipient.id,
      templateName,
      subject,
      sentBy: caller.id,
    });
    await recordAdminChange(tx, input.actor, {
      action: "message.send",
      targetType: "user",
      targetId: recipient.id,
      // The subject as the admin wrote it (placeholders unfilled): no recipient name in the append-only log.
      after: { subject: body.subject, templateName, bodyLength: body.messageBody.length, messageLogId: entry.id },
    });
    return entry;
  });
}

/** The Message Log History of one recipient (or everyone), newest first, 5 per page. */
export function listMessageLog(ctx: Pick<AppContext, "db">, input: { toEmail?: string; page: number }) {
  return pageMessageLog(ctx.db, input);
}
