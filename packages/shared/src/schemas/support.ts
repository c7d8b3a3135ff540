import { z } from "zod";
import { isCalendarDate, SECURITY_MESSAGES } from "./security.js";

export const TICKET_STATUSES = ["open", "in-progress", "resolved", "closed"] as const;
export const TICKET_PRIORITIES = ["high", "medium", "low"] as const;

export type TicketMessageSender = "admin" | "user";

export const ZTicketMessageSchema = z.object({
  message: z.string(),
  timestamp: z.string(),
  sender: z.enum(["admin", "user"]),
});

export const ZSupportTicketSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  ticketStatus: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  ticketUserName: z.string(),
  ticketUserEmail: z.string(),
  ticketUserRole: z.string(),
  ticketUserProfileURL: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.enum(["contact", "ticket"]),
  adminMessage: z.array(ZTicketMessageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSupportTicket = z.infer<typeof ZSupportTicketSchema>;

/** Contact form hints (spec §5). */
export const CONTACT_HINTS = {
  name: "Please enter your name",
  email: "Please enter your email",
  subject: "Please enter your subjects",
  phone: "Please enter your phone number",
  message: "Please enter your message",
} as const;

const required = (hint: string, max: number) => z.string().trim().min(1, hint).max(max);

/** The public contact form: all five fields required. */
export const ZContactFormSchema = z.object({
  ticketUserName: required(CONTACT_HINTS.name, 120),
  ticketUserEmail: required(CONTACT_HINTS.email, 254).email(CONTACT_HINTS.email),
  subject: required(CONTACT_HINTS.subject, 200),
  phone: required(CONTACT_HINTS.phone, 40),
  message: required(CONTACT_HINTS.message, 5000),
});
export type TContactForm = z.infer<typeof ZContactFormSchema>;

/** The member ticket form: subject and message required. */
export const ZTicketFormSchema = z.object({
  subject: z.string().trim().min(1, "Subject is required").max(200),
  message: z.string().trim().min(1, "Message is required").max(5000),
});
export type TTicketForm = z.infer<typeof ZTicketFormSchema>;

/**
 * POST /api/new-support-message accepts either shape. Identity fields are taken from the session
 * when the caller is signed in; status, role and dates are always set by the server.
 */
export const ZNewSupportMessageSchema = z
  .object({
    subject: z.string().trim().min(1, "Subject is required").max(200),
    message: z.string().trim().min(1, "Message is required").max(5000),
    ticketUserName: z.string().trim().max(120).optional(),
    ticketUserEmail: z.string().trim().max(254).optional(),
    phone: z.string().trim().max(40).optional(),
    ticketUserProfileURL: z.string().nullable().optional(),
    ticketStatus: z.string().optional(),
    ticketUserRole: z.string().optional(),
    createdAt: z.string().optional(),
  })
  .passthrough();

export const SUPPORT_MESSAGES = {
  contactSent: "Message Sent Successfully!",
  contactFailed: "Failed to send message. Please try again.",
  ticketCreated: "Support ticket created successfully",
  ticketFailed: "Failed to create support ticket",
  userDataError: "Error loading user data",
} as const;

/** After a reply, the conversation scrolls to the newest message after this delay (spec §9). */
export const REPLY_SCROLL_DELAY_MS = 100;

export const SUPPORT_UI_MESSAGES = {
  ticketClosed: "This ticket is closed; replies are no longer possible.",
  replyRequired: "Please write a reply.",
  replySent: "Reply sent",
  statusUpdated: "Ticket updated",
  ticketNotFound: "Ticket not found.",
  notYourTicket: "You can only access your own tickets.",
  noTickets: "No support tickets yet.",
  noTicketsMatch: "No tickets match these filters.",
  loadFailed: "Failed to load support tickets.",
  selectTicket: "Select a ticket to see the conversation.",
  // The member's pages (/user/support, /user/create-support).
  memberDocumentTitle: "Support - Mailsmith",
  memberTitle: "Support",
  memberIntro: "Your tickets and our answers.",
  createTicket: "Create Ticket",
  createDocumentTitle: "Create Support Ticket - Mailsmith",
  createTitle: "Create Support Ticket",
  myTickets: "My tickets",
  subject: "Subject",
  message: "Message",
  submit: "Submit Ticket",
  // The conversation and the ticket list.
  supportTeam: "Support team",
  replyLabel: "Your reply",
  replyPlaceholder: "Write a reply…",
  sending: "Sending...",
  sendReply: "Send Reply",
  tickets: "Tickets",
  conversation: "Conversation",
  // /admin/support: the tickets table and its filters.
  adminDocumentTitle: "Support Messages - Mailsmith Admin",
  adminTitle: "Support Messages",
  adminIntro: "Member tickets and contact-form messages.",
  ticketStatus: "Ticket status",
  ticketPriority: "Ticket priority",
  ticketPages: "Ticket pages",
  from: "From",
  to: "To",
  status: "Status",
  priority: "Priority",
  created: "Created",
  filters: "Filters",
  allStatuses: "All statuses",
  allPriorities: "All priorities",
  userEmail: "User email",
  clearFilters: "Clear filters",
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a YYYY-MM-DD date")
  .refine(isCalendarDate, SECURITY_MESSAGES.invalidDate)
  .optional();

/** GET /api/support-messages filters (members always see only their own tickets). */
export const ZTicketListQuerySchema = z.object({
  userEmail: z.string().trim().max(254).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  /** Inclusive day range on createdAt (UTC days). */
  from: isoDate,
  to: isoDate,
});
export type TTicketListQuery = z.infer<typeof ZTicketListQuerySchema>;

/** PUT /api/support-message-status/{id} (admin): status and/or priority. */
export const ZTicketUpdateSchema = z
  .object({
    ticketStatus: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
  })
  .refine((v) => v.ticketStatus !== undefined || v.priority !== undefined, {
    message: "Nothing to update",
  });
export type TTicketUpdate = z.infer<typeof ZTicketUpdateSchema>;

/** POST /api/support-message/{id}/reply: the sender comes from the session (admin or user). */
export const ZTicketReplySchema = z.object({
  message: z.string().trim().min(1, SUPPORT_UI_MESSAGES.replyRequired).max(5000),
});
export type TTicketReply = z.infer<typeof ZTicketReplySchema>;
