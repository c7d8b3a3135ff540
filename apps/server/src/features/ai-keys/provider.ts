import type { ModelClient, ModelClients, ModelEndpoint } from "../../adapters/model/model-client.js";
import type { KeyRow } from "./repo.js";

/** The client that answers a key: the one of the provider its row names (decisions 115, 132). */
export function clientOf(clients: ModelClients, key: Pick<KeyRow, "provider">): ModelClient {
  return clients[key.provider];
}

/** Where a key's calls go: its secret, and its server's base URL for an OpenAI-compatible key. */
export function endpointOf(key: Pick<KeyRow, "key" | "baseUrl">): ModelEndpoint {
  return { apiKey: key.key, baseUrl: key.baseUrl };
}

/**
 * Model ids an OpenAI-compatible server lists that do not answer chat completions (OpenAI lists embeddings, speech,
 * images, moderation and legacy completion models beside the chat ones).
 */
const NOT_CHAT = /embed|whisper|tts|dall-e|gpt-image|moderation|transcribe|realtime|audio|davinci|babbage|sora/i;

/** The first model a server lists that looks like a chat model (else the first it lists). */
function firstChatModel(models: readonly { id: string }[]): string | undefined {
  return (models.find((m) => !NOT_CHAT.test(m.id)) ?? models[0])?.id;
}

/**
 * The model an OpenAI-compatible key answers with: the admin's choice while its server lists it (or
 * while nothing is listed yet), else the first chat model the server lists — as a Gemini model that is not listed is
 * skipped for the next one. `skipped` names the admin's choice when it was passed over.
 */
export function openAiModelChoice(key: Pick<KeyRow, "model" | "models">): { model?: string; skipped?: string } {
  const listed = key.models;
  if (key.model && (!listed || listed.some((m) => m.id === key.model))) return { model: key.model };
  const fallback = listed ? firstChatModel(listed) : undefined;
  return key.model ? { model: fallback, skipped: key.model } : { model: fallback };
}

/** The model an OpenAI-compatible key answers with (see openAiModelChoice). */
export function openAiModelOf(key: Pick<KeyRow, "model" | "models">): string | undefined {
  return openAiModelChoice(key).model;
}
