import { z } from "zod";
import { MEMBERSHIPS, USER_ROLES } from "../constants.js";
import { adminInt } from "./security.js";

/** Users Management (admin §2, §8, §9). */
export const USERS_PAGE_SIZE = 10;
/** How many page numbers the pager shows around the current page. */
export const PAGER_WINDOW = 5;
/** Rows per page of admin tables the spec gives no size for (support tickets, outbox, API keys). */
export const ADMIN_TABLE_PAGE_SIZE = 10;
export const MESSAGE_LOG_PAGE_SIZE = 5;
/** The users success notice hides after 3 s. */
export const USERS_NOTICE_MS = 3000;

/** A size as people read it: 0 B, 950 B, 12.3 KB, 4.5 MB, 1.2 GB (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export const USERS_MESSAGES = {
  fetchFailed: (message: string) => `Failed to fetch users: ${message}`,
  templatesFailed: (message: string) => `Failed to fetch templates: ${message}`,
  updateFailed: (status: number | string) => `Failed to update user: ${status}`,
  deleteFailed: (status: number | string) => `Failed to delete user: ${status}`,
  updated: "User updated successfully",
  deleted: "User deleted successfully",
  messageSent: "Message sent successfully",
  sendFailed: "Failed to send message.",
  sendError: "Error sending message.",
  confirmDelete: "Are you sure you want to delete this user?",
  cannotDeleteSelf: "You cannot delete your own account.",
  cannotDemoteSelf: "You cannot change your own role.",
  cannotDisableSelf: "You cannot disable your own account.",
  disabled: "Account disabled",
  enabled: "Account enabled",
  userNotFound: "User not found.",
  // Row actions, named by their effect: disabling is reversible, deleting is not.
  actionEdit: "Edit",
  actionMessage: "Send message",
  actionLog: "Message log",
  actionCredits: "Credit history",
  actionDisable: "Disable sign-in",
  actionEnable: "Enable sign-in",
  actionDelete: "Delete user",
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteEffect: (name: string, email: string) =>
    `${name} (${email}) is removed for good, with their credits and saved templates. To only stop sign-in, disable the account instead.`,
  // /admin/users: the directory table, its search and its modals.
  documentTitle: "Users - Mailsmith Admin",
  pageTitle: "Users Management",
  directoryTitle: "User Directory",
  user: "User",
  name: "Name",
  role: "Role",
  membership: "Membership",
  balance: "Balance",
  joined: "Joined",
  signedUpFrom: "Signed up from",
  storage: "Storage",
  storageFiles: (n: number) => (n === 1 ? "1 file" : `${n} files`),
  status: "Status",
  statusDisabled: "Disabled",
  statusActive: "Active",
  actions: "Actions",
  save: "Save",
  cancel: "Cancel",
  userPages: "User pages",
  searchLabel: "Search users",
  searchPlaceholder: "Search name, email, role, membership, IP",
  refresh: "Refresh",
  dismiss: "Dismiss",
  usersCaption: "Users",
  noMatches: "No users match your search.",
  // Send message.
  sendTitle: "Send Message",
  sending: "Sending...",
  to: "To",
  template: "Template",
  noTemplate: "No template",
  subject: "Subject",
  edit: "Edit",
  preview: "Preview",
  messagePreview: "Message preview",
  subjectAndMessageRequired: "Subject and message are required.",
  // Email templates.
  templatesTitle: "Email Templates",
  templatesCaption: "Email templates",
  templateName: "Template name",
  saveTemplate: "Save Template",
  newTemplate: "New Template",
  invalidTemplate: "Invalid template",
  // Message log.
  logTitle: "Message Log History",
  logLoadFailed: "Failed to load the message log",
  logCaption: "Messages sent",
  logEmpty: "No messages sent yet.",
  logPages: "Message log pages",
  day: "Day",
  // Credit history.
  creditTitle: "Credit History",
  creditLoadFailed: "Failed to load the credit history",
  creditCaption: "Credit movements",
  creditEmpty: "No credit movements yet.",
  creditPages: "Credit history pages",
  date: "Date",
  reason: "Reason",
  change: "Change",
} as const;

/** PUT /api/users/{id} (spec: userName, UserEmail, userRole, userMembership, currentBalance). */
export const ZAdminUserUpdateSchema = z.object({
  userName: z.string().trim().min(1, "Name is required").max(120).optional(),
  UserEmail: z.string().optional(),
  userRole: z.enum(USER_ROLES).optional(),
  userMembership: z.enum(MEMBERSHIPS).optional(),
  /**
   * Converted to a number (spec); a change is written to the credits ledger as an admin adjustment.
   * "" is refused (not 0) and the value is bounded (at most 1,000,000) so it fits the column.
   */
  currentBalance: adminInt({ label: "Balance" }).optional(),
});
export type TAdminUserUpdate = z.input<typeof ZAdminUserUpdateSchema>;

export const ZUserBanSchema = z.object({ banned: z.boolean() });

/** One credit ledger row as admins see it (GET /api/users/{id}/credits). */
export const ZLedgerEntrySchema = z.object({
  _id: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntrySchema>;

export const LEDGER_REASON_LABELS: Record<string, string> = {
  signup_bonus: "Sign-up bonus",
  purchase: "Purchase",
  generation: "Generation",
  refund: "Refund",
  admin_adjustment: "Admin adjustment",
  payment_reversal: "Payment refunded or reversed",
};
