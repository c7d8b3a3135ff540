import { z } from "zod";
import { ZEmailReportSchema } from "./email-report.js";
import { GENERATION_ENGINES } from "./local-reader.js";
import { hasNoControlChars, SECURITY_MESSAGES } from "./security.js";

/**
 * The generator (site spec §2, §4, §7, §8, §9) and Gemini API key management (admin spec §2, §5, §7, §8).
 * Every quoted text, limit and delay lives here once.
 */

/** Spec §9: the nine email types, default Promotional. */
export const EMAIL_TYPES = [
  "Promotional Email Templates",
  "Newsletter Email Templates",
  "Transactional Email Templates",
  "Welcome Email Templates",
  "Feedback & Survey Email Templates",
  "Event Email Templates",
  "Announcement Email Templates",
  "Re-engagement Email Templates",
  "HTML vs. Plain Text Templates",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/**
 * The image types Gemini takes as inline data (ai.google.dev/gemini-api/docs/image-understanding, "Supported image
 * formats"): it answers 400 INVALID_ARGUMENT to anything else, GIF included.
 */
export const MODEL_IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"] as const;
export type ModelImageMimeType = (typeof MODEL_IMAGE_MIME_TYPES)[number];

export const DEFAULT_EMAIL_TYPE: EmailType = "Promotional Email Templates";

export const GENERATOR_LIMITS = {
  /** Images per generation and bytes per image (validated by content on the server). */
  maxImages: 5,
  maxImageBytes: 4 * 1024 * 1024,
  /** What the upload takes (the web's file check and the server's content check both use this list). */
  imageMimeTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"] as const,
  maxInstructionsLength: 2000,
  /** Spec §9: generated emails are at most 600 px wide, 7 to 8 sections. */
  emailMaxWidthPx: 600,
  /** Spec §9: preview frame height. */
  previewHeightPx: 500,
  /** Mobile width of the preview switch. */
  previewMobileWidthPx: 375,
  /** Gmail clips messages above 102 KB; the report warns from 90 KB. */
  gmailClipBytes: 102 * 1024,
  gmailWarnBytes: 90 * 1024,
  /** Spec §9: copy/download notices clear after 3 s. */
  noticeMs: 3000,
  /** Browser: the live preview redraws at most this often while the model writes. */
  previewThrottleMs: 300,
  /** Test emails a member may send per window. */
  testSendMax: 5,
  testSendWindow: "10 minutes",
  templatesPageSize: 9,
} as const;

/**
 * What each accepted design type is re-encoded to at upload, before it is stored or sent to the model:
 * always a type the model takes (checked by the compiler), a GIF as its first frame in PNG.
 */
export const DESIGN_IMAGE_STORED_AS = {
  "image/png": "image/png",
  "image/jpeg": "image/jpeg",
  "image/webp": "image/webp",
  "image/gif": "image/png",
} as const satisfies Record<(typeof GENERATOR_LIMITS.imageMimeTypes)[number], ModelImageMimeType>;

export const GENERATOR_FILES = {
  html: "email_template.html",
  text: "email_template.txt",
} as const;

/** Spec §8 (generator) plus the texts this implementation adds for server-side checks. */
export const GENERATOR_MESSAGES = {
  pageTitle: "Generate HTML Email Templates with AI",
  loginRequired: "Please log in to use the Email Template AI tool",
  goToLogin: "Go to Login",
  userDataNotFound: "User data not found",
  loadFailed: "Failed to load data",
  keysLoadFailed: "Failed to load API keys",
  keysLoadError: "Error loading API keys",
  noApiKeys: "No API keys available",
  insufficientCredits: "Insufficient credits. Buy more to generate code.",
  deductFailed: "Failed to deduct credits",
  /**
   * A model service's failure in words (replaces the spec's "API Error: {status} -
   * {body}"): what happened and what to do — never the status code or the provider's body (the key's health records
   * those for administrators). The page adds whether the credit came back.
   */
  apiError: (status: number, _providerBody?: string) =>
    status === 429
      ? "The AI service is busy right now (too many requests at once). Try again in a minute."
      : status === 400 || status === 413 || status === 422
        ? "The AI service could not take this design. Try a smaller picture, fewer pictures or shorter instructions."
        : status === 401 || status === 403 || status === 404
          ? "The AI service refused our request because of a setting on our side; we have been told. Try again later."
          : "The AI service had a problem on its side and stopped. Try again in a few minutes; if it keeps happening, tell us from the Support page.",
  noText: "No text was generated from the API response.",
  error: (message: string) => `Error: ${message}`,
  readImagesFailed: "Failed to read images.",
  copyFailed: "Failed to copy code.",
  generated: "Email template generated successfully!",
  copied: (type: string) => `${type} code copied to clipboard!`,
  downloaded: (file: string) => `${file} downloaded successfully!`,
  // Reasons used inside "Error: {message}" (spec: followed by a credit refund).
  malformed: "The AI response could not be read as an email template.",
  truncated: "The AI response was cut off before the email was complete.",
  blocked: "The AI service declined this request.",
  timeout: "The AI service did not answer in time.",
  unreachable: "Could not reach the AI service.",
  refunded: "Your credit has been refunded.",
  // Server-side input checks.
  tooManyImages: "You can upload at most 5 images.",
  imageTooLarge: "Each image must be 4 MB or smaller.",
  imageType: "Only PNG, JPEG, WebP and GIF images are allowed.",
  invalidEmailType: "Please select an email type.",
  instructionsTooLong: "Specific Instructions can be at most 2000 characters.",
  refineRequired: "Please describe the change you want.",
  templateNotFound: "Template not found.",
  autofixNotOffered: "The report does not offer this fix for this template.",
  autofixApplied: "Fixed: every link and image now uses https.",
  testSent: (email: string) => `Test email sent to ${email}.`,
  testFailed: "Failed to send the test email.",
  testRateLimited: "Too many test emails. Please wait a few minutes and try again.",
  deleted: "Template deleted successfully!",
  deleteFailed: "Failed to delete template.",
  deleteConfirm: "Are you sure you want to delete this template?",
  noTemplates: "No templates yet",
  noTemplatesHint: "Templates you generate appear here.",
} as const;

/** Admin spec §2, §5, §8: Gemini API Keys Management. */
export const GEMINI_KEY_MESSAGES = {
  title: "Gemini API Keys Management",
  emptyTitle: "No API keys found",
  emptyHint: "Add your first key using the form above",
  fetchFailed: "Failed to fetch keys",
  addFailed: "Failed to add key",
  updateFailed: "Failed to update key",
  deleteFailed: "Failed to delete key",
  toggleFailed: "Failed to toggle key status",
  required: "Name and key are required",
  provider: "Provider",
  providerGemini: "Google Gemini",
  providerOpenAi: "OpenAI-compatible (OpenAI, OpenRouter, vLLM, Ollama, LM Studio)",
  baseUrl: "Base URL",
  baseUrlHint:
    "e.g. https://api.openai.com/v1 or https://openrouter.ai/api/v1; a server on this machine or network (http://localhost:11434/v1) only when the operator allows it",
  model: "Model",
  modelHint: "Blank, or not listed by the server: the first chat model it lists",
  /** An OpenAI-compatible key names its server. */
  baseUrlRequired: "An OpenAI-compatible key needs its base URL (http:// or https://, e.g. https://api.openai.com/v1)",
  /**
   * Addresses the server does not call for an admin-set key, by what is wrong with them. The operator's
   * allow-list (OPENAI_COMPATIBLE_ALLOWED_ORIGINS) lets a local model server through.
   */
  baseUrlRefused: {
    invalid: "The base URL is not a web address: write it as https://host/path, e.g. https://api.openai.com/v1",
    credentials: "The base URL must not contain a user name or password: put the secret in API Key instead.",
    not_https:
      "The base URL must start with https://. A model server on this machine or network needs the server setting OPENAI_COMPATIBLE_ALLOWED_ORIGINS to name it.",
    internal_host:
      "The base URL points at this machine or a private network, which the server does not call unless its setting OPENAI_COMPATIBLE_ALLOWED_ORIGINS names it.",
  },
  added: "API key added successfully!",
  updated: "API key updated successfully!",
  deleted: "API key deleted successfully!",
  activated: "API key activated successfully!",
  deactivated: "API key deactivated successfully!",
  deleteConfirm: "Are you sure you want to delete this API key?",
  notFound: "API key not found.",
  actionEnable: "Enable",
  actionDisable: "Disable",
  actionEdit: "Edit",
  actionDelete: "Delete key",
  deleteTitle: (name: string) => `Delete the key “${name}”?`,
  deleteEffect: "Generation stops using it at once; to pause it instead, disable it.",
  // The keys form and table (admin settings → Gemini Keys).
  addFormLabel: "Add API key",
  editFormLabel: "Edit API key",
  name: "Name",
  apiKey: "API Key",
  key: "Key",
  keepHint: (preview: string) => `Current: ${preview}. Leave blank to keep it.`,
  active: "Active",
  inactive: "Inactive",
  addKey: "Add Key",
  updateKey: "Update Key",
  cancel: "Cancel",
  caption: "Gemini API keys",
  pages: "Key pages",
  status: "Status",
  created: "Created",
  usage: "Usage",
  actions: "Actions",
  usageCounts: (calls: number, failures: number) => `${calls} calls · ${failures} failures`,
  lastUsed: (when: string) => `Last used: ${when}`,
  never: "Never",
} as const;

/** Spec: the table shows the first 8 characters, an ellipsis and the last 4. */
export function maskKey(key: string): string {
  if (key.length <= 12) return `${key.slice(0, Math.min(4, key.length))}…`;
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

// ---------- Gemini keys ----------

export const ZGeminiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Masked: first 8 … last 4. The whole key never leaves the server. */
  keyPreview: z.string(),
  isActive: z.boolean(),
  /** Which service the key calls (absent from older servers: Gemini). */
  provider: z.enum(["gemini", "openai"]).optional(),
  baseUrl: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  usage: z.object({
    calls: z.number().int(),
    failures: z.number().int(),
    lastUsedAt: z.string().nullable(),
    lastStatus: z.number().int().nullable(),
  }),
});
export type TGeminiKey = z.infer<typeof ZGeminiKeySchema>;

