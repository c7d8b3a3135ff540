import { z } from "zod";

/**
 * The OpenAI chat completions / models contract, written from OpenAI's published reference — not from our client or
 * stand-in — so the contract test (./contract.test.ts) holds both to it (decision 115). Objects are strict where OpenAI
 * documents every field, so the stand-in cannot drift into shapes only our client accepts.
 *
 * Sources (read 27 Nov 2026, the reference pages; checked against OpenAI's published OpenAPI document in decision 119 —
 * apps/server/test/openai-contract.test.ts validates the same traffic with ajv against openai/openai-openapi):
 * - Create chat completion: https://platform.openai.com/docs/api-reference/chat/create
 *   (CreateChatCompletionRequest: model, messages[], stream, temperature 0–2, response_format
 *   {type:"text"} | {type:"json_object"} | {type:"json_schema", json_schema:{name ^[a-zA-Z0-9_-]{1,64}$, description?,
 *   schema?, strict?}}; ChatCompletionRequestUserMessage {role:"user", content: string | parts[], name?};
 *   ChatCompletionRequestMessageContentPartText {type:"text", text};
 *   ChatCompletionRequestMessageContentPartImage {type:"image_url", image_url:{url, detail?: auto|low|high}}).
 * - Streaming: https://platform.openai.com/docs/api-reference/chat-streaming (CreateChatCompletionStreamResponse,
 *   object "chat.completion.chunk": id, choices[{index, delta{role?, content?, refusal?, tool_calls?}, logprobs?,
 *   finish_reason: stop|length|tool_calls|content_filter|function_call|null}], created, model, service_tier?,
 *   system_fingerprint?, usage?), server-sent events `data: {…}` ending with `data: [DONE]`.
 * - Models: https://platform.openai.com/docs/api-reference/models/list (ListModelsResponse {object:"list", data:[Model]};
 *   Model {id, object:"model", created, owned_by}).
 * - Errors: https://platform.openai.com/docs/guides/error-codes and the spec's ErrorResponse
 *   ({error:{message, type, param: string|null, code: string|null}}); 401 invalid_api_key, 404 model_not_found,
 *   429 rate_limit_exceeded / insufficient_quota with retry-after / retry-after-ms headers
 *   (https://platform.openai.com/docs/guides/rate-limits).
 */

const int = z.number().int();

// ---------- request ----------

export const TextPartSchema = z.strictObject({ type: z.literal("text"), text: z.string() });
export const ImagePartSchema = z.strictObject({
  type: z.literal("image_url"),
  image_url: z.strictObject({
    url: z.union([z.url(), z.string().regex(/^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/]*={0,2}$/)]),
    detail: z.enum(["auto", "low", "high"]).optional(),
  }),
});

export const UserMessageSchema = z.strictObject({
  role: z.literal("user"),
  content: z.union([z.string(), z.array(z.union([TextPartSchema, ImagePartSchema])).min(1)]),
  name: z.string().optional(),
});
export const SystemMessageSchema = z.strictObject({
  role: z.enum(["system", "developer"]),
  content: z.union([z.string(), z.array(TextPartSchema).min(1)]),
  name: z.string().optional(),
});

export const ResponseFormatSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text") }),
  z.strictObject({ type: z.literal("json_object") }),
  z.strictObject({
    type: z.literal("json_schema"),
    json_schema: z.strictObject({
      name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullable().optional(),
    }),
  }),
]);

/** The subset of CreateChatCompletionRequest we use; unknown fields are refused so we notice what we add. */
export const ChatCompletionRequestSchema = z.strictObject({
  model: z.string().min(1),
  messages: z.array(z.union([SystemMessageSchema, UserMessageSchema])).min(1),
  stream: z.boolean().nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  max_completion_tokens: int.nullable().optional(),
  response_format: ResponseFormatSchema.optional(),
});

// ---------- streamed answer ----------

export const FinishReasonSchema = z.enum(["stop", "length", "tool_calls", "content_filter", "function_call"]);

export const UsageSchema = z.object({
  prompt_tokens: int,
  completion_tokens: int,
  total_tokens: int,
});

export const ChatCompletionChunkSchema = z.strictObject({
  id: z.string().min(1),
  object: z.literal("chat.completion.chunk"),
  created: int,
  model: z.string().min(1),
  service_tier: z.string().nullable().optional(),
  system_fingerprint: z.string().optional(),
  // From OpenAI's OpenAPI document: padding OpenAI adds to streamed chunks by default
  // (stream_options.include_obfuscation), and the moderation result of a moderated request.
  obfuscation: z.string().optional(),
  moderation: z.unknown().optional(),
  choices: z.array(
    z.strictObject({
      index: int,
      delta: z.strictObject({
        role: z.enum(["developer", "system", "user", "assistant", "tool"]).optional(),
        content: z.string().nullable().optional(),
        refusal: z.string().nullable().optional(),
        tool_calls: z.array(z.unknown()).optional(),
        function_call: z.unknown().optional(),
      }),
      logprobs: z
        .object({ content: z.array(z.unknown()).nullable(), refusal: z.array(z.unknown()).nullable() })
        .nullable()
        .optional(),
      finish_reason: FinishReasonSchema.nullable(),
    }),
  ),
  usage: UsageSchema.nullable().optional(),
});

// ---------- models ----------

export const ModelSchema = z.strictObject({
  id: z.string().min(1),
  object: z.literal("model"),
  created: int,
  owned_by: z.string(),
  /** From OpenAI's OpenAPI document: when the model shuts down (YYYY-MM-DD), or null. */
  shutdown_date: z.iso.date().nullable().optional(),
});
export const ListModelsResponseSchema = z.strictObject({ object: z.literal("list"), data: z.array(ModelSchema) });

// ---------- errors ----------

export const ErrorBodySchema = z.strictObject({
  error: z.strictObject({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});

/** A text/event-stream body into its `data:` payloads; `done` tells whether it ended with `data: [DONE]`. */
export function parseSse(text: string): { events: unknown[]; done: boolean } {
  const events: unknown[] = [];
  let done = false;
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    if (!data) continue;
    if (done) throw new Error("event after [DONE]");
    if (data === "[DONE]") done = true;
    else events.push(JSON.parse(data));
  }
  return { events, done };
}
