import { GEMINI_HEALTH_MESSAGES, type TGeminiModelNotice, type TGeminiModels } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { isUsable, rankModels } from "../../adapters/gemini/models.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/client.js";
import { appMeta, type GeminiModelInfo } from "../../db/schema/index.js";
import { openAiModelChoice } from "./provider.js";
import type { KeyRow } from "./repo.js";

/**
 * The model policy (decision 094): GEMINI_MODEL, else the admin's choice, else the best model the keys list
 * (adapters/gemini/models.ts rankModels). A model that is not listed, or answered NOT_FOUND, is skipped with a notice
 * the admin sees, and the next one is used. Choice, notices and retired models live in app_meta (one row for every
 * instance); the lists themselves on each key (gemini_keys.models).
 */
const META_KEY = "gemini.models";
/** A model that answered NOT_FOUND is left out for this long (then tried again: Google may list it again). */
const RETIRED_FOR_MS = 24 * 60 * 60 * 1000;
const MAX_NOTICES = 10;
/**
 * When no key has listed its models yet (Google unreachable for models.list) and nothing is configured: Google's own
 * alias for its newest Flash model (https://ai.google.dev/gemini-api/docs/models#model-versions, "latest").
 */
export const UNLISTED_FALLBACK = "gemini-flash-latest";

interface ModelSettings {
  chosen: string | null;
  notices: TGeminiModelNotice[];
  retired: { id: string; at: string }[];
}

const EMPTY: ModelSettings = { chosen: null, notices: [], retired: [] };

export async function readModelSettings(db: DbOrTx): Promise<ModelSettings> {
  const row = await db.query.appMeta.findFirst({ where: eq(appMeta.key, META_KEY) });
  return { ...EMPTY, ...((row?.value as Partial<ModelSettings> | undefined) ?? {}) };
}

async function writeModelSettings(db: DbOrTx, next: ModelSettings) {
  await db
    .insert(appMeta)
    .values({ key: META_KEY, value: next })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: next, updatedAt: new Date() } });
}

/**
 * Every model the given Gemini keys list, once, with how many keys list it. OpenAI-compatible keys are left out: each
 * answers with its own model (provider.ts openAiModelChoice), never ranked or chosen with Google's.
 */
export function catalogue(keys: KeyRow[]): Map<string, { info: GeminiModelInfo; keys: number }> {
  const out = new Map<string, { info: GeminiModelInfo; keys: number }>();
  for (const k of keys) {
    if (k.provider === "openai") continue;
    for (const m of k.models ?? []) {
      const seen = out.get(m.id);
      if (seen) seen.keys += 1;
      else out.set(m.id, { info: m, keys: 1 });
    }
  }
  return out;
}

const retiredSet = (s: ModelSettings, now = Date.now()) =>
  new Set(s.retired.filter((r) => now - Date.parse(r.at) < RETIRED_FOR_MS).map((r) => r.id));

/** The models a generation tries, in order, and what the admin is told about the ones skipped. */
export interface ModelPlan {
  candidates: string[];
  infos: Map<string, GeminiModelInfo>;
  source: TGeminiModels["source"];
  /** The configured model (GEMINI_MODEL or the admin's) that was skipped, and why. */
  skipped: { model: string; why: "not_listed" | "not_found" } | null;
}

export function planFrom(keys: KeyRow[], settings: ModelSettings, envModel: string | undefined): ModelPlan {
  const listed = catalogue(keys);
  const infos = new Map([...listed].map(([id, v]) => [id, v.info]));
  const retired = retiredSet(settings);
  const wanted = envModel ?? settings.chosen ?? null;
  const source: ModelPlan["source"] = envModel ? "env" : settings.chosen ? "admin" : "automatic";
  const ranked = rankModels([...infos.values()])
    .map((m) => m.id)
    .filter((id) => !retired.has(id));
  if (listed.size === 0) {
    // Nothing listed yet: the configured model, then Google's alias for its newest Flash.
    return { candidates: [...new Set([wanted ?? UNLISTED_FALLBACK, UNLISTED_FALLBACK])], infos, source, skipped: null };
  }
  if (!wanted) return { candidates: ranked, infos, source, skipped: null };
  if (retired.has(wanted)) return { candidates: ranked, infos, source, skipped: { model: wanted, why: "not_found" } };
  if (!listed.has(wanted)) return { candidates: ranked, infos, source, skipped: { model: wanted, why: "not_listed" } };
  return { candidates: [wanted, ...ranked.filter((id) => id !== wanted)], infos, source, skipped: null };
}

