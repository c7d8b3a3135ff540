import { APP_UI_TEXTS, maskKey } from "@mailsmith/shared";
import type { ModelClients } from "../../adapters/model/model-client.js";
import { createModelClients } from "../../adapters/model/model-clients.js";
import type { AppContext } from "../../context.js";
import type { ProbeResult, StatusProbe } from "../../core/status-probes.js";
import { checkKey } from "./discovery.js";
import { planFrom, readModelSettings } from "./models.js";
import { keysRepo } from "./repo.js";

/** The tab as the Settings page names it (decision 127). */
const KEYS_TAB = `Admin → Settings → ${APP_UI_TEXTS.settingsTabs.geminiKeys}`;

const KEYS_FIX = `Create a key in Google AI Studio (aistudio.google.com/apikey) and add it in ${KEYS_TAB}; keys from one Google project share one quota, so a second key helps only from another project.`;

/**
 * System status: each active Gemini key checked for real (models.list, as "Test key" does: the result
 * is recorded on the key), then the model generations will use.
 */
export function geminiStatusProbe(ctx: AppContext, clients: ModelClients = createModelClients(ctx.env)): StatusProbe {
  return {
    id: "gemini",
    name: "Gemini",
    async run(): Promise<ProbeResult[]> {
      const keys = await keysRepo.active(ctx.db);
      if (keys.length === 0) {
        return [
          {
            state: "warn",
            summary: 'No active Gemini key: members who generate are told "No API keys available"',
            fix: KEYS_FIX,
          },
        ];
      }
      const lines: ProbeResult[] = await Promise.all(
        keys.map(async (key) => {
          const name = `Gemini key ${key.name || maskKey(key.key)}`;
          const result = await checkKey(ctx, clients, key);
          if (result.ok)
            return { name, state: "ok", summary: `Google accepted the key; ${result.models} models listed` };
          return {
            name,
            state: "fail",
            summary: result.reason,
            fix: result.invalid
              ? `Replace this key (it is skipped while another key works). ${KEYS_FIX}`
              : "Check that this machine can reach generativelanguage.googleapis.com over HTTPS (GEMINI_BASE_URL, if set, must point at a Gemini-compatible API).",
          };
        }),
      );
      const working = lines.filter((l) => l.state === "ok").length;
      const plan = planFrom(await keysRepo.active(ctx.db), await readModelSettings(ctx.db), ctx.env.GEMINI_MODEL);
      const model = plan.candidates[0];
      const how = { env: "GEMINI_MODEL", admin: "chosen by an administrator", automatic: "chosen automatically" }[
        plan.source
      ];
      const modelLine: ProbeResult = plan.skipped
        ? {
            name: "Gemini model",
            state: "warn",
            summary: `${plan.skipped.model} is ${plan.skipped.why === "not_found" ? "retired (Google answered NOT_FOUND)" : "not listed by any key"}: generations use ${model ?? "none"} instead`,
            fix: `Choose a listed model in ${KEYS_TAB}, or unset GEMINI_MODEL to let the newest stable Flash model be chosen.`,
          }
        : model
          ? { name: "Gemini model", state: working > 0 ? "ok" : "fail", summary: `Generations use ${model} (${how})` }
          : {
              name: "Gemini model",
              state: "fail",
              summary: "No model the keys can use generates from images",
              fix: KEYS_FIX,
            };
      return [...lines, modelLine];
    },
  };
}
