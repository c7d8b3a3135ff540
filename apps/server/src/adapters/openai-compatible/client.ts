import { GEMINI_HEALTH_MESSAGES, GEMINI_KEY_MESSAGES } from "@mailsmith/shared";
import { ADDRESS_REFUSED, NO_MODEL_LIST } from "../model/own-reasons.js";
import { providerErrorMessage, readableMessage } from "../model/provider-message.js";
import { type AllowedAddresses, allowedAddresses, resolvedAddressProblem } from "../model/server-address.js";

/**
 * An OpenAI-compatible chat completions client (OpenAI, OpenRouter, vLLM, Ollama, LM Studio …): base URL + key + model
 * (decision 115). Plain fetch, not the `openai` SDK: the same few requests work against every compatible server, the
 * base URL is per key, and the generator fails over between keys itself (no SDK retries wanted).
 * Shapes: ./contract.ts (written from OpenAI's API reference).
 */

/** One image sent with the prompt (as a data: URL image part). */
export interface OpenAiImage {
  mimeType: string;
  data: Buffer;
}

export interface OpenAiStreamRequest {
  /** e.g. https://api.openai.com/v1, https://openrouter.ai/api/v1, http://localhost:11434/v1 (no trailing slash needed). */
  baseUrl: string;
  apiKey: string;
  model: string;
  prompt: string;
  images: OpenAiImage[];
  signal: AbortSignal;
  /** Structured output: response_format json_schema with this JSON Schema (strict). */
  responseSchema?: { name: string; schema: Record<string, unknown> };
}

/** What the generator reads from each streamed chunk: choices[0].delta.content and finish_reason. */
export interface OpenAiStreamChunk {
  text: string;
  finishReason?: string;
  /** The model declined (choices[0].delta.refusal). */
  refusal?: string;
}

/** One entry of GET {base}/models. */
export interface OpenAiModelInfo {
  id: string;
  ownedBy: string;
  created: number;
}

/**
 * An HTTP failure (status 0: the server could not be reached) with OpenAI's error body
 * (https://platform.openai.com/docs/guides/error-codes: {"error":{"message","type","param","code"}}).
 */
export class OpenAiHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** error.type: invalid_request_error, authentication_error, rate_limit_exceeded, insufficient_quota … */
    readonly type = "",
    /** error.code: invalid_api_key, model_not_found, rate_limit_exceeded, insufficient_quota … */
    readonly code = "",
    /** retry-after-ms / retry-after headers in milliseconds (null: none given). */
    readonly retryAfterMs: number | null = null,
    /** error.param: the request field the server refused (e.g. "temperature"). */
    readonly param = "",
  ) {
    super(`OpenAI-compatible HTTP ${status}: ${detail}`);
    this.name = "OpenAiHttpError";
  }

  /** The key itself is refused (invalid, revoked, or not allowed to call the API). */
  get keyRefused(): boolean {
    return this.status === 401 || this.status === 403 || this.code === "invalid_api_key";
  }

  /** The model does not exist or this key may not use it. */
  get modelNotFound(): boolean {
    return this.status === 404 || this.code === "model_not_found";
  }
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

/**
 * An error answer into an OpenAiHttpError. The detail is OpenAI's error.message only (decision 131): a body that is not
 * OpenAI's shape (a proxy's HTML page) is never shown, the detail says in words that there was no message.
 */
export function parseOpenAiError(status: number, text: string, headers: Headers): OpenAiHttpError {
  let body: OpenAiErrorBody | undefined;
  try {
    body = JSON.parse(text) as OpenAiErrorBody;
  } catch {
    body = undefined;
  }
  const e = body?.error;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const words =
    status >= 300 && status < 400
      ? GEMINI_HEALTH_MESSAGES.redirected(status)
      : providerErrorMessage(text) || GEMINI_HEALTH_MESSAGES.noErrorMessage;
  return new OpenAiHttpError(status, words, str(e?.type), str(e?.code), retryAfterMs(headers), str(e?.param));
}

