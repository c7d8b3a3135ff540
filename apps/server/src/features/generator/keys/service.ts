import {
  GEMINI_HEALTH_MESSAGES,
  GEMINI_KEY_MESSAGES,
  type TCreateGeminiKey,
  type TUpdateGeminiKey,
} from "@mailsmith/shared";
import type { GeminiClient } from "../../../adapters/gemini/client.js";
import type { AppContext } from "../../../context.js";
import type { DbOrTx } from "../../../db/client.js";
import { badRequest, notFound } from "../../../lib/app-error.js";
import { type CheckResult, checkKey } from "./discovery.js";
import { catalogue, modelPolicy } from "./models.js";
import { type KeyRow, keysRepo } from "./repo.js";

/** Admin management of the Gemini key pool (admin spec §2, §5, §7). */
export const keysService = {
  list: (db: DbOrTx) => keysRepo.list(db),

  /** Adds the key, then tests it (models.list): the models it lists are stored, or why Google refused it. */
  async create(
    ctx: AppContext,
    gemini: GeminiClient,
    input: TCreateGeminiKey,
  ): Promise<{ row: KeyRow; result: CheckResult }> {
    const name = input.name.trim();
    const key = input.key.trim();
    if (!name || !key) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    const row = await keysRepo.insert(ctx.db, { name, key, isActive: input.isActive ?? true });
    const result = await checkKey(ctx, gemini, row);
    return { row: (await keysRepo.find(ctx.db, row.id)) ?? row, result };
  },

  async test(ctx: AppContext, gemini: GeminiClient, id: string): Promise<{ row: KeyRow; result: CheckResult }> {
    const existing = await keysRepo.find(ctx.db, id);
    if (!existing) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    const result = await checkKey(ctx, gemini, existing);
    return { row: (await keysRepo.find(ctx.db, id)) ?? existing, result };
  },

  models: async (ctx: AppContext) => modelPolicy.view(ctx, await keysRepo.active(ctx.db)),

  /** For members: whether a key is active and the model the next generation starts with (never a key). */
  async generatorStatus(ctx: AppContext): Promise<{ available: boolean; model: string }> {
    const active = await keysRepo.active(ctx.db);
    return { available: active.length > 0, model: (await modelPolicy.view(ctx, active)).inUse ?? "" };
  },

  /** The admin's model (null: automatic); it must be listed for an active key. */
  async choose(ctx: AppContext, model: string | null) {
    const active = await keysRepo.active(ctx.db);
    if (model !== null && !catalogue(active).has(model)) {
      throw badRequest(GEMINI_HEALTH_MESSAGES.modelNotListed, "VALIDATION_ERROR");
    }
    await modelPolicy.choose(ctx.db, model);
    return modelPolicy.view(ctx, active);
  },

  async update(db: DbOrTx, id: string, input: TUpdateGeminiKey): Promise<KeyRow> {
    const name = input.name.trim();
    if (!name) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    const key = input.key?.trim();
    const row = await keysRepo.update(db, id, {
      name,
      ...(key ? { key } : {}),
      ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
    });
    if (!row) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    return row;
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    if (!(await keysRepo.remove(db, id))) throw notFound(GEMINI_KEY_MESSAGES.notFound);
  },

  async toggle(db: DbOrTx, id: string): Promise<KeyRow> {
    const existing = await keysRepo.find(db, id);
    if (!existing) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    return (await keysRepo.update(db, id, { isActive: !existing.isActive }))!;
  },
};
