import type { TEmailTemplate, TMessageLogEntry } from "@mailsmith/shared";
import type { emailTemplates, messageLog } from "../../db/schema/index.js";

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
