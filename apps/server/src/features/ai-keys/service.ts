import {
  GEMINI_HEALTH_MESSAGES,
  GEMINI_KEY_MESSAGES,
  type TCreateGeminiKey,
  type TUpdateGeminiKey,
} from "@mailsmith/shared";
import type { ModelClients } from "../../adapters/model/model-client.js";
import { allowedAddresses, resolvedAddressProblem } from "../../adapters/model/server-address.js";
import type { AppContext } from "../../context.js";
import { type AdminActor, recordAdminChange } from "../../core/audit.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { badRequest, notFound } from "../../lib/app-error.js";
import { type CheckResult, checkKey } from "./discovery.js";
import { catalogue, modelPolicy, readModelSettings } from "./models.js";
import { type KeyRow, keysRepo } from "./repo.js";

/**
 * What the audit log keeps of a key (decision 106): its label, the last 4 characters and whether it is active; for an
 * OpenAI-compatible key also its provider, base URL and model (so an edit that moves a key shows where, decision 119).
 */
function keyAudit(row: KeyRow | undefined) {
  if (!row) return null;
  const base = { name: row.name, keyLast4: `…${row.key.slice(-4)}`, isActive: row.isActive };
  return row.provider === "openai" ? { ...base, provider: row.provider, baseUrl: row.baseUrl, model: row.model } : base;
}

function recordKeyChange(
  tx: DbOrTx,
  actor: AdminActor,
  action: string,
  id: string,
  before: KeyRow | undefined,
  after: KeyRow | undefined,
) {
  return recordAdminChange(tx, actor, {
    action,
    targetType: "gemini_key",
    targetId: id,
    before: keyAudit(before),
    after: keyAudit(after),
  });
}

/**
 * An OpenAI-compatible base URL the server will call: https, no credentials, not this machine or a
 * private network (as written, and as its host resolves now) — unless the operator's allow-list names it. Else 400.
 */
async function assertCallableBaseUrl(ctx: AppContext, baseUrl: string) {
  const problem = await resolvedAddressProblem(baseUrl, allowedAddresses(ctx.env.OPENAI_COMPATIBLE_ALLOWED_ORIGINS));
  if (problem) throw badRequest(GEMINI_KEY_MESSAGES.baseUrlRefused[problem], "VALIDATION_ERROR");
}

