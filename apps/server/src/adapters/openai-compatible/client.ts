import { GEMINI_HEALTH_MESSAGES, GEMINI_KEY_MESSAGES } from "@mailsmith/shared";
import type {
  AnswerSchema,
  ModelChunk,
  ModelClient,
  ModelFinish,
  ModelImage,
  ModelInfo,
} from "../model/model-client.js";
import { isAbort, kindOfStatus, ModelError, type ModelErrorKind } from "../model/model-error.js";
import { providerErrorMessage, readableMessage } from "../model/provider-message.js";
import { allowedAddresses, resolvedAddressProblem } from "../model/server-address.js";

/**
 * The OpenAI-compatible adapter of the model interface (decisions 115, 132): OpenAI, OpenRouter, vLLM, Ollama,
 * LM Studio … at the key's base URL. Plain fetch, not the `openai` SDK: the same few requests work against every
 * compatible server, the base URL is per key, and the generator fails over between keys itself (no SDK retries).
 * Base URLs pass the server's address rules before every call, and redirects are not followed (decision 131).
 * Shapes: ./contract.ts (written from OpenAI's API reference), checked against OpenAI's OpenAPI document (119).
 */

/** What a chat completions body is built from (the neutral request without its signal). */
export interface ChatRequest {
  model: string;
  system?: string;
  prompt: string;
  images: ModelImage[];
  /** Structured output: response_format json_schema with this (strict) JSON Schema; absent: json_object. */
  responseSchema?: { name: string; schema: Record<string, unknown> };
  temperature?: number;
}

/** retry-after-ms (OpenAI's own) or retry-after (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const ms = headers.get("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  const ra = headers.get("retry-after");
  if (!ra) return null;
  if (/^\d+(\.\d+)?$/.test(ra.trim())) return Math.round(Number(ra) * 1000);
  const at = Date.parse(ra);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

interface OpenAiErrorBody {
  error?: { message?: unknown; type?: unknown; param?: unknown; code?: unknown };
}

/** OpenAI's error code first (https://platform.openai.com/docs/guides/error-codes), then the HTTP status. */
function openAiKind(status: number, code: string): ModelErrorKind {
  if (code === "invalid_api_key") return "invalid_key";
  if (code === "model_not_found") return "model_not_found";
  if (code === "rate_limit_exceeded" || code === "insufficient_quota") return "quota";
  return kindOfStatus(status);
}

/**
 * An error answer into a ModelError (https://platform.openai.com/docs/guides/error-codes:
 * {"error":{"message","type","param","code"}}). The message is OpenAI's error.message only: a body
 * that is not OpenAI's shape (a proxy's HTML page) is never shown, the message says in words that there was none.
 */
export function parseOpenAiError(status: number, text: string, headers: Headers): ModelError {
  let body: OpenAiErrorBody | undefined;
  try {
    body = JSON.parse(text) as OpenAiErrorBody;
  } catch {
    body = undefined;
  }
  const e = body?.error;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const redirect = status >= 300 && status < 400;
  const message = redirect
    ? GEMINI_HEALTH_MESSAGES.redirected(status)
    : providerErrorMessage(text) || GEMINI_HEALTH_MESSAGES.noErrorMessage;
  const code = str(e?.code);
  return new ModelError(redirect ? "unavailable" : openAiKind(status, code), message, {
    status,
    providerStatus: str(e?.type),
    code,
    retryAfterMs: retryAfterMs(headers),
    field: str(e?.param),
  });
}

