import {
  CREDITS_PER_GENERATION,
  GENERATION_JOB_MESSAGES,
  GENERATOR_MESSAGES,
  ZGenerationJobListQuerySchema,
  ZGenerationJobListResponseSchema,
  ZGenerationJobResponseSchema,
  ZGenerationJobsCreatedSchema,
  ZGeneratorStatusSchema,
  ZRefineSchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { UserRow } from "../../core/identity/users.js";
import { currentUser } from "../../plugins/access.js";
import { type JobRow, toJobDto } from "./jobs-repo.js";
import { jobsService } from "./jobs-service.js";
import { streamJob } from "./jobs-stream.js";
import { readGenerateRequest } from "./multipart-input.js";
import { keysRepo } from "./repo.js";
import { idParams, perMemberLimit } from "./route-parts.js";
import type { GenerationWorker } from "./worker.js";

interface Started {
  jobs: JobRow[];
  balance: number;
}

function sendStream(reply: FastifyReply, stream: NodeJS.ReadableStream) {
  return reply
    .header("content-type", "application/x-ndjson; charset=utf-8")
    .header("cache-control", "no-cache, no-transform")
    .header("x-accel-buffering", "no")
    .send(stream);
}

/**
 * Generation and refinement jobs: start (202 with the job, or the older NDJSON answer that follows it), list, read,
 * follow, cancel, retry. Each handler reads the request, calls jobsService and wakes the worker.
 */
export async function generationRoutes(appBase: FastifyInstance, { worker }: { worker: GenerationWorker }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  /** The 202 answer of every route that queues work; the worker is woken first so it need not wait for its poll. */
  const answerStarted = (reply: FastifyReply, { jobs, balance }: Started) => {
    worker.poke();
    return reply.status(202).send({
      success: true as const,
      message: jobs.length > 1 ? GENERATION_JOB_MESSAGES.variantsCost(jobs.length) : GENERATOR_MESSAGES.generated,
      data: { jobs: jobs.map((j) => toJobDto(j)), balance },
    });
  };

  /** The request-bound answer of decision 020 (POST /api/generate, /refine): the started job followed as NDJSON. */
  const streamStarted = (reply: FastifyReply, caller: UserRow, { jobs, balance }: Started) => {
    const stream = streamJob(ctx, worker, { jobId: jobs[0]!.id, userId: caller.id, legacy: { balance } });
    worker.poke();
    return sendStream(reply, stream);
  };

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
      config: { access: "user", rateLimit: perMemberLimit },
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
      return streamStarted(
        reply,
        caller,
        await jobsService.request(ctx, caller, { emailType, instructions, files, variants: 1 }),
      );
    },
  );

  app.post(
    "/api/generations",
    {
      config: { access: "user", rateLimit: perMemberLimit },
      schema: {
        tags: ["generator"],
        summary:
          "Start a generation job (multipart: images[], emailType, instructions, variants 1|2). Takes 1 credit per variant, all or none; answers 202 with the job(s)",
        consumes: ["multipart/form-data", "application/json"],
        response: { 202: ZGenerationJobsCreatedSchema },
      },
    },
    async (req, reply) => {
      const input = await readGenerateRequest(req);
      return answerStarted(reply, await jobsService.request(ctx, currentUser(req), input));
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
        balance: await jobsService.balance(ctx, caller.id),
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
      const row = await jobsService.get(ctx, currentUser(req), req.params.id);
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
      const row = await jobsService.cancel(ctx, currentUser(req), req.params.id);
      worker.abort(row.id, "cancel");
      worker.bus.emit(row.id, { type: "job", row });
      return { success: true as const, data: toJobDto(row), balance: await jobsService.balance(ctx, row.userId) };
    },
  );

  app.post(
    "/api/generations/:id/retry",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
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
      return answerStarted(reply, { jobs: [job], balance });
    },
  );

  app.post(
    "/api/templates/:id/refine",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
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
      return streamStarted(reply, caller, await jobsService.refine(ctx, caller, req.params.id, req.body.instructions));
    },
  );

  app.post(
    "/api/templates/:id/refinements",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
      schema: {
        tags: ["generator"],
        summary: "Start a refinement job (1 credit) that saves a new version linked to this template; answers 202",
        params: idParams,
        body: ZRefineSchema,
        response: { 202: ZGenerationJobsCreatedSchema },
      },
    },
    async (req, reply) => {
      const started = await jobsService.refine(ctx, currentUser(req), req.params.id, req.body.instructions);
      return answerStarted(reply, started);
    },
  );
}