/** Admin management of the Gemini key pool (admin spec §2, §5, §7). */
export const keysService = {
  list: (db: DbOrTx) => keysRepo.list(db),

  /** Adds the key, then tests it (models.list): the models it lists are stored, or why Google refused it. */
  async create(
    ctx: AppContext,
    actor: AdminActor,
    clients: ModelClients,
    input: TCreateGeminiKey,
  ): Promise<{ row: KeyRow; result: CheckResult }> {
    const name = input.name.trim();
    const key = input.key.trim();
    if (!name || !key) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    if (input.provider === "openai" && input.baseUrl) await assertCallableBaseUrl(ctx, input.baseUrl);
    const row = await ctx.db.transaction(async (tx) => {
      const openai = input.provider === "openai";
      const added = await keysRepo.insert(tx, {
        name,
        key,
        isActive: input.isActive ?? true,
        provider: openai ? "openai" : "gemini",
        baseUrl: openai ? (input.baseUrl ?? null) : null,
        model: openai ? input.model || null : null,
      });
      await recordAdminChange(tx, actor, {
        action: "gemini_key.create",
        targetType: "gemini_key",
        targetId: added.id,
        after: keyAudit(added),
      });
      return added;
    });
    const result = await checkKey(ctx, clients, row);
    return { row: (await keysRepo.find(ctx.db, row.id)) ?? row, result };
  },

  async test(ctx: AppContext, clients: ModelClients, id: string): Promise<{ row: KeyRow; result: CheckResult }> {
    const existing = await keysRepo.find(ctx.db, id);
    if (!existing) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    const result = await checkKey(ctx, clients, existing);
    return { row: (await keysRepo.find(ctx.db, id)) ?? existing, result };
  },

  models: async (ctx: AppContext) => modelPolicy.view(ctx, await keysRepo.active(ctx.db)),

  /** For members: the model the next generation starts with ("" when none is known; never a key). */
  async modelInUse(ctx: AppContext): Promise<string> {
    return (await modelPolicy.view(ctx, await keysRepo.active(ctx.db))).inUse ?? "";
  },

  /** The admin's model (null: automatic); it must be listed for an active key. */
  async choose(ctx: AppContext, actor: AdminActor, model: string | null) {
    const active = await keysRepo.active(ctx.db);
    if (model !== null && !catalogue(active).has(model)) {
      throw badRequest(GEMINI_HEALTH_MESSAGES.modelNotListed, "VALIDATION_ERROR");
    }
    await ctx.db.transaction(async (tx) => {
      const before = await readModelSettings(tx);
      await modelPolicy.choose(tx, model);
      if (before.chosen === model) return;
      await recordAdminChange(tx, actor, {
        action: "gemini_model.choose",
        targetType: "setting",
        targetId: "gemini_model",
        before: { chosen: before.chosen },
        after: { chosen: model },
      });
    });
    return modelPolicy.view(ctx, active);
  },

  /**
   * Edits a key. A new key, provider, base URL or model is a different connection: its stored models
   * and health are cleared and it is tested again (GET models) like a new key; `result` is that test (null: no test).
   */
  async update(
    ctx: AppContext,
    actor: AdminActor,
    clients: ModelClients,
    id: string,
    input: TUpdateGeminiKey,
  ): Promise<{ row: KeyRow; result: CheckResult | null }> {
    const name = input.name.trim();
    if (!name) throw badRequest(GEMINI_KEY_MESSAGES.required, "VALIDATION_ERROR");
    const key = input.key?.trim();
    if (input.baseUrl && input.provider !== "gemini") await assertCallableBaseUrl(ctx, input.baseUrl);
    let changed = false;
    const row = await ctx.db.transaction(async (tx) => {
      const before = await keysRepo.find(tx, id);
      if (!before) return undefined;
      const provider = input.provider ?? before.provider;
      const openai = provider === "openai";
      const baseUrl = openai ? (input.baseUrl ?? before.baseUrl) : null;
      const model = openai ? (input.model === undefined ? before.model : input.model || null) : null;
      if (openai && !baseUrl) throw badRequest(GEMINI_KEY_MESSAGES.baseUrlRequired, "VALIDATION_ERROR");
      changed =
        Boolean(key && key !== before.key) ||
        provider !== before.provider ||
        baseUrl !== before.baseUrl ||
        model !== before.model;
      const updated = await keysRepo.update(tx, id, {
        name,
        ...(key ? { key } : {}),
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        provider,
        baseUrl,
        model,
        ...(changed ? keysRepo.uncheckedHealth : {}),
      });
      await recordKeyChange(tx, actor, "gemini_key.update", id, before, updated);
      return updated;
    });
    if (!row) throw notFound(GEMINI_KEY_MESSAGES.notFound);
    if (!changed) return { row, result: null };
    const result = await checkKey(ctx, clients, row);
    return { row: (await keysRepo.find(ctx.db, id)) ?? row, result };
  },

  async remove(db: Db, actor: AdminActor, id: string): Promise<void> {
    const removed = await db.transaction(async (tx) => {
      const before = await keysRepo.find(tx, id);
      if (!before || !(await keysRepo.remove(tx, id))) return false;
      await recordKeyChange(tx, actor, "gemini_key.delete", id, before, undefined);
      return true;
    });
    if (!removed) throw notFound(GEMINI_KEY_MESSAGES.notFound);
  },

  async toggle(db: Db, actor: AdminActor, id: string): Promise<KeyRow> {
    return db.transaction(async (tx) => {
      const existing = await keysRepo.find(tx, id);
      if (!existing) throw notFound(GEMINI_KEY_MESSAGES.notFound);
      const row = (await keysRepo.update(tx, id, { isActive: !existing.isActive }))!;
      await recordKeyChange(
        tx,
        actor,
        row.isActive ? "gemini_key.activate" : "gemini_key.deactivate",
        id,
        existing,
        row,
      );
      return row;
    });
  },
};
