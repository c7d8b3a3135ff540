import { z } from "zod";
import { ZBrandPaletteSchema } from "./brand-kits.js";
import { ZGenerationFidelitySchema } from "./fidelity-sections.js";
import {
  EMAIL_TYPES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  ZTemplateSchema,
  ZTemplateSummarySchema,
} from "./generator.js";
import { GENERATION_ENGINES } from "./local-reader.js";

/**
 * Generation as a server-side job (stages, cancel, retry, re-attach), variants, real images cropped
 * from the design, a fidelity score, a history that scales, and exports. API note: docs/decisions/055-generation-jobs.md.
 */

/** Stages in order, persisted on the job with a percentage. */
export const GENERATION_STAGES = ["uploading", "reading", "writing", "checking", "rendering", "scoring"] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];
export const GENERATION_STAGE_LABELS: Record<GenerationStage, string> = {
  uploading: "Uploading",
  reading: "Reading the design",
  writing: "Writing the email",
  checking: "Checking",
  rendering: "Rendering",
  scoring: "Scoring",
};

export const GENERATION_JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type GenerationJobStatus = (typeof GENERATION_JOB_STATUSES)[number];

export const TEMPLATE_SORTS = ["newest", "oldest", "name", "score"] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export const EXPORT_FORMATS = ["html", "text", "mjml", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const GENERATION_JOB_LIMITS = {
  maxVariants: 2,
  /** Browser polling interval when it does not use the stream. */
  pollMs: 1000,
  maxNameLength: 120,
  searchMaxLength: 100,
  maxPageSize: 50,
  /**
   * The score threshold until an admin sets another (Settings → AI keys): below it one automatic repair
   * pass runs inside the same credit, and a result still below it is not announced as a success.
   */
  repairBelowScore: 80,
} as const;

export const GENERATION_JOB_MESSAGES = {
  notCharged: "You were not charged.",
  failed: (message: string) => `${message} You were not charged.`,
  cancelled: "Generation cancelled. You were not charged.",
  cancelNotRunning: "This generation has already finished.",
  retryNotAllowed: "Only a failed or cancelled generation can be retried.",
  refineOwnOnly: "You can only refine your own templates.",
  retryNoUploads: "The design images of this generation are no longer available. Please upload them again.",
  jobNotFound: "Generation not found.",
  variantsCost: (n: number) => `${n} variants use ${n} credits.`,
  variantsInvalid: "Choose 1 or 2 variants.",
  renamed: "Template renamed.",
  nameRequired: "Please enter a name.",
  nameTooLong: "The name can be at most 120 characters.",
  duplicated: "Template duplicated.",
  imageReplaced: "Image replaced.",
  imageSlotNotFound: "This template has no image in that place.",
  exportUnavailable: "This template has no MJML source.",
  defaultName: "Your email",
} as const;

// ---------- jobs ----------

export const ZFidelityPartsSchema = z.object({
  structure: z.number(),
  colour: z.number(),
  text: z.number().nullable(),
});
export type TFidelityParts = z.infer<typeof ZFidelityPartsSchema>;

export const ZGenerationJobSchema = z.object({
  _id: z.string(),
  kind: z.enum(["generate", "refine"]),
  status: z.enum(GENERATION_JOB_STATUSES),
  stage: z.enum(GENERATION_STAGES),
  /** 0–100, for the progress bar. */
  progress: z.number().int(),
  emailType: z.string(),
  instructions: z.string(),
  /** The template a refinement changes. */
  parentId: z.string().nullable(),
  /** Two variants of one request share a group id; index 0 or 1. */
  variantGroup: z.string().nullable(),
  variantIndex: z.number().int(),
  /** Small previews of the uploaded design images. */
  thumbnails: z.array(z.string()),
  /** 1 for the first run, +1 per Retry. */
  attempt: z.number().int(),
  /** What writes the email: an AI model, or the local reader. */
  engine: z.enum(GENERATION_ENGINES),
  /** The credit of the current attempt was given back (failure or cancel). */
  refunded: z.boolean(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Set when succeeded: the saved template (GET /api/templates/:id). */
  templateId: z.string().nullable(),
  /** The HTML written so far (while writing; the final HTML is on the template). */
  preview: z.string().optional(),
  canCancel: z.boolean(),
  canRetry: z.boolean(),
  /** A succeeded job's closeness to its design; null when not scored. */
  fidelity: ZGenerationFidelitySchema.nullable().optional(),
  /** Its result is below the threshold and its one free retry is still unused (POST /api/generations/:id/retry-free). */
  canRetryFree: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TGenerationJob = z.infer<typeof ZGenerationJobSchema>;

/** Multipart fields of POST /api/generations (files: images[]). */
export const ZCreateGenerationFieldsSchema = z.object({
  emailType: z.enum(EMAIL_TYPES, { error: GENERATOR_MESSAGES.invalidEmailType }).default("Promotional Email Templates"),
  instructions: z
    .string()
    .trim()
    .max(GENERATOR_LIMITS.maxInstructionsLength, GENERATOR_MESSAGES.instructionsTooLong)
    .default(""),
  variants: z.coerce
    .number({ error: GENERATION_JOB_MESSAGES.variantsInvalid })
    .int(GENERATION_JOB_MESSAGES.variantsInvalid)
    .min(1, GENERATION_JOB_MESSAGES.variantsInvalid)
    .max(GENERATION_JOB_LIMITS.maxVariants, GENERATION_JOB_MESSAGES.variantsInvalid)
    .default(1),
});
export type TCreateGenerationFields = z.input<typeof ZCreateGenerationFieldsSchema>;

/** 202 answer of POST /api/generations, POST /api/templates/:id/refinements and POST /api/generations/:id/retry. */
export const ZGenerationJobsCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ jobs: z.array(ZGenerationJobSchema), balance: z.number().int() }),
});
export type TGenerationJobsCreated = z.infer<typeof ZGenerationJobsCreatedSchema>;

