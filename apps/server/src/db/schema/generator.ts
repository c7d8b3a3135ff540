import type {
  TBrandKitSnapshot,
  TDesignLayout,
  TEmailReport,
  TGenerationFidelity,
  TLegacyQualityReport,
} from "@mailsmith/shared";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { geminiKeys } from "./ai-keys.js";
import { user } from "./auth.js";

/**
 * One row per generation (and per refinement, linked to the version it refines).
 * pending → succeeded | failed; a failed row has its credit refunded (ledger source key refund:<id>).
 */
export const generations = pgTable(
  "generations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => generations.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    emailType: text("email_type").notNull(),
    instructions: text("instructions").notNull().default(""),
    /** Small WebP data URLs of the input images (the originals are not kept). */
    thumbnails: jsonb("thumbnails").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull().default(""),
    html: text("html"),
    text: text("text"),
    report: jsonb("report").$type<TEmailReport | TLegacyQualityReport>(),
    credit: integer("credit").notNull().default(1),
    refunded: boolean("refunded").notNull().default(false),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    keyId: uuid("key_id").references(() => geminiKeys.id, { onDelete: "set null" }),
    model: text("model").notNull().default(""),
    durationMs: integer("duration_ms").notNull().default(0),
    /** From the result's main heading; the member may rename. */
    name: text("name").notNull().default(""),
    /** Fidelity 0–100 against the first design image (null: not scored). */
    score: integer("score"),
    scoreParts: jsonb("score_parts").$type<{ structure: number; colour: number; text: number | null }>(),
    /** A repair pass ran because the first score was low. */
    repaired: boolean("repaired").notNull().default(false),
    /** Images cropped from the design (or swapped by the member), by slot. */
    images: jsonb("images").$type<StoredTemplateImage[]>().notNull().default([]),
    /** Rendered thumbnail of the result (storage URL). */
    thumbnailUrl: text("thumbnail_url"),
    mjml: text("mjml"),
    /** The brand kit the template was generated with: refinements and "Fix with AI" keep it. */
    brandKit: jsonb("brand_kit").$type<TBrandKitSnapshot>(),
    /**
     * The design images this version is scored against: a member's edit keeps its root template's, so
     * every version of a chain is compared with the original design (null: the job's uploads, or none).
     */
    designUploads: jsonb("design_uploads").$type<StoredUpload[]>(),
    /**
     * What the design reader read in the first of those designs (its words and sections): the score of every
     * version compares them, so an edit is scored with the design's text as the generation was. Null: not read.
     */
    designLayout: jsonb("design_layout").$type<TDesignLayout>(),
    variantGroup: uuid("variant_group"),
    /** Deleted by the member, still undoable; the row goes when the undo window ends. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("generations_user_idx").on(t.userId, t.createdAt),
    index("generations_status_idx").on(t.status, t.createdAt),
    index("generations_parent_idx").on(t.parentId),
  ],
);

export interface StoredTemplateImage {
  slot: number;
  /** Absolute URL the email uses. */
  url: string;
  /** Storage key (null for images not stored by us). */
  key: string | null;
  kind: "photo" | "logo" | "icon";
  alt: string;
  width: number;
  height: number;
}

/** A stored design image of a job (kept so a retry or a resumed job needs no new upload). */
export interface StoredUpload {
  key: string;
  url: string;
  mimeType: string;
  width: number;
  height: number;
}

/**
 * A generation or refinement as a job worked by any server instance.
 * queued → running → succeeded | failed | cancelled; failed/cancelled → queued again on Retry (attempt + 1).
 * `charged` is true while the current attempt's credit is held; refunds flip it in the same transaction.
 */
export const generationJobs = pgTable(
  "generation_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["generate", "refine"] })
      .notNull()
      .default("generate"),
    /** Refinement: the template being changed. */
    parentId: uuid("parent_id").references((): AnyPgColumn => generations.id, { onDelete: "set null" }),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    stage: text("stage", { enum: ["uploading", "reading", "writing", "checking", "rendering", "scoring"] })
      .notNull()
      .default("uploading"),
    progress: integer("progress").notNull().default(0),
    emailType: text("email_type").notNull(),
    instructions: text("instructions").notNull().default(""),
    uploads: jsonb("uploads").$type<StoredUpload[]>().notNull().default([]),
    thumbnails: jsonb("thumbnails").$type<string[]>().notNull().default([]),
    variantGroup: uuid("variant_group"),
    variantIndex: integer("variant_index").notNull().default(0),
    attempt: integer("attempt").notNull().default(1),
    credit: integer("credit").notNull().default(1),
    /**
     * What writes the email: an AI model through the key pool, or the local design reader
     * (no key works, or the admin chose it). Fixed when the job starts, with the credit it costs.
     */
    engine: text("engine", { enum: ["model", "local-reader"] })
      .notNull()
      .default("model"),
    charged: boolean("charged").notNull().default(true),
    refunded: boolean("refunded").notNull().default(false),
    /** Times a worker claimed the current attempt (a second expired lease fails the job). */
    runs: integer("runs").notNull().default(0),
    lockedBy: text("locked_by"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** HTML written so far (saved at most once a second while writing). */
    preview: text("preview"),
    templateId: uuid("template_id"),
    /** The generation's brand kit snapshot: a job runs on any instance, after restarts, unchanged. */
    brandKit: jsonb("brand_kit").$type<TBrandKitSnapshot>(),
    /**
     * A succeeded job's closeness to its design: score, threshold, below it or not, the sections that
     * differ with their pictures. Null: not scored (no design, no renderer).
     */
    fidelity: jsonb("fidelity").$type<TGenerationFidelity>(),
    /** The free retry this job's below-threshold result was given (set once, in the retry's transaction). */
    freeRetryJobId: uuid("free_retry_job_id"),
    /** A free retry: the job whose below-threshold result it retries (unique: one free retry per job). */
    freeRetryOf: uuid("free_retry_of"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("generation_jobs_user_idx").on(t.userId, t.createdAt),
    index("generation_jobs_runnable_idx").on(t.status, t.createdAt),
    uniqueIndex("generation_jobs_free_retry_of_idx").on(t.freeRetryOf),
  ],
);
