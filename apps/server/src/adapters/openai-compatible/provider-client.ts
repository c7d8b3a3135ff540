import type { GeminiModelInfo } from "../../db/schema/generator.js";
import { type GeminiClient, GeminiHttpError, type StreamChunk } from "../gemini/client.js";
import { type OpenAiCompatibleClient, OpenAiHttpError } from "./client.js";

/**
 * One adapter interface for every provider (decision 115): the generator calls a GeminiClient; a request that names an
 * OpenAI-compatible target (the key's provider "openai" and base URL) goes to that server instead, and its answers and
 * errors come back in the same shapes, so key failover, health and the answer parsing stay one code path:
 * - finish_reason "length" → MAX_TOKENS, "content_filter" → SAFETY, a refusal → blockReason "REFUSAL";
 * - OpenAI errors → GeminiHttpError with the same status (401/403 refused, 404 model not found, 429 with retry-after);
 *   invalid_api_key reads as Google's API_KEY_INVALID.
 */
export function withOpenAiCompatible(gemini: GeminiClient, openai: OpenAiCompatibleClient): GeminiClient {
  return {
    async stream(req) {
      if (req.provider?.kind !== "openai") return gemini.stream(req);
      const target = req.provider;
      let source: AsyncGenerator<import("./client.js").OpenAiStreamChunk>;
      try {
        source = await openai.stream({
          baseUrl: target.baseUrl,
          apiKey: req.apiKey,
          model: req.model,
          prompt: req.prompt,
          images: req.images,
          signal: req.signal,
          ...(req.responseSchema
            ? { responseSchema: { name: "email", schema: toJsonSchema(req.responseSchema) } }
            : {}),
        });
      } catch (err) {
        throw asGeminiError(err);
      }
      async function* chunks(): AsyncGenerator<StreamChunk> {
        try {
          for await (const c of source) {
            yield {
              text: c.text,
              finishReason:
                c.finishReason === "length"
                  ? "MAX_TOKENS"
                  : c.finishReason === "content_filter"
                    ? "SAFETY"
                    : c.finishReason
                      ? "STOP"
                      : undefined,
              blockReason: c.refusal ? "REFUSAL" : undefined,
            };
          }
        } catch (err) {
          throw asGeminiError(err);
        }
      }
      return chunks();
    },

    async listModels(req) {
      if (req.provider?.kind !== "openai") return gemini.listModels(req);
      try {
        const models = await openai.listModels({
          baseUrl: req.provider.baseUrl,
          apiKey: req.apiKey,
          signal: req.signal,
        });
        return models.map(
          (m): GeminiModelInfo => ({
            id: m.id,
            displayName: m.id,
            version: "",
            inputTokenLimit: 0,
            outputTokenLimit: 0,
            methods: ["generateContent"],
            thinking: false,
          }),
        );
      } catch (err) {
        throw asGeminiError(err);
      }
    },
  };
}

function asGeminiError(err: unknown): unknown {
  if (!(err instanceof OpenAiHttpError)) return err;
  return new GeminiHttpError(
    err.status,
    err.detail,
    "",
    err.code === "invalid_api_key" ? "API_KEY_INVALID" : err.code,
    err.retryAfterMs,
  );
}

/**
 * Gemini's OpenAPI subset (upper-case types, propertyOrdering) into the JSON Schema OpenAI's strict mode takes:
 * lower-case types, additionalProperties false, every property required (optional ones may be null instead).
 */
export function toJsonSchema(schema: unknown): Record<string, unknown> {
  const s = schema as {
    type?: string;
    properties?: Record<string, unknown>;
    items?: unknown;
    required?: string[];
    enum?: unknown[];
  };
  const type = (s.type ?? "").toLowerCase();
  const out: Record<string, unknown> = { type };
  if (s.enum) out.enum = s.enum;
  if (type === "array" && s.items) out.items = toJsonSchema(s.items);
  if (type === "object" && s.properties) {
    const required = new Set(s.required ?? []);
    const props: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(s.properties)) {
      const p = toJsonSchema(value);
      props[name] = required.has(name) ? p : { ...p, type: [p.type, "null"] };
    }
    out.properties = props;
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}
