import fastifyMultipart from "@fastify/multipart";
import { GENERATOR_LIMITS } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import { templateAutofixRoutes } from "./history/autofix-routes.js";
import { templateEditRoutes } from "./history/edit-routes.js";
import { exportRoutes } from "./history/export-routes.js";
import { templateImportRoutes } from "./history/import-routes.js";
import { historyRoutes } from "./history/routes.js";
import { testSendRoutes } from "./history/test-send-routes.js";
import { generationJobRoutes } from "./jobs/job-routes.js";
import { scoreThresholdRoutes } from "./jobs/score-threshold-routes.js";
import { generationStartRoutes } from "./jobs/start-routes.js";
import type { GeneratorRuntime } from "./runtime.js";

/**
 * The generator feature: this instance's job worker (started when the app is ready, stopped with it; its poll and
 * the purge of deleted templates are periodic jobs in composition/periodic-jobs.ts) and the sub-plugins that answer
 * its routes — generation jobs, history, exports, test sends, imports, one-click fixes and the administrators' score
 * threshold. It writes with the AI key pool it is given (the ai-keys feature's).
 */
export async function generatorRoutes(appBase: FastifyInstance, opts: { runtime: GeneratorRuntime }) {
  const { keys, worker } = opts.runtime;
  if (!appBase.hasContentTypeParser("multipart/form-data")) {
    await appBase.register(fastifyMultipart, {
      limits: { fileSize: GENERATOR_LIMITS.maxImageBytes, files: GENERATOR_LIMITS.maxImages, fields: 10, parts: 20 },
    });
  }
  appBase.addHook("onReady", async () => worker.start());
  // Running jobs go back to the queue: the next instance (or this one after a restart) resumes them.
  appBase.addHook("onClose", async () => worker.stop());

  await appBase.register(generationStartRoutes, { worker, keys });
  await appBase.register(generationJobRoutes, { worker, keys });
  await appBase.register(scoreThresholdRoutes);
  await appBase.register(historyRoutes);
  await appBase.register(exportRoutes);
  await appBase.register(testSendRoutes);
  await appBase.register(templateImportRoutes);
  await appBase.register(templateAutofixRoutes);
  await appBase.register(templateEditRoutes);
}
