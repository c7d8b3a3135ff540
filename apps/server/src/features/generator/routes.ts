import fastifyMultipart from "@fastify/multipart";
import {
  CREDITS_PER_GENERATION,
  GEMINI_KEY_MESSAGES,
  GENERATION_JOB_MESSAGES,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  ZCreateGeminiKeySchema,
  ZCreateGenerationFieldsSchema,
  ZExportQuerySchema,
  ZGeminiKeyListResponseSchema,
  ZGeminiKeyResponseSchema,
  ZGenerationJobListQuerySchema,
  ZGenerationJobListResponseSchema,
  ZGenerationJobResponseSchema,
  ZGenerationJobsCreatedSchema,
  ZGeneratorStatusSchema,
  ZRefineSchema,
  ZRenameTemplateSchema,
  ZTemplateFullResponseSchema,
  ZTemplateListQuerySchema,
  ZTemplatePageResponseSchema,
  ZUpdateGeminiKeySchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createGeminiClient, type GeminiClient } from "../../adapters/gemini/client.js";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../lib/app-error.js";
import { readMultipart } from "../../lib/multipart.js";
import { currentUser } from "../../plugins/access.js";
import { historyService } from "./history-service.js";
import { readImages } from "./images.js";
import { toJobDto } from "./jobs-repo.js";
import { balanceOf, jobsService } from "./jobs-service.js";
import { streamJob } from "./jobs-stream.js";
import { keysService } from "./keys-service.js";
import { keysRepo, toKeyDto } from "./repo.js";
import { refundStalePending } from "./service.js";
import { templatesService } from "./templates-service.js";
import { GenerationWorker } from "./worker.js";

/** The worker of each app (tests reach it to simulate a crash: workers.get(ctx).stop({ abandon: true })). */
export const workers = new WeakMap<AppContext, GenerationWorker>();

const idParams = z.object({ id: z.string().uuid() });
const slotParams = z.object({ id: z.string().uuid(), slot: z.coerce.number().int().min(1).max(100) });
const ok = z.object({ success: z.literal(true), message: z.string() });
const byUser = (req: FastifyRequest) => req.user?.id ?? req.ip;

const imageUploadErrors = {
  fileTooLarge: () => badRequest(GENERATOR_MESSAGES.imageTooLarge, "IMAGE_TOO_LARGE"),
  malformed: () => badRequest(GENERATOR_MESSAGES.readImagesFailed, "BAD_UPLOAD"),
};

/** Reads the multipart form (fields emailType, instructions, variants; files images) or a JSON body without images. */
async function readGenerateRequest(req: FastifyRequest) {
  const files: Buffer[] = [];
  const fields: Record<string, string> = {};
  if (req.isMultipart()) {
    const form = await readMultipart(
      req,
      {
        fileSize: GENERATOR_LIMITS.maxImageBytes,
        files: GENERATOR_LIMITS.maxImages,
        fields: 10,
        fieldSize: 16 * 1024,
        parts: GENERATOR_LIMITS.maxImages + 10,
      },
      { ...imageUploadErrors, tooManyFiles: () => badRequest(GENERATOR_MESSAGES.tooManyImages, "TOO_MANY_IMAGES") },
    );
    for (const part of form) {
      if (part.type === "field") fields[part.field] = part.value;
      else if (part.data.length > 0) files.push(part.data);
    }
  } else if (req.body && typeof req.body === "object") {
    Object.assign(fields, req.body);
  }
  const parsed = ZCreateGenerationFieldsSchema.safeParse({
    emailType: fields.emailType || undefined,
    instructions: fields.instructions ?? "",
    variants: fields.variants || undefined,
  });
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? GENERATOR_MESSAGES.invalidEmailType, "VALIDATION_ERROR");
  return { ...parsed.data, files };
}

/** One image file (field `image`) for an image slot: at most 4 MB, checked by content like the designs. */
async function readSingleImage(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest(GENERATOR_MESSAGES.imageType, "NO_FILE");
  const form = await readMultipart(
    req,
    { fileSize: GENERATOR_LIMITS.maxImageBytes, files: 1, fields: 5, fieldSize: 16 * 1024, parts: 6 },
    imageUploadErrors,
  );
  const files = form.flatMap((part) => (part.type === "file" && part.data.length > 0 ? [part.data] : []));
  if (files.length !== 1) throw badRequest(GENERATOR_MESSAGES.imageType, "NO_FILE");
  const [image] = await readImages(files);
  return image!;
}