export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${path}`;
}

/**
 * The neutral answer schema as OpenAI's strict mode takes it: additionalProperties false, every property required
 * (optional ones may be null instead).
 */
export function strictJsonSchema(schema: AnswerSchema): Record<string, unknown> {
  switch (schema.type) {
    case "object": {
      const required = new Set(schema.required ?? []);
      const properties: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(schema.properties)) {
        const p = strictJsonSchema(value);
        properties[name] = required.has(name) ? p : { ...p, type: [p.type, "null"] };
      }
      return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
    }
    case "array":
      return { type: "array", items: strictJsonSchema(schema.items) };
    case "string":
      return { type: "string", ...(schema.enum ? { enum: [...schema.enum] } : {}) };
    default:
      return { type: schema.type };
  }
}

/**
 * The chat completions body we send (validated against OpenAI's OpenAPI document in test/openai-contract.test.ts).
 * `temperature: false` leaves it out, for a model that refused it.
 */
export function chatCompletionBody(req: ChatRequest, opts: { temperature?: boolean } = {}) {
  return {
    model: req.model,
    messages: [
      ...(req.system ? [{ role: "system" as const, content: req.system }] : []),
      {
        role: "user" as const,
        content: [
          { type: "text" as const, text: req.prompt },
          ...req.images.map((img) => ({
            type: "image_url" as const,
            image_url: { url: `data:${img.mimeType};base64,${img.data.toString("base64")}` },
          })),
        ],
      },
    ],
    stream: true as const,
    ...(opts.temperature === false || req.temperature === undefined ? {} : { temperature: req.temperature }),
    response_format: req.responseSchema
      ? {
          type: "json_schema" as const,
          json_schema: { name: req.responseSchema.name, schema: req.responseSchema.schema, strict: true },
        }
      : { type: "json_object" as const },
  };
}

/** Server-sent events: each `data: …` line's payload, until `data: [DONE]`. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let cut = buffer.search(/\r?\n\r?\n/);
    while (cut >= 0) {
      const event = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data === "[DONE]") return;
      if (data) yield data;
      cut = buffer.search(/\r?\n\r?\n/);
    }
  }
}

function headers(apiKey: string): Record<string, string> {
  // Local servers (Ollama, LM Studio) take no key: the header is left out rather than sent empty.
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}

/** OpenAI's answer to a temperature a reasoning model does not take: 400, param "temperature" (unsupported_value). */
const refusedTemperature = (err: unknown) =>
  err instanceof ModelError && err.status === 400 && err.details.field === "temperature";

/** finish_reason (and a refusal) in the neutral vocabulary. */
function finishOf(reason: string | null | undefined, refusal: string | null | undefined): ModelFinish | undefined {
  if (refusal) return "refusal";
  if (!reason) return undefined;
  if (reason === "stop") return "stop";
  if (reason === "length") return "length";
  if (reason === "content_filter") return "safety";
  return "other";
}

interface StreamEvent {
  choices?: { delta?: { content?: string | null; refusal?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string; type?: string; code?: string };
}

const unreachable = () => new ModelError("unavailable", GEMINI_HEALTH_MESSAGES.unreachableServer);

/** `allowedAddresses`: the operator's OPENAI_COMPATIBLE_ALLOWED_ORIGINS. */
export function createOpenAiCompatibleClient(opts: { allowedAddresses?: readonly string[] } = {}): ModelClient {
  const allowed = allowedAddresses(opts.allowedAddresses);
  /** base URL + model pairs that refused our temperature: asked without it from then on. */
  const noTemperature = new Set<string>();

  async function call(url: string, init: RequestInit): Promise<Response> {
    const problem = await resolvedAddressProblem(url, allowed);
    if (problem) throw new ModelError("address_refused", GEMINI_KEY_MESSAGES.baseUrlRefused[problem]);
    let res: Response;
    try {
      // A redirect is not followed: it could lead to an address the rules above would refuse.
      res = await fetch(url, { ...init, redirect: "manual" });
    } catch (err) {
      if (isAbort(err)) throw err;
      throw unreachable();
    }
    if (!res.ok) throw parseOpenAiError(res.status, await res.text().catch(() => ""), res.headers);
    return res;
  }

  return {
    provider: "openai",

    async stream(target, req) {
      const baseUrl = target.baseUrl ?? "";
      const key = `${baseUrl} ${req.model}`;
      const chat: ChatRequest = {
        model: req.model,
        ...(req.system ? { system: req.system } : {}),
        prompt: req.prompt,
        images: req.images,
        ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
        ...(req.schema ? { responseSchema: { name: "answer", schema: strictJsonSchema(req.schema) } } : {}),
      };
      const send = (temperature: boolean) =>
        call(endpoint(baseUrl, "chat/completions"), {
          method: "POST",
          headers: { ...headers(target.apiKey), "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify(chatCompletionBody(chat, { temperature })),
          signal: req.signal,
        });
      let res: Response;
      try {
        res = await send(!noTemperature.has(key));
      } catch (err) {
        if (noTemperature.has(key) || !refusedTemperature(err)) throw err;
        noTemperature.add(key);
        res = await send(false);
      }
      const body = res.body;
      if (!body) throw new ModelError("bad_answer", GEMINI_HEALTH_MESSAGES.noErrorMessage, { status: res.status });
      async function* chunks(): AsyncGenerator<ModelChunk> {
        try {
          for await (const data of sseData(body as ReadableStream<Uint8Array>)) {
            let parsed: StreamEvent;
            try {
              parsed = JSON.parse(data);
            } catch {
              throw new ModelError("bad_answer", "malformed stream event", { status: res.status });
            }
            // Some compatible servers (vLLM, OpenRouter) report a failure mid-stream as an error event.
            if (parsed.error) {
              throw new ModelError(
                "overloaded",
                readableMessage(parsed.error.message ?? "") || GEMINI_HEALTH_MESSAGES.noErrorMessage,
                { status: 500, providerStatus: parsed.error.type ?? "", code: parsed.error.code ?? "" },
              );
            }
            const usage = parsed.usage
              ? { inputTokens: parsed.usage.prompt_tokens ?? 0, outputTokens: parsed.usage.completion_tokens ?? 0 }
              : undefined;
            const choice = parsed.choices?.[0];
            if (!choice) {
              // e.g. the usage chunk (choices: [])
              if (usage) yield { text: "", usage };
              continue;
            }
            const finish = finishOf(choice.finish_reason, choice.delta?.refusal);
            yield {
              text: choice.delta?.content ?? "",
              ...(finish ? { finish } : {}),
              ...(usage ? { usage } : {}),
            };
          }
        } catch (err) {
          if (err instanceof ModelError || isAbort(err)) throw err;
          throw unreachable();
        }
      }
      return chunks();
    },

    async listModels(target, signal) {
      const res = await call(endpoint(target.baseUrl ?? "", "models"), { headers: headers(target.apiKey), signal });
      const body = (await res.json().catch(() => null)) as { data?: { id?: unknown }[] } | null;
      // Not a list, or an empty one: no model could be used, so the check must not pass.
      const ids = Array.isArray(body?.data)
        ? body.data.map((m) => m?.id).filter((id): id is string => typeof id === "string" && id !== "")
        : [];
      if (ids.length === 0) {
        throw new ModelError("bad_answer", GEMINI_HEALTH_MESSAGES.noModelList, { status: res.status });
      }
      return ids.map(
        (id): ModelInfo => ({
          id,
          displayName: id,
          version: "",
          inputTokenLimit: 0,
          outputTokenLimit: 0,
          methods: ["generateContent"],
          thinking: false,
        }),
      );
    },
  };
}
