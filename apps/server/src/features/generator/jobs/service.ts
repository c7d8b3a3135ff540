import { randomUUID } from "node:crypto";
import type { PassThrough } from "node:stream";
import {
  BRAND_KIT_MESSAGES,
  COMMERCE_MESSAGES,
  GENERATION_JOB_MESSAGES,
  GENERATOR_MESSAGES,
  type TBrandKitSnapshot,
} from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import type { AiKeyPool } from "../../../core/ai-key-pool.js";
import type { UserRow } from "../../../core/identity/users.js";
import type { StoredUpload } from "../../../db/schema/index.js";
import { AppError, notFound } from "../../../lib/app-error.js";
import { assertOwnerOrAdmin } from "../../../plugins/access.js";
import { storeUploads } from "../design-images.js";
import { designUploadsOf } from "../history/new-version.js";
import { readImages, type UploadedImage } from "../images.js";
import type { GenerationRow } from "../repo.js";
import { assertRefinable, templatesService } from "../templates-service.js";
import { assertReadable, planEngine } from "./engine.js";
import { brandKitSnapshot } from "./inputs.js";
import { chargeKey, endAndRefund } from "./refund.js";
import { balanceOf, type JobRow, jobsRepo } from "./repo.js";
import { streamJob } from "./stream.js";
import type { GenerationWorker } from "./worker.js";

export interface CreateJobsInput {
  user: UserRow;
  emailType: string;
  instructions: string;
  images: UploadedImage[];
  variants: number;
  /** Refinement: the template being changed. */
  parent?: GenerationRow;
  /** The brand kit the generation uses: stored on each job as it is now. */
  brandKit?: TBrandKitSnapshot | null;
}