const keyName = z.string().trim().min(1, GEMINI_KEY_MESSAGES.required).max(100);
const keyValue = z.string().trim().min(1, GEMINI_KEY_MESSAGES.required).max(500);

const keyProvider = z.enum(["gemini", "openai"]);
const keyBaseUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, GEMINI_KEY_MESSAGES.baseUrlRequired);
/** The model an OpenAI-compatible key answers with (blank: the first its server lists). */
const keyModel = z.string().trim().max(200);
const needsBaseUrl = (v: { provider?: string; baseUrl?: string }) => v.provider !== "openai" || Boolean(v.baseUrl);
const baseUrlIssue = { message: GEMINI_KEY_MESSAGES.baseUrlRequired, path: ["baseUrl"] };

export const ZCreateGeminiKeySchema = z
  .object({
    name: keyName,
    key: keyValue,
    isActive: z.boolean().optional().default(true),
    /** Gemini, or an OpenAI-compatible server (OpenAI, OpenRouter, vLLM, Ollama, LM Studio). */
    provider: keyProvider.optional().default("gemini"),
    baseUrl: keyBaseUrl.optional(),
    model: keyModel.optional(),
  })
  .refine(needsBaseUrl, baseUrlIssue);
export type TCreateGeminiKey = z.input<typeof ZCreateGeminiKeySchema>;

