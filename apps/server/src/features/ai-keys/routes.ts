import type { FastifyInstance } from "fastify";
import type { ModelClients } from "../../adapters/model/model-client.js";
import { keysRoutes } from "./keys-routes.js";
import { localReaderRoutes } from "./local-reader-routes.js";

/**
 * The AI keys feature (decision 137): the administrators' key pool (Gemini and OpenAI-compatible keys, their health,
 * the models they list and the model in use) and the local reader's settings. The generator uses the pool through
 * `createAiKeyPool`, handed over by the composition root.
 */
export async function aiKeysRoutes(appBase: FastifyInstance, opts: { clients: ModelClients }) {
  await appBase.register(keysRoutes, { clients: opts.clients });
  await appBase.register(localReaderRoutes);
}