export const jobsService = {
  /**
   * A generation or a refinement a member asks for: the uploaded designs checked by content, the template to refine
   * found (an administrator may read any template, but refines only their own), then `create`.
   */
  async request(
    ctx: AppContext,
    keys: AiKeyPool,
    caller: UserRow,
    input: {
      emailType: string;
      instructions: string;
      files: Buffer[];
      variants: number;
      parentId?: string;
      /** One of the caller's brand kits; a refinement keeps its template's kit instead. */
      brandKitId?: string;
    },
  ): Promise<{ jobs: JobRow[]; balance: number }> {
    const images = await readImages(input.files);
    const parent = input.parentId
      ? assertRefinable(await templatesService.get(ctx, caller, input.parentId))
      : undefined;
    if (parent && parent.userId !== caller.id) {
      throw new AppError("FORBIDDEN", GENERATION_JOB_MESSAGES.refineOwnOnly, 403);
    }
    // The generation's inputs are fixed here, once: a refinement and "Fix with AI" keep the kit of
    // the template they change; a new generation takes the caller's own kit as it is now (another's: 404).
    let brandKit = parent?.brandKit ?? null;
    if (!parent && input.brandKitId) {
      brandKit = (await brandKitSnapshot(ctx.db, caller.id, input.brandKitId, ctx.env.publicUrl)) ?? null;
      if (!brandKit) throw notFound(BRAND_KIT_MESSAGES.notFound, "BRAND_KIT_NOT_FOUND");
    }
    return this.create(ctx, keys, {
      user: caller,
      emailType: parent?.emailType ?? input.emailType,
      instructions: input.instructions,
      images,
      variants: input.variants,
      parent,
      brandKit,
    });
  },

  /** A refinement of the caller's template `id`: a job like a generation, with no new designs. */
  refine(ctx: AppContext, keys: AiKeyPool, caller: UserRow, id: string, instructions: string) {
    return this.request(ctx, keys, caller, { emailType: "", instructions, files: [], variants: 1, parentId: id });
  },

  /**
   * Stores the designs, then in one transaction inserts the job(s) and takes 1 credit each: both or none.
   * Refuses before anything is stored when no key is active or the balance is too low.
   */
  async create(ctx: AppContext, keys: AiKeyPool, input: CreateJobsInput): Promise<{ jobs: JobRow[]; balance: number }> {
    // What writes it and what it costs: the local reader writes one version of a design.
    const plan = await planEngine(keys, input.parent ? "refine" : "generate");
    const variants = plan.engine === "local-reader" ? 1 : input.variants;
    const cost = plan.credit * variants;
    const balance = await balanceOf(ctx.db, input.user.id);
    if (balance < cost) {
      // A PayPal refund or reversal may leave the balance below zero: the member is told why.
      const message = balance < 0 ? COMMERCE_MESSAGES.negativeBalance(balance) : GENERATOR_MESSAGES.insufficientCredits;
      throw new AppError("INSUFFICIENT_CREDITS", message, 402);
    }
    await assertReadable(
      plan,
      input.images.map((img) => img.data),
    );
    const stored: StoredUpload[] = await storeUploads(ctx.storage, ctx.env.publicUrl, input.images, input.user.id);
    // A refinement keeps its chain's original design: the model sees it again and the new version is
    // scored against it. Those objects belong to the root template's job, never deleted here.
    const uploads = input.parent && stored.length === 0 ? await designUploadsOf(ctx.db, input.parent) : stored;
    const group = variants > 1 ? randomUUID() : null;
    try {
      return await ctx.db.transaction(async (tx) => {
        const jobs: JobRow[] = [];
        let balance = 0;
        for (let i = 0; i < variants; i++) {
          const job = await jobsRepo.insert(tx, {
            userId: input.user.id,
            kind: input.parent ? "refine" : "generate",
            parentId: input.parent?.id ?? null,
            emailType: input.emailType,
            instructions: input.instructions,
            uploads,
            thumbnails: input.parent ? input.parent.thumbnails : input.images.map((img) => img.thumbnail),
            variantGroup: group,
            variantIndex: i,
            credit: plan.credit,
            engine: plan.engine,
            // A free generation (the admin's local reader price 0) holds no credit: nothing to refund.
            charged: plan.credit > 0,
            progress: 5,
            brandKit: input.brandKit ?? null,
          });
          jobs.push(job);
          if (plan.credit === 0) {
            balance = await balanceOf(tx, input.user.id);
            continue;
          }
          const result = await ctx.credits.apply(
            {
              userId: input.user.id,
              delta: -plan.credit,
              reason: "generation",
              sourceKey: chargeKey(job.id, 1),
              meta: { generationId: job.id, ...(group ? { variantGroup: group } : {}) },
            },
            tx,
            GENERATOR_MESSAGES.insufficientCredits,
          );
          balance = result.balance;
        }
        return { jobs, balance };
      });
    } catch (err) {
      await Promise.allSettled(stored.map((u) => ctx.storage.delete(u.key)));
      throw err;
    }
  },

  /** A job of the caller (or any, for an admin). */
  async get(ctx: AppContext, caller: UserRow, id: string): Promise<JobRow> {
    const row = await jobsRepo.find(ctx.db, id);
    if (!row) throw notFound(GENERATION_JOB_MESSAGES.jobNotFound);
    assertOwnerOrAdmin(caller, row.userId, GENERATION_JOB_MESSAGES.jobNotFound);
    return row;
  },

  /** A job of the caller (or any, for an admin) with the caller's balance. */
  async read(ctx: AppContext, caller: UserRow, id: string): Promise<{ job: JobRow; balance: number }> {
    const job = await this.get(ctx, caller, id);
    return { job, balance: await balanceOf(ctx.db, caller.id) };
  },

  /** The NDJSON stream of a job of the caller (or any, for an admin), re-attachable from any tab. */
  async follow(ctx: AppContext, caller: UserRow, id: string, worker: GenerationWorker): Promise<PassThrough> {
    const job = await this.get(ctx, caller, id);
    return streamJob(ctx, worker, { jobId: job.id, userId: job.userId });
  },

  /**
   * Cancels a queued or running job and refunds its credit once; this instance's worker, if it runs the job, aborts
   * the model call, and its followers here hear of it at once.
   */
  async cancel(
    ctx: AppContext,
    caller: UserRow,
    id: string,
    worker: Pick<GenerationWorker, "abort" | "bus">,
  ): Promise<{ job: JobRow; balance: number }> {
    const row = await this.get(ctx, caller, id);
    const ended = await endAndRefund(
      ctx,
      row.id,
      "cancelled",
      { from: ["queued", "running"] },
      { code: "CANCELLED", message: GENERATION_JOB_MESSAGES.cancelled },
    );
    if (!ended) throw new AppError("NOT_RUNNING", GENERATION_JOB_MESSAGES.cancelNotRunning, 409);
    worker.abort(ended.id, "cancel");
    worker.bus.emit(ended.id, { type: "job", row: ended });
    return { job: ended, balance: await balanceOf(ctx.db, ended.userId) };
  },

  /**
   * Retry from the stored uploads: a failed or cancelled job becomes a new attempt. It takes a credit again only
   * if the previous attempt's credit was given back (charged = false) — never twice for one attempt.
   */
  async retry(
    ctx: AppContext,
    keys: AiKeyPool,
    caller: UserRow,
    id: string,
  ): Promise<{ job: JobRow; balance: number }> {
    const row = await this.get(ctx, caller, id);
    if (row.userId !== caller.id) throw new AppError("FORBIDDEN", GENERATION_JOB_MESSAGES.retryNotAllowed, 403);
    if (row.status !== "failed" && row.status !== "cancelled") {
      throw new AppError("NOT_RETRYABLE", GENERATION_JOB_MESSAGES.retryNotAllowed, 409);
    }
    // A model's job needs a key again; the local reader's runs on this server.
    if (row.engine === "model" && (await keys.active()).length === 0) {
      throw new AppError("NO_API_KEYS", GENERATOR_MESSAGES.noApiKeys, 503);
    }
    const job = await ctx.db.transaction(async (tx) => {
      const charge = !row.charged && row.credit > 0;
      const next = await jobsRepo.requeue(tx, row.id, charge);
      if (!next) throw new AppError("NOT_RETRYABLE", GENERATION_JOB_MESSAGES.retryNotAllowed, 409);
      if (charge) {
        await ctx.credits.apply(
          {
            userId: next.userId,
            delta: -next.credit,
            reason: "generation",
            sourceKey: chargeKey(next.id, next.attempt),
            meta: { generationId: next.id, attempt: next.attempt },
          },
          tx,
          GENERATOR_MESSAGES.insufficientCredits,
        );
      }
      return next;
    });
    return { job, balance: await balanceOf(ctx.db, caller.id) };
  },

  list(ctx: AppContext, caller: UserRow, activeOnly: boolean) {
    return jobsRepo.listForUser(ctx.db, caller.id, activeOnly);
  },
};
