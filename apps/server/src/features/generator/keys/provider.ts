import type { ProviderTarget } from "../../../adapters/gemini/client.js";
import type { KeyRow } from "./repo.js";

/** The provider a key calls (decision 115): absent for Gemini, else the OpenAI-compatible server at its base URL. */
export function providerOf(key: Pick<KeyRow, "provider" | "baseUrl">): { provider?: ProviderTarget } {
  return key.provider === "openai" && key.baseUrl ? { provider: { kind: "openai", baseUrl: key.baseUrl } } : {};
}

/** The model an OpenAI-compatible key answers with: the admin's choice, else the first its server lists. */
export function openAiModelOf(key: Pick<KeyRow, "model" | "models">): string | undefined {
  return key.model ?? key.models?.[0]?.id;
}
