import fastifyMultipart from "@fastify/multipart";
import { GENERATOR_LIMITS } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import { createGeminiClient, type GeminiClient } from "../../adapters/gemini/client.js";
import { withOpenAiCompatible } from "../../adapters/openai-compatible/provider-client.js";
import type { AppContext } from "../../context.js";
import { templateAutofixRoutes } from "./history/autofix-routes.js";
import { templateEditRoutes } from "./history/edit-routes.js";
import { exportRoutes } from "./history/export-routes.js";
import { templateImportRoutes } from "./history/import-routes.js";
import { startPurging } from "./history/purge.js";
import { historyRoutes } from "./history/routes.js";
import { testSendRoutes } from "./history/test-send-routes.js";
import { generationJobRoutes } from "./jobs/job-routes.js";
import { refundStalePending } from "./jobs/refund-stale-pending.js";
import { generationStartRoutes } from "./jobs/start-routes.js";
import { GenerationWorker } from "./jobs/worker.js";
import { keysRoutes } from "./keys/routes.js";

/** The worker of each app (tests reach it to simulate a crash: workers.get(ctx).stop({ abandon: true })). */
export const workers = new WeakMap<AppContext, GenerationWorker>();

/**
 * The generator feature: this instance's job worker (started when the app is ready, stopped with it) and the
 * sub-plugins that answer its routes — generation jobs, history, exports, test sends, imports, one-click fixes and
 * the administrators' key pool.
 */
export async function generatorRoutes(appBase: FastifyInstance, opts: { gemini?: GeminiClient } = {}) {
  const { ctx } = appBase;
  if (!appBase.hasContentTypeParser("multipart/form-data")) {
    await appBase.register(fastifyMultipart, {
      limits: { fileSize: GENERATOR_LIMITS.maxImageBytes, files: GENERATOR_LIMITS.maxImages, fields: 10, parts: 20 },
    });
  }
  // One adapter interface for every provider (decision 115): OpenAI-compatible keys go to their own server.
  const gemini = withOpenAiCompatible(opts.gemini ?? createGeminiClient({ baseUrl: ctx.env.GEMINI_BASE_URL }));
  const worker = new GenerationWorker(
    { ctx, gemini, postProcessor: ctx.emailEngine },
    {
      concurrency: ctx.env.GENERATION_CONCURRENCY,
      leaseMs: ctx.env.GENERATION_LEASE_MS,
      pollMs: ctx.env.GENERATION_POLL_MS,
    },
  );
  workers.set(ctx, worker);
  // Templates deleted with undo go for good once their undo window is over (decision 104).
  let stopPurging: (() => void) | undefined;
  appBase.addHook("onReady", async () => {
    const n = await refundStalePending(ctx);
    if (n) ctx.log.warn({ refunded: n }, "refunded generations left pending by a previous run");
    worker.start();
    stopPurging = startPurging(ctx);
  });
  appBase.addHook("onClose", async () => {
    stopPurging?.();
    // Running jobs go back to the queue: the next instance (or this one after a restart) resumes them.
    await worker.stop();
  });

  await appBase.register(generationStartRoutes, { worker });
  await appBase.register(generationJobRoutes, { worker });
  await appBase.register(historyRoutes);
  await appBase.register(exportRoutes);
  await appBase.register(testSendRoutes);
  await appBase.register(templateImportRoutes);
  await appBase.register(templateAutofixRoutes);
  await appBase.register(templateEditRoutes);
  await appBase.register(keysRoutes, { gemini });
}