function noticeFor(skipped: { model: string; why: "not_listed" | "not_found" }, next: string | null): string {
  return skipped.why === "not_found"
    ? GEMINI_HEALTH_MESSAGES.noticeNotFound(skipped.model, next)
    : GEMINI_HEALTH_MESSAGES.noticeNotListed(skipped.model, next);
}

/** Adds a notice unless the latest one for that model already says the same. */
async function addNotice(db: DbOrTx, model: string, message: string, patch: Partial<ModelSettings> = {}) {
  const s = await readModelSettings(db);
  const latest = s.notices.find((n) => n.model === model);
  const notices =
    latest?.message === message
      ? s.notices
      : [{ model, message, at: new Date().toISOString() }, ...s.notices].slice(0, MAX_NOTICES);
  await writeModelSettings(db, { ...s, ...patch, notices });
}

export const modelPolicy = {
  /** The plan for the next generation from the active keys; a skipped configured model leaves a notice. */
  async plan(ctx: AppContext, keys: KeyRow[]): Promise<ModelPlan> {
    const plan = planFrom(keys, await readModelSettings(ctx.db), ctx.env.GEMINI_MODEL);
    if (plan.skipped) {
      await addNotice(ctx.db, plan.skipped.model, noticeFor(plan.skipped, plan.candidates[0] ?? null));
    }
    // An OpenAI-compatible key whose model its server does not list: the admin is told which model it uses instead.
    for (const key of keys) {
      if (key.provider !== "openai") continue;
      const { model, skipped } = openAiModelChoice(key);
      if (skipped) {
        await addNotice(
          ctx.db,
          skipped,
          GEMINI_HEALTH_MESSAGES.noticeOpenAiNotListed(skipped, key.name, model ?? null),
        );
      }
    }
    return plan;
  },

  /** A model answered NOT_FOUND: left out for a day, and the admin is told which model is used instead. */
  async retire(ctx: AppContext, model: string, next: string | null) {
    ctx.log.warn({ model, next }, "Gemini model answered NOT_FOUND; using the next one");
    const s = await readModelSettings(ctx.db);
    const retired = [...s.retired.filter((r) => r.id !== model), { id: model, at: new Date().toISOString() }];
    await addNotice(ctx.db, model, noticeFor({ model, why: "not_found" }, next), { retired });
  },

  /** The admin's choice (null: automatic). A retired model chosen again is tried again. */
  async choose(db: DbOrTx, model: string | null) {
    const s = await readModelSettings(db);
    await writeModelSettings(db, { ...s, chosen: model, retired: s.retired.filter((r) => r.id !== model) });
  },

  /** What Settings → Gemini Keys shows: the model in use, where it comes from, the models listed and the notices. */
  async view(ctx: AppContext, activeKeys: KeyRow[]): Promise<TGeminiModels> {
    const settings = await readModelSettings(ctx.db);
    const plan = planFrom(activeKeys, settings, ctx.env.GEMINI_MODEL);
    const auto = planFrom(activeKeys, { ...settings, chosen: null }, undefined);
    const listed = catalogue(activeKeys);
    const models = [...listed.values()]
      .map(({ info, keys }) => ({
        id: info.id,
        displayName: info.displayName,
        version: info.version,
        inputTokenLimit: info.inputTokenLimit,
        thinking: info.thinking,
        usable: isUsable(info),
        keys,
      }))
      .sort((a, b) => Number(b.usable) - Number(a.usable) || a.id.localeCompare(b.id));
    const openAi = activeKeys
      .filter((k) => k.provider === "openai")
      .map((k) => {
        const { model } = openAiModelChoice(k);
        return {
          keyId: k.id,
          name: k.name,
          chosen: k.model,
          model: model ?? null,
          listed: k.model && k.models ? k.models.some((m) => m.id === k.model) : null,
        };
      });
    const geminiInUse = listed.size ? (plan.candidates[0] ?? null) : null;
    return {
      // With no Gemini model listed, what an OpenAI-compatible key answers with.
      inUse: geminiInUse ?? openAi.find((k) => k.model)?.model ?? null,
      openAi,
      source: plan.source,
      chosen: settings.chosen,
      automatic: listed.size ? (auto.candidates[0] ?? null) : null,
      env: ctx.env.GEMINI_MODEL ?? null,
      models,
      notices: settings.notices,
    };
  },
};
