import { z } from "zod";

/**
 * The placeholder for the recipient's name in template subjects and bodies (decision 031):
 * {{name}} is canonical; {name} is accepted too. Replaced with the recipient's name, or 'User'.
 */
export const NAME_PLACEHOLDER = "{{name}}";
export const DEFAULT_RECIPIENT_NAME = "User";
const PLACEHOLDER_RE = /\{\{\s*name\s*\}\}|\{\s*name\s*\}/gi;

export function fillNamePlaceholder(text: string, name: string | null | undefined): string {
  const value = name?.trim() ? name.trim() : DEFAULT_RECIPIENT_NAME;
  return text.replace(PLACEHOLDER_RE, () => value);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The same placeholder filled into HTML: the substituted value is escaped (a name is text, never markup). */
export function fillNamePlaceholderHtml(html: string, name: string | null | undefined): string {
  const value = name?.trim() ? name.trim() : DEFAULT_RECIPIENT_NAME;
  const escaped = value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
  return html.replace(PLACEHOLDER_RE, () => escaped);
}

export const ZEmailTemplateSchema = z.object({
  _id: z.string(),
  templateName: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplateSchema>;

export const ZEmailTemplateInputSchema = z.object({
  templateName: z.string().trim().min(1, "Template name is required").max(120),
  subject: z.string().trim().min(1, "Subject is required").max(200),
  body: z.string().trim().min(1, "Body is required").max(50_000),
});
export type TEmailTemplateInput = z.infer<typeof ZEmailTemplateInputSchema>;

/** POST /api/send-message (spec: toEmail, subject, messageBody; HTML allowed). */
export const ZSendMessageSchema = z.object({
  toEmail: z.string().trim().email("Enter a valid recipient email"),
  subject: z.string().trim().min(1, "Subject is required").max(200),
  messageBody: z.string().trim().min(1, "Message is required").max(50_000),
  templateId: z.string().uuid().nullable().optional(),
});
export type TSendMessage = z.infer<typeof ZSendMessageSchema>;

/** One sent message in the Message Log History (spec: day, date, templateName; subject added). */
export const ZMessageLogEntrySchema = z.object({
  _id: z.string(),
  toEmail: z.string(),
  day: z.string(),
  date: z.string(),
  templateName: z.string(),
  subject: z.string(),
  sentAt: z.string(),
});
export type TMessageLogEntry = z.infer<typeof ZMessageLogEntrySchema>;

export const ZMessageLogPageSchema = z.object({
  data: z.array(ZMessageLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TMessageLogPage = z.infer<typeof ZMessageLogPageSchema>;

export const MESSAGING_MESSAGES = {
  templateSaved: "Template saved",
  templateDeleted: "Template deleted",
  templateNotFound: "Template not found.",
  confirmDeleteTemplate: "Are you sure you want to delete this template?",
  noTemplate: "No template",
  actionEdit: "Edit",
  actionDelete: "Delete template",
  deleteTitle: (name: string) => `Delete the template “${name}”?`,
  deleteEffect: "Messages already sent keep their text; the template leaves the Send Message list.",
  loadFailed: "Failed to load templates",
  saveFailed: "Failed to save the template",
  deleteFailed: "Failed to delete the template",
  empty: "No templates yet.",
} as const;
