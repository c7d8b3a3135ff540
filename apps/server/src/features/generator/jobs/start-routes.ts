import {
  GENERATION_FIDELITY_MESSAGES,
  GENERATION_JOB_MESSAGES,
  GENERATOR_MESSAGES,
  ZGenerationJobsCreatedSchema,
  ZRefineSchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AiKeyPool } from "../../../core/ai-key-pool.js";
import type { UserRow } from "../../../core/identity/users.js";
import { currentUser } from "../../../plugins/access.js";
import { readGenerateRequest } from "../multipart-input.js";
import { idParams, perMemberLimit, sendNdjson } from "../route-parts.js";
import { retryFree } from "./free-retry.js";
import { type JobRow, toJobDto } from "./repo.js";
import { jobsService } from "./service.js";
import { streamJob } from "./stream.js";
import type { GenerationWorker } from "./worker.js";

interface Started {
  jobs: JobRow[];
  balance: number;
}

/**
 * Starting work that costs credits: a generation (with variants), a refinement of a saved template, a retry. Each
 * handler reads the request, lets jobsService charge and queue, wakes the worker and answers 202 with the job(s) —
 * or, on the request-bound routes of decision 020 (/api/generate, /refine), follows the job as NDJSON.
 */
export async function generationStartRoutes(
  appBase: FastifyInstance,
  { worker, keys }: { worker: GenerationWorker; keys: AiKeyPool },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  /** The 202 answer of every route that queues work; the worker is woken first so it need not wait for its poll. */
  const answerStarted = (reply: FastifyReply, { jobs, balance }: Started, message?: string) => {
    worker.poke();
    return reply.status(202).send({
      success: true as const,
      message:
        message ?? (jobs.length > 1 ? GENERATION_JOB_MESSAGES.variantsCost(jobs.length) : GENERATOR_MESSAGES.generated),
      data: { jobs: jobs.map((j) => toJobDto(j)), balance },
    });
  };

  /** The request-bound answer: the started job followed as NDJSON. */
  const streamStarted = (reply: FastifyReply, caller: UserRow, { jobs, balance }: Started) => {
    const stream = streamJob(ctx, worker, { jobId: jobs[0]!.id, userId: caller.id, legacy: { balance } });
    worker.poke();
    return sendNdjson(reply, stream);
  };

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
      return answerStarted(reply, await jobsService.request(ctx, keys, currentUser(req), input));
    },
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
      const { emailType, instructions, files, brandKitId } = await readGenerateRequest(req);
      return streamStarted(
        reply,
        caller,
        await jobsService.request(ctx, keys, caller, { emailType, instructions, files, variants: 1, brandKitId }),
      );
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
      const { job, balance } = await jobsService.retry(ctx, keys, currentUser(req), req.params.id);
      return answerStarted(reply, { jobs: [job], balance });
    },
  );

  app.post(
    "/api/generations/:id/retry-free",
    {
      config: { access: "owner", rateLimit: perMemberLimit },
      schema: {
        tags: ["generator"],
        summary:
          "Run a generation whose result stayed below the fidelity threshold once more, without a credit (once per job; decision 123)",
        params: idParams,
        response: { 202: ZGenerationJobsCreatedSchema },
      },
    },
    async (req, reply) => {
      const { job, balance } = await retryFree(ctx, keys, currentUser(req), req.params.id);
      return answerStarted(reply, { jobs: [job], balance }, GENERATION_FIDELITY_MESSAGES.retryFreeStarted);
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
      const started = await jobsService.refine(ctx, keys, currentUser(req), req.params.id, req.body.instructions);
      return answerStarted(reply, started);
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
      return streamStarted(
        reply,
        caller,
        await jobsService.refine(ctx, keys, caller, req.params.id, req.body.instructions),
      );
    },
  );
}