export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${path}`;
}

/** What we ask for: steady, not creative. Reasoning models (OpenAI's o-series, gpt-5) take only their default (1). */
const TEMPERATURE = 0.4;

/**
 * The chat completions body we send (validated against OpenAI's OpenAPI document in test/openai-contract.test.ts).
 * `temperature: false` leaves it out, for a model that refused it (decision 119).
 */
export function chatCompletionBody(
  req: Omit<OpenAiStreamRequest, "signal" | "apiKey" | "baseUrl">,
  opts: { temperature?: boolean } = {},
) {
  return {
    model: req.model,
    messages: [
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
    ...(opts.temperature === false ? {} : { temperature: TEMPERATURE }),
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

export interface OpenAiCompatibleClient {
  /** Opens a streamed chat completion. Rejects with OpenAiHttpError before the first chunk on HTTP failures. */
  stream(req: OpenAiStreamRequest): Promise<AsyncGenerator<OpenAiStreamChunk>>;
  /** GET {base}/models as the key sees it. Rejects with OpenAiHttpError. */
  listModels(req: { baseUrl: string; apiKey: string; signal: AbortSignal }): Promise<OpenAiModelInfo[]>;
}

async function call(url: string, init: RequestInit, allowed: AllowedAddresses): Promise<Response> {
  const problem = await resolvedAddressProblem(url, allowed);
  if (problem) throw new OpenAiHttpError(0, GEMINI_KEY_MESSAGES.baseUrlRefused[problem], "", ADDRESS_REFUSED);
  let res: Response;
  try {
    // A redirect is not followed: it could lead to an address the rules above would refuse (decision 131).
    res = await fetch(url, { ...init, redirect: "manual" });
  } catch (err) {
    if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) throw err;
    throw new OpenAiHttpError(0, "network error");
  }
  if (!res.ok) throw parseOpenAiError(res.status, await res.text().catch(() => ""), res.headers);
  return res;
}

function headers(apiKey: string): Record<string, string> {
  // Local servers (Ollama, LM Studio) take no key: the header is left out rather than sent empty.
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}

/** OpenAI's answer to a temperature a reasoning model does not take: 400, param "temperature" (unsupported_value). */
const refusedTemperature = (err: unknown) =>
  err instanceof OpenAiHttpError && err.status === 400 && err.param === "temperature";

/** `allowedAddresses`: the operator's OPENAI_COMPATIBLE_ALLOWED_ORIGINS (decision 131). */
export function createOpenAiCompatibleClient(
  opts: { allowedAddresses?: readonly string[] } = {},
): OpenAiCompatibleClient {
  const allowed = allowedAddresses(opts.allowedAddresses);
  /** base URL + model pairs that refused our temperature: asked without it from then on. */
  const noTemperature = new Set<string>();
  return {
    async stream(req) {
      const target = `${req.baseUrl} ${req.model}`;
      const send = (temperature: boolean) =>
        call(
          endpoint(req.baseUrl, "chat/completions"),
          {
            method: "POST",
            headers: { ...headers(req.apiKey), "content-type": "application/json", accept: "text/event-stream" },
            body: JSON.stringify(chatCompletionBody(req, { temperature })),
            signal: req.signal,
          },
          allowed,
        );
      let res: Response;
      try {
        res = await send(!noTemperature.has(target));
      } catch (err) {
        if (noTemperature.has(target) || !refusedTemperature(err)) throw err;
        noTemperature.add(target);
        res = await send(false);
      }
      const body = res.body;
      if (!body) throw new OpenAiHttpError(res.status, "empty answer");
      async function* chunks(): AsyncGenerator<OpenAiStreamChunk> {
        try {
          for await (const data of sseData(body as ReadableStream<Uint8Array>)) {
            let parsed: {
              choices?: {
                delta?: { content?: string | null; refusal?: string | null };
                finish_reason?: string | null;
              }[];
              error?: { message?: string; type?: string; code?: string };
            };
            try {
              parsed = JSON.parse(data);
            } catch {
              throw new OpenAiHttpError(res.status, "malformed stream event");
            }
            // Some compatible servers (vLLM, OpenRouter) report a failure mid-stream as an error event.
            if (parsed.error) {
              throw new OpenAiHttpError(
                500,
                readableMessage(parsed.error.message ?? "") || "stream error",
                parsed.error.type,
                parsed.error.code,
              );
            }
            const choice = parsed.choices?.[0];
            if (!choice) continue; // e.g. the usage chunk (choices: [])
            yield {
              text: choice.delta?.content ?? "",
              finishReason: choice.finish_reason ?? undefined,
              refusal: choice.delta?.refusal ?? undefined,
            };
          }
        } catch (err) {
          if (err instanceof OpenAiHttpError) throw err;
          if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) throw err;
          throw new OpenAiHttpError(0, "network error");
        }
      }
      return chunks();
    },

    async listModels(req) {
      const res = await call(
        endpoint(req.baseUrl, "models"),
        { headers: headers(req.apiKey), signal: req.signal },
        allowed,
      );
      const body = (await res.json().catch(() => null)) as {
        data?: { id?: unknown; owned_by?: unknown; created?: unknown }[];
      } | null;
      // Not a list, or an empty one: no model could be used, so the check must not pass (issue 44).
      const models = Array.isArray(body?.data)
        ? body.data
            .filter((m) => typeof m?.id === "string" && m.id !== "")
            .map((m) => ({
              id: m.id as string,
              ownedBy: typeof m.owned_by === "string" ? m.owned_by : "",
              created: typeof m.created === "number" ? m.created : 0,
            }))
        : [];
      if (models.length === 0) {
        throw new OpenAiHttpError(res.status, GEMINI_HEALTH_MESSAGES.noModelList, "", NO_MODEL_LIST);
      }
      return models;
    },
  };
}
