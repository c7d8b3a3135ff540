import type { Env } from "../../env.js";
import { createGeminiClient } from "../gemini/client.js";
import { createOpenAiCompatibleClient } from "../openai-compatible/client.js";
import type { ModelClients } from "./model-client.js";

/**
 * Every provider's client, built from the operator's settings (decision 132): Gemini at Google's endpoint or
 * GEMINI_BASE_URL, OpenAI-compatible servers at each key's base URL within OPENAI_COMPATIBLE_ALLOWED_ORIGINS' rules
 * (decision 131). A new provider is one more adapter here and one more value of a key's `provider`.
 */
export function createModelClients(
  env: Pick<Env, "GEMINI_BASE_URL" | "OPENAI_COMPATIBLE_ALLOWED_ORIGINS">,
  replace: Partial<ModelClients> = {},
): ModelClients {
  return {
    gemini: replace.gemini ?? createGeminiClient({ baseUrl: env.GEMINI_BASE_URL }),
    openai: replace.openai ?? createOpenAiCompatibleClient({ allowedAddresses: env.OPENAI_COMPATIBLE_ALLOWED_ORIGINS }),
  };
}