function sendStream(reply: FastifyReply, stream: NodeJS.ReadableStream) {
  return reply
    .header("content-type", "application/x-ndjson; charset=utf-8")
    .header("cache-control", "no-cache, no-transform")
    .header("x-accel-buffering", "no")
    .send(stream);
}

export async function generatorRoutes(appBase: FastifyInstance, opts: { gemini?: GeminiClient } = {}) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  if (!appBase.hasContentTypeParser("multipart/form-data")) {
    await appBase.register(fastifyMultipart, {
      limits: { fileSize: GENERATOR_LIMITS.maxImageBytes, files: GENERATOR_LIMITS.maxImages, fields: 10, parts: 20 },
    });
  }
  const worker = new GenerationWorker(
    {
      ctx,
      gemini: opts.gemini ?? createGeminiClient({ baseUrl: ctx.env.GEMINI_BASE_URL }),
      postProcessor: ctx.emailEngine,
    },
    {
      concurrency: ctx.env.GENERATION_CONCURRENCY,
      leaseMs: ctx.env.GENERATION_LEASE_MS,
      pollMs: ctx.env.GENERATION_POLL_MS,
    },
  );
  workers.set(ctx, worker);
  appBase.addHook("onReady", async () => {
    const n = await refundStalePending(ctx);
    if (n) ctx.log.warn({ refunded: n }, "refunded generations left pending by a previous run");
    worker.start();
  });
  appBase.addHook("onClose", async () => {
    // Running jobs go back to the queue: the next instance (or this one after a restart) resumes them.
    await worker.stop();
  });

  // ---------- generation ----------

  app.get(
    "/api/generate/status",
    {
      config: { access: "user" },
      schema: {
        tags: ["generator"],
        summary: "Whether generation is available (an active key exists); never returns a key",
        response: { 200: ZGeneratorStatusSchema },
      },
    },
    async () => ({
      available: (await keysRepo.active(ctx.db)).length > 0,
      model: ctx.env.GEMINI_MODEL,
      creditsPerGeneration: CREDITS_PER_GENERATION,
    }),
  );

  app.post(
    "/api/generate",
    {
      config: {
        access: "user",
        rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser },
      },
      schema: {
        tags: ["generator"],
        summary:
          "Generate an email template from design images (multipart: images[] ≤5 × 4 MB PNG/JPEG/WebP/GIF, emailType, instructions). Costs 1 credit; runs as a job and answers NDJSON events start, job…, html…, done | error (refunded)",
        consumes: ["multipart/form-data", "application/json"],
      },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const { emailType, instructions, files } = await readGenerateRequest(req);
      const { jobs, balance } = await jobsService.request(ctx, caller, { emailType, instructions, files, variants: 1 });
      const stream = streamJob(ctx, worker, { jobId: jobs[0]!.id, userId: caller.id, legacy: { balance } });
      worker.poke();
      return sendStream(reply, stream);
    },
  );

  app.post(
    "/api/generations",
    {
      config: {
        access: "user",
        rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser },
      },
      schema: {
        tags: ["generator"],
        summary:
          "Start a generation job (multipart: images[], emailType, instructions, variants 1|2). Takes 1 credit per variant, all or none; answers 202 with the job(s)",
        consumes: ["multipart/form-data", "application/json"],
        response: { 202: ZGenerationJobsCreatedSchema },
      },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const input = await readGenerateRequest(req);
      const { jobs, balance } = await jobsService.request(ctx, caller, input);
      worker.poke();
      return reply.status(202).send({
        success: true as const,
        message: jobs.length > 1 ? GENERATION_JOB_MESSAGES.variantsCost(jobs.length) : GENERATOR_MESSAGES.generated,
        data: { jobs: jobs.map((j) => toJobDto(j)), balance },
      });
    },
  );

  app.get(
    "/api/generations",
    {
      config: { access: "user" },
      schema: {
        tags: ["generator"],
        summary: "The caller's generation jobs: running ones (active=true, to re-attach after a reload) or the last 20",
        querystring: ZGenerationJobListQuerySchema,
        response: { 200: ZGenerationJobListResponseSchema },
      },
    },
    async (req) => {
      const rows = await jobsService.list(ctx, currentUser(req), req.query.active);
      return { success: true as const, data: rows.map((r) => toJobDto(r, { preview: true })) };
    },
  );

  app.get(
    "/api/generations/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "One generation job: status, stage, progress, error, template id",
        params: idParams,
        response: { 200: ZGenerationJobResponseSchema },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const row = await jobsService.get(ctx, caller, req.params.id);
      return {
        success: true as const,
        data: toJobDto(row, { preview: true }),
        balance: await balanceOf(ctx, caller.id),
      };
    },
  );

  app.get(
    "/api/generations/:id/stream",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary:
          "Follow a job (NDJSON: job snapshot, html deltas, job changes, then done | error | cancelled); re-attachable from any tab",
        params: idParams,
      },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const row = await jobsService.get(ctx, caller, req.params.id);
      return sendStream(reply, streamJob(ctx, worker, { jobId: row.id, userId: row.userId }));
    },
  );

  app.post(
    "/api/generations/:id/cancel",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Cancel a queued or running job: the model call stops and the credit is refunded (once)",
        params: idParams,
        response: { 200: ZGenerationJobResponseSchema },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const row = await jobsService.cancel(ctx, caller, req.params.id);
      worker.abort(row.id, "cancel");
      worker.bus.emit(row.id, { type: "job", row });
      return { success: true as const, data: toJobDto(row), balance: await balanceOf(ctx, row.userId) };
    },
  );

  app.post(
    "/api/generations/:id/retry",
    {
      config: { access: "owner", rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser } },
      schema: {
        tags: ["generator"],
        summary:
          "Run a failed or cancelled job again from its stored uploads (takes a credit only if the last one was refunded)",
        params: idParams,
        response: { 202: ZGenerationJobsCreatedSchema },
      },
    },
    async (req, reply) => {
      const { job, balance } = await jobsService.retry(ctx, currentUser(req), req.params.id);
      worker.poke();
      return reply.status(202).send({
        success: true as const,
        message: GENERATOR_MESSAGES.generated,
        data: { jobs: [toJobDto(job)], balance },
      });
    },
  );

  // ---------- history ----------

  app.get(
    "/api/templates",
    {
      config: { access: "user" },
      schema: {
        tags: ["generator"],
        summary:
          "The caller's saved templates: search by name (q), filter by type, sort (newest, oldest, name, score), page",
        querystring: ZTemplateListQuerySchema,
        response: { 200: ZTemplatePageResponseSchema },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const page = await historyService.list(ctx, caller.id, req.query);
      return { success: true as const, ...page };
    },
  );

  app.get(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "One saved template: HTML, plain text, report, images, score and its version chain",
        params: idParams,
        response: { 200: ZTemplateFullResponseSchema },
      },
    },
    async (req) => {
      const row = await templatesService.get(ctx, currentUser(req), req.params.id);
      return { success: true as const, data: await historyService.full(ctx, row) };
    },
  );

  app.patch(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Rename a template",
        params: idParams,
        body: ZRenameTemplateSchema,
        response: { 200: ZTemplateFullResponseSchema },
      },
    },
    async (req) => {
      const data = await historyService.rename(ctx, currentUser(req), req.params.id, req.body.name);
      return { success: true as const, message: GENERATION_JOB_MESSAGES.renamed, data };
    },
  );

  app.post(
    "/api/templates/:id/duplicate",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Copy a template (free; a new history item named Copy of …)",
        params: idParams,
        response: { 201: ZTemplateFullResponseSchema },
      },
    },
    async (req, reply) => {
      const data = await historyService.duplicate(ctx, currentUser(req), req.params.id);
      return reply.status(201).send({ success: true as const, message: GENERATION_JOB_MESSAGES.duplicated, data });
    },
  );

  app.post(
    "/api/templates/:id/images/:slot",
    {
      config: { access: "owner", rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser } },
      schema: {
        tags: ["generator"],
        summary: "Swap image slot N of a template for an upload (multipart field image; PNG/JPEG/WebP/GIF ≤ 4 MB)",
        params: slotParams,
        consumes: ["multipart/form-data"],
        response: { 200: ZTemplateFullResponseSchema },
      },
    },
    async (req) => {
      const image = await readSingleImage(req);
      const data = await historyService.replaceImage(ctx, currentUser(req), req.params.id, req.params.slot, image);
      return { success: true as const, message: GENERATION_JOB_MESSAGES.imageReplaced, data };
    },
  );

  app.get(
    "/api/templates/:id/export",
    {
      config: { access: "owner" },
      schema: {
        tags: ["generator"],
        summary: "Download as HTML, plain text, MJML (when there is one) or a zip of index.html + images/",
        params: idParams,
        querystring: ZExportQuerySchema,
      },
    },
    async (req, reply) => {
      const file = await historyService.exportFile(ctx, currentUser(req), req.params.id, req.query.format);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(file.body);
    },
  );

  app.delete(
    "/api/templates/:id",
    {
      config: { access: "owner" },
      schema: { tags: ["generator"], summary: "Delete a saved template", params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await templatesService.remove(ctx, currentUser(req), req.params.id);
      return { success: true as const, message: GENERATOR_MESSAGES.deleted };
    },
  );

  app.post(
    "/api/templates/:id/refine",
    {
      config: { access: "owner", rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser } },
      schema: {
        tags: ["generator"],
        summary:
          "Apply a follow-up instruction to a template for 1 credit; saves a new version linked to it (a job; NDJSON events)",
        params: idParams,
        body: ZRefineSchema,
      },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const { jobs, balance } = await jobsService.request(ctx, caller, {
        emailType: "",
        instructions: req.body.instructions,
        files: [],
        variants: 1,
        parentId: req.params.id,
      });
      const stream = streamJob(ctx, worker, { jobId: jobs[0]!.id, userId: caller.id, legacy: { balance } });
      worker.poke();
      return sendStream(reply, stream);
    },
  );

  app.post(
    "/api/templates/:id/refinements",
    {
      config: { access: "owner", rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser } },
      schema: {
        tags: ["generator"],
        summary: "Start a refinement job (1 credit) that saves a new version linked to this template; answers 202",
        params: idParams,
        body: ZRefineSchema,
        response: { 202: ZGenerationJobsCreatedSchema },
      },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const { jobs, balance } = await jobsService.request(ctx, caller, {
        emailType: "",
        instructions: req.body.instructions,
        files: [],
        variants: 1,
        parentId: req.params.id,
      });
      worker.poke();
      return reply.status(202).send({
        success: true as const,
        message: GENERATOR_MESSAGES.generated,
        data: { jobs: jobs.map((j) => toJobDto(j)), balance },
      });
    },
  );

  app.post(
    "/api/templates/:id/send-test",
    {
      config: {
        access: "owner",
        rateLimit: {
          max: GENERATOR_LIMITS.testSendMax,
          timeWindow: GENERATOR_LIMITS.testSendWindow,
          keyGenerator: byUser,
          errorResponseBuilder: (_req, context) => ({
            statusCode: context.statusCode,
            code: "TOO_MANY_REQUESTS",
            message: GENERATOR_MESSAGES.testRateLimited,
          }),
        },
      },
      schema: {
        tags: ["generator"],
        summary: "Email the template to the caller's own address (rate-limited)",
        params: idParams,
        response: { 200: ok },
      },
    },
    async (req) => {
      const message = await templatesService.sendTest(ctx, currentUser(req), req.params.id);
      return { success: true as const, message };
    },
  );

  // ---------- Gemini API keys (admin spec §7) ----------

  app.get(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "List API keys (masked) with usage",
        response: { 200: ZGeminiKeyListResponseSchema },
      },
    },
    async () => ({ success: true as const, message: "OK", data: (await keysService.list(ctx.db)).map(toKeyDto) }),
  );

  app.post(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Add an API key",
        body: ZCreateGeminiKeySchema,
        response: { 201: ZGeminiKeyResponseSchema },
      },
    },
    async (req, reply) => {
      const row = await keysService.create(ctx.db, req.body);
      return reply
        .status(201)
        .send({ success: true as const, message: GEMINI_KEY_MESSAGES.added, data: toKeyDto(row) });
    },
  );

  app.put(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Edit an API key (a blank key keeps the stored one)",
        params: idParams,
        body: ZUpdateGeminiKeySchema,
        response: { 200: ZGeminiKeyResponseSchema },
      },
    },
    async (req) => {
      const row = await keysService.update(ctx.db, req.params.id, req.body);
      return { success: true as const, message: GEMINI_KEY_MESSAGES.updated, data: toKeyDto(row) };
    },
  );

  app.delete(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: { tags: ["gemini-keys"], summary: "Delete an API key", params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await keysService.remove(ctx.db, req.params.id);
      return { success: true as const, message: GEMINI_KEY_MESSAGES.deleted };
    },
  );

  app.patch(
    "/api/gemini-keys/:id/toggle",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Activate or deactivate an API key",
        params: idParams,
        response: { 200: ZGeminiKeyResponseSchema },
      },
    },
    async (req) => {
      const row = await keysService.toggle(ctx.db, req.params.id);
      return {
        success: true as const,
        message: row.isActive ? GEMINI_KEY_MESSAGES.activated : GEMINI_KEY_MESSAGES.deactivated,
        data: toKeyDto(row),
      };
    },
  );
}
