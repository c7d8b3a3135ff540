import { z } from "zod";
import { isCalendarDate, SECURITY_MESSAGES } from "./security.js";

/** Admin audit log (issue 39 item 4, decision 106): GET /api/admin/audit-log. */
export const AUDIT_PAGE_SIZE = 20;

/** A real calendar day (2025-02-30 is refused, not rolled over), optionally with an ISO time. */
const isoDate = z
  .string()
  .trim()
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(s) &&
      isCalendarDate(s.slice(0, 10)) &&
      !Number.isNaN(Date.parse(s)),
    SECURITY_MESSAGES.invalidDate,
  );

export const ZAuditLogQuerySchema = z.object({
  /** The admin: id, or part of the address as it was at the time. */
  actor: z.string().trim().max(200).optional().default(""),
  /** A dotted action (`package.update`) or its prefix (`package.`). */
  action: z.string().trim().max(100).optional().default(""),
  /** Inclusive lower and exclusive upper bound of the time (ISO 8601); a bare date means its midnight UTC. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(AUDIT_PAGE_SIZE),
});
export type TAuditLogQuery = z.input<typeof ZAuditLogQuerySchema>;

export const ZAuditEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditLogPageSchema = z.object({
  data: z.array(ZAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAuditLogPage = z.infer<typeof ZAuditLogPageSchema>;

/** Texts of the Audit log page. */
export const AUDIT_TEXTS = {
  pageTitle: "Audit log",
  intro: "Every change an administrator made, newest first. Entries cannot be edited or deleted.",
  menu: "Audit log",
  actor: "Admin",
  actorPlaceholder: "Address or id",
  action: "Action",
  actionPlaceholder: "e.g. package.update",
  from: "From",
  to: "To",
  apply: "Filter",
  clear: "Clear",
  when: "When",
  target: "Target",
  change: "Change",
  field: "Field",
  before: "Before",
  after: "After",
  none: "—",
  empty: "No entries match these filters.",
  loadError: "Could not load the audit log.",
  pages: "Audit log pages",
} as const;