export const ZGenerationJobResponseSchema = z.object({
  success: z.literal(true),
  data: ZGenerationJobSchema,
  balance: z.number().int(),
});
export const ZGenerationJobListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ZGenerationJobSchema),
});
export const ZGenerationJobListQuerySchema = z.object({
  /** true: only queued and running jobs (re-attach after a reload); false/absent: the last 20 jobs. */
  active: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

// ---------- templates ----------

export const ZTemplateImageSchema = z.object({
  /** 1-based slot, stable for the template: POST /api/templates/:id/images/:slot swaps it. */
  slot: z.number().int(),
  url: z.string(),
  kind: z.enum(["photo", "logo", "icon"]),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TTemplateImage = z.infer<typeof ZTemplateImageSchema>;

export const ZTemplateVersionSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  name: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  score: z.number().nullable(),
});
export type TTemplateVersion = z.infer<typeof ZTemplateVersionSchema>;

/** Fields generation jobs add to a history item (ZTemplateSummarySchema.extend(ZTemplateExtrasSchema.shape)). */
export const ZTemplateExtrasSchema = z.object({
  name: z.string(),
  /** Rendered thumbnail of the result (null when the renderer was unavailable; thumbnails[] are the designs). */
  thumbnailUrl: z.string().nullable(),
  /** Fidelity 0–100 against the design, null when not scored (no design image or no renderer). */
  score: z.number().nullable(),
  scoreParts: ZFidelityPartsSchema.nullable(),
  /** Versions made from this one (refinements). */
  childIds: z.array(z.string()),
  hasMjml: z.boolean(),
  variantGroup: z.string().nullable(),
});

/** The brand kit a template was generated with: the name and colours its snapshot had. */
export const ZTemplateBrandKitSchema = z.object({
  name: z.string(),
  palette: ZBrandPaletteSchema,
  /** The member has deleted the kit since (the template keeps what it was made with). */
  deleted: z.boolean(),
});
export type TTemplateBrandKit = z.infer<typeof ZTemplateBrandKitSchema>;

export const ZTemplateDetailExtrasSchema = ZTemplateExtrasSchema.extend({
  images: z.array(ZTemplateImageSchema),
  /** The whole version chain this template belongs to, oldest first. */
  versions: z.array(ZTemplateVersionSchema),
  /** A repair pass ran (score was below the threshold). */
  repaired: z.boolean(),
  /** The first design image as uploaded (stored URL), for the design-vs-result view; null when there was none. */
  designUrl: z.string().nullable().optional(),
  /** The brand kit it was generated with, for its owner only; null without one (or for anyone else). */
  brandKit: ZTemplateBrandKitSchema.nullable().optional(),
});

/** A history item (GET /api/templates). */
export const ZTemplateItemSchema = ZTemplateSummarySchema.extend(ZTemplateExtrasSchema.shape);
export type TTemplateItem = z.infer<typeof ZTemplateItemSchema>;
/** One template with HTML, text, report, images and versions (GET /api/templates/:id, PATCH, duplicate…). */
export const ZTemplateFullSchema = ZTemplateSchema.extend(ZTemplateDetailExtrasSchema.shape);
export type TTemplateFull = z.infer<typeof ZTemplateFullSchema>;

export const ZTemplatePageResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ZTemplateItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const ZTemplateFullResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ZTemplateFullSchema,
});

export const ZTemplateListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(GENERATION_JOB_LIMITS.maxPageSize).optional(),
  q: z.string().trim().max(GENERATION_JOB_LIMITS.searchMaxLength).optional(),
  type: z.enum(EMAIL_TYPES, { error: GENERATOR_MESSAGES.invalidEmailType }).optional(),
  sort: z.enum(TEMPLATE_SORTS).default("newest"),
});
export type TTemplateListQuery = z.input<typeof ZTemplateListQuerySchema>;

export const ZRenameTemplateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, GENERATION_JOB_MESSAGES.nameRequired)
    .max(GENERATION_JOB_LIMITS.maxNameLength, GENERATION_JOB_MESSAGES.nameTooLong),
});
export type TRenameTemplate = z.infer<typeof ZRenameTemplateSchema>;

export const ZExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default("html") });
/** GET /api/templates/:id/export/:platform: `editable=1` marks Mailchimp content blocks as mc:edit regions. */
export const ZPlatformExportQuerySchema = z.object({
  editable: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

/**
 * NDJSON events of GET /api/generations/:id/stream (re-attachable; one line each). A `job` snapshot comes first
 * and on every stage change; `html` deltas follow the model while it writes (the first `job` carries the HTML so
 * far in job.preview); the stream ends after `done`, `error` or `cancelled`.
 * POST /api/generate and POST /api/templates/:id/refine keep their older events (start, html, done, error) and
 * add `job` events.
 */
export type TGenerationStreamEvent =
  | { type: "job"; job: TGenerationJob }
  | { type: "html"; delta: string }
  | { type: "done"; job: TGenerationJob; template: TTemplateFull; balance: number; message: string }
  | { type: "error"; job: TGenerationJob; code: string; message: string; refunded: boolean; balance: number }
  | { type: "cancelled"; job: TGenerationJob; balance: number; message: string };
