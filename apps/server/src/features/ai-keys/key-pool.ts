import type { ModelClients } from "../../adapters/model/model-client.js";
import type { AppContext } from "../../context.js";
import type { AiKeyPool } from "../../core/ai-key-pool.js";
import { localReaderSettings } from "./local-reader-settings.js";
import { callWithPool } from "./model-call.js";
import { keysRepo } from "./repo.js";
import { keysService } from "./service.js";

/** The pool the composition root hands to the generator (decision 137): this app's keys, answered by `clients`. */
export function createAiKeyPool(ctx: AppContext, clients: ModelClients): AiKeyPool {
  return {
    active: () => keysRepo.active(ctx.db),
    modelInUse: () => keysService.modelInUse(ctx),
    localReader: () => localReaderSettings.read(ctx.db),
    call: (request) => callWithPool(ctx, clients, request),
  };
}