/**
 * PUT: a blank key keeps the stored one (the form never sees it). Provider, base URL and model may change (decision
 * 119), validated as on create; absent, they keep the stored ones.
 */
export const ZUpdateGeminiKeySchema = z
  .object({
    name: keyName,
    key: z.string().trim().max(500).optional(),
    isActive: z.boolean().optional(),
    provider: keyProvider.optional(),
    baseUrl: keyBaseUrl.optional(),
    model: keyModel.optional(),
  })
  .refine(needsBaseUrl, baseUrlIssue);
export type TUpdateGeminiKey = z.input<typeof ZUpdateGeminiKeySchema>;

export const ZGeminiKeyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZGeminiKeySchema,
});
export const ZGeminiKeyListResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(ZGeminiKeySchema),
});

// ---------- Quality report ----------

/** The report itself lives in ./email-report.ts (ZEmailReportSchema). */
export const REPORT_CLIENTS = ["Gmail", "Apple Mail", "Outlook", "Yahoo"] as const;
export type ReportClient = (typeof REPORT_CLIENTS)[number];

// ---------- Templates (generation history) ----------

export const ZTemplateSummarySchema = z.object({
  _id: z.string(),
  parentId: z.string().nullable(),
  version: z.number().int(),
  emailType: z.string(),
  instructions: z.string(),
  subject: z.string(),
  thumbnails: z.array(z.string()),
  credit: z.number().int(),
  createdAt: z.string(),
  sizeBytes: z.number().int(),
  passed: z.boolean(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummarySchema>;

export const ZTemplateSchema = ZTemplateSummarySchema.extend({
  html: z.string(),
  text: z.string(),
  report: ZEmailReportSchema,
  model: z.string(),
  durationMs: z.number().int(),
});
export type TTemplate = z.infer<typeof ZTemplateSchema>;

export const ZTemplateListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ZTemplateSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ZTemplateResponseSchema = z.object({ success: z.literal(true), data: ZTemplateSchema });

export const ZGenerateFieldsSchema = z.object({
  emailType: z.enum(EMAIL_TYPES, { error: GENERATOR_MESSAGES.invalidEmailType }).default(DEFAULT_EMAIL_TYPE),
  instructions: z
    .string()
    .trim()
    .max(GENERATOR_LIMITS.maxInstructionsLength, GENERATOR_MESSAGES.instructionsTooLong)
    .refine(hasNoControlChars, SECURITY_MESSAGES.controlCharacters)
    .default(""),
});
export type TGenerateFields = z.input<typeof ZGenerateFieldsSchema>;

export const ZRefineSchema = z.object({
  instructions: z
    .string()
    .trim()
    .min(1, GENERATOR_MESSAGES.refineRequired)
    .max(GENERATOR_LIMITS.maxInstructionsLength, GENERATOR_MESSAGES.instructionsTooLong),
});
export type TRefine = z.infer<typeof ZRefineSchema>;

export const ZGeneratorStatusSchema = z.object({
  /** A generation can start: an active key exists, or the local reader writes (the keys themselves are never sent). */
  available: z.boolean(),
  model: z.string(),
  creditsPerGeneration: z.number().int(),
  /** What writes the next new generation: an AI model, or the local reader. */
  engine: z.enum(GENERATION_ENGINES),
});
export type TGeneratorStatus = z.infer<typeof ZGeneratorStatusSchema>;

/**
 * POST /api/generate and POST /api/templates/:id/refine answer with newline-delimited JSON once the
 * credit is taken: one `start`, any number of `html` deltas (the email as the model writes it), then
 * `done` or `error`. Refusals before the credit moves are ordinary JSON errors.
 */
export type TGenerateEvent =
  | { type: "start"; generationId: string; balance: number }
  | { type: "html"; delta: string }
  | { type: "done"; template: TTemplate; balance: number; message: string }
  | { type: "error"; code: string; message: string; refunded: boolean; balance: number };
