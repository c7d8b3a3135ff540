import {
  ZGenerationJobListQuerySchema,
  ZGenerationJobListResponseSchema,
  ZGenerationJobResponseSchema,
  ZGeneratorStatusSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AiKeyPool } from "../../../core/ai-key-pool.js";
import { currentUser } from "../../../plugins/access.js";
import { idParams, sendNdjson } from "../route-parts.js";
import { generatorStatus } from "./engine.js";
import { toJobDto } from "./repo.js";
import { jobsService } from "./service.js";
import type { GenerationWorker } from "./worker.js";

/**
 * Following started work: whether generation is available, the caller's jobs (to re-attach after a reload), one
 * job, its NDJSON stream from any tab, and cancel (the worker running it stops the model call).
 */
export async function generationJobRoutes(
  appBase: FastifyInstance,
  { worker, keys }: { worker: GenerationWorker; keys: AiKeyPool },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/generate/status",
    {
      config: { access: "user" },
      schema: {
        tags: ["generator"],
        summary:
          "Whether generation is available, what writes it (an AI model or the local reader) and its cost; never returns a key",
        response: { 200: ZGeneratorStatusSchema },
      },
    },
    () => generatorStatus(keys),
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
      const { job, balance } = await jobsService.read(ctx, currentUser(req), req.params.id);
      return { success: true as const, data: toJobDto(job, { preview: true }), balance };
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
    async (req, reply) => sendNdjson(reply, await jobsService.follow(ctx, currentUser(req), req.params.id, worker)),
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
      const { job, balance } = await jobsService.cancel(ctx, currentUser(req), req.params.id, worker);
      return { success: true as const, data: toJobDto(job), balance };
    },
  );
}
