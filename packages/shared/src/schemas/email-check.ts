import { z } from "zod";
import { ZEmailReportSchema } from "./email-report.js";
import { ZFidelityPartsSchema } from "./generation-jobs.js";
import { DEFAULT_EMAIL_TYPE, EMAIL_TYPES, GENERATOR_LIMITS } from "./generator.js";
import { ZAltPictureSchema } from "./template-edit.js";

/**
 * "Check my email": a member pastes or uploads an HTML email they already have and gets it back
 * processed by the email engine, with the report, rendered previews and the plain text. Free within a rate limit;
 * "Fix with AI" imports it as a template and refines it for 1 credit.
 */

export const EMAIL_CHECK_LIMITS = {
  /** HTML accepted per check (UTF-8 bytes); larger answers 413. */
  maxHtmlBytes: 500 * 1024,
  /** Checks per member per window (each one renders the email three times). */
  rateMax: 30,
  rateWindow: "10 minutes",
  /** File types the upload accepts (the server sniffs the content anyway). */
  fileAccept: ".html,.htm,text/html",
  /** Download name of the processed HTML and the plain text. */
  htmlFileName: "email_checked.html",
  textFileName: "email_checked.txt",
  /** Failing checks put into the "Fix with AI" instruction at most. */
  maxFixChecks: 12,
  /** Optional design image: the generator's upload rules (types sniffed by content, size). */
  maxDesignBytes: GENERATOR_LIMITS.maxImageBytes,
  designMimeTypes: GENERATOR_LIMITS.imageMimeTypes,
  designAccept: "image/png,image/jpeg,image/webp,image/gif",
} as const;

export const EMAIL_CHECK_MESSAGES = {
  pageTitle: "Check my email",
  intro:
    "Paste the HTML of an email you already have, or upload its .html file. We check it the way a careful email developer would, show it rendered on desktop, on a phone and in dark mode, and give you a cleaned-up copy. Checking is free.",
  htmlLabel: "Email HTML",
  htmlPlaceholder: "<!doctype html>\n<html>…</html>",
  uploadLabel: "Upload an .html file",
  dropHint: "or drop an .html file here",
  check: "Check",
  checking: "Checking…",
  resultPlaceholder: "Your report, previews and cleaned-up HTML appear here.",
  reportTitle: "Email report",
  htmlRequired: "Paste your email's HTML or upload an .html file.",
  tooLarge: "This email is larger than 500 KB. Remove unused code or images embedded as data, then try again.",
  notHtml: "This does not look like an HTML email: we found no HTML tags in it. Paste the email's HTML source.",
  binary: "This file is not HTML text (it looks like an image or another binary file). Upload the email's .html file.",
  fileType: "Please choose an .html file.",
  uploadFailed: "The upload could not be read. Please try again.",
  rateLimited: "You have checked many emails in a short time. Please wait a few minutes and try again.",
  checkFailed: "The email could not be checked. Please try again.",
  previewsTitle: "Rendered previews",
  previewDesktop: "Desktop (600 px)",
  previewMobile: "Phone (375 px)",
  previewDark: "Dark mode",
  previewDarkForced: "Forced dark (apps that darken emails)",
  previewsUnavailable: "Rendered previews are not available right now; every other check still ran.",
  processedTitle: "Processed HTML",
  textTitle: "Plain text",
  copy: "Copy",
  download: "Download",
  copied: "Copied to clipboard!",
  copyFailed: "Failed to copy.",
  downloaded: (file: string) => `${file} downloaded.`,
  fixWithAi: "Fix with AI (1 credit)",
  fixing: "Fixing with AI…",
  fixHint: "Saves this email to My Templates and asks the AI to fix what the checks found. Costs 1 credit.",
  fixNothing: "No check failed and no warning asks for a change: there is nothing for the AI to fix.",
  noCredits: "You have no credits left.",
  buyCredits: "Buy credits",
  fixFailed: "The AI could not fix this email. Your credit has been refunded.",
  imported: "Saved to My Templates.",
  designLabel: "Design image (optional)",
  designHint: "Add the mock-up this email was built from to see how close the email comes to it.",
  designPick: "Choose an image",
  designRemove: "Remove design",
  designType: "The design must be a PNG, JPEG, WebP or GIF image.",
  designTooLarge: "The design image must be 4 MB or smaller.",
  designUnreadable: "The design image could not be read. Please try another file.",
  fidelityTitle: "Closeness to the design",
  fidelityUnavailable: "Closeness to the design could not be measured: rendering is not available right now.",
  /** The instruction "Fix with AI" sends to the refine path (the checks to fix follow, one a line). */
  fixInstruction:
    "Fix these problems found by the email checks while keeping the layout, texts, links and images as they are:",
} as const;

/** JSON body of POST /api/email-check (multipart/form-data sends the same field, as text or as a file). */
export const ZEmailCheckRequestSchema = z.object({
  html: z.string({ error: EMAIL_CHECK_MESSAGES.htmlRequired }),
});
export type TEmailCheckRequest = z.infer<typeof ZEmailCheckRequestSchema>;

export const ZEmailCheckResponseSchema = z.object({
  success: z.literal(true),
  /** The processed email (the engine's output for an existing email: its own skeleton kept). */
  html: z.string(),
  text: z.string(),
  subject: z.string(),
  /** Report with render figures and previews (data: URLs of compressed images). */
  report: ZEmailReportSchema,
  /** Pictures without alt text, each with a field in the report (part ids of `html`, for POST /api/email-fix). */
  altPictures: z.array(ZAltPictureSchema).optional(),
  /**
   * Only when a design image was sent (multipart field `design`): the fidelity score of the email rendered at the
   * design's width against it, and that rendering as a data: URL for the comparison view; null
   * when it could not be rendered.
   */
  fidelity: z
    .object({ score: z.number(), parts: ZFidelityPartsSchema, rendered: z.string().optional() })
    .nullable()
    .optional(),
});
export type TEmailCheckResponse = z.infer<typeof ZEmailCheckResponseSchema>;

/**
 * POST /api/templates/import: saves an existing email as the member's template (version 1, free), so that
 * "Fix with AI" can go through the ordinary refine path (one place for the credit logic).
 */
export const ZImportTemplateSchema = z.object({
  html: z.string({ error: EMAIL_CHECK_MESSAGES.htmlRequired }),
  emailType: z.enum(EMAIL_TYPES).default(DEFAULT_EMAIL_TYPE),
});
export type TImportTemplate = z.input<typeof ZImportTemplateSchema>;

/**
 * The refine instruction built from a report: the failing checks, then the warnings that carry a fix. Warnings
 * without one (a client falling back on a feature, e.g. Gmail apps ignoring @media) describe fallbacks the email
 * already has; sending them to the AI invites it to strip the very media queries and styles that make it work.
 */
export function buildFixInstruction(
  checks: { title: string; status: string; reason: string; fix?: string }[],
): string | null {
  const picked = [
    ...checks.filter((c) => c.status === "fail"),
    ...checks.filter((c) => c.status === "warn" && c.fix),
  ].slice(0, EMAIL_CHECK_LIMITS.maxFixChecks);
  if (picked.length === 0) return null;
  const lines = picked.map((c) => `- ${c.title}: ${c.reason}${c.fix ? ` Fix: ${c.fix}` : ""}`);
  return `${EMAIL_CHECK_MESSAGES.fixInstruction}\n${lines.join("\n")}`.slice(0, 2000);
}
