import { ApiError, GoogleGenAI, type Schema } from "@google/genai";
import { GEMINI_HEALTH_MESSAGES } from "@mailsmith/shared";
import type { GeminiModelInfo } from "../../db/schema/generator.js";
import { NO_MODEL_LIST } from "../model/own-reasons.js";
import { readableMessage } from "../model/provider-message.js";
import { fromRestModel, type ThinkingSettings } from "./models.js";

/** One image sent inline with the prompt. */
export interface InlineImage {
  mimeType: string;
  data: Buffer;
}

export interface StreamRequest {
  apiKey: string;
  model: string;
  prompt: string;
  images: InlineImage[];
  /** Aborts the call (time budget of the whole generation, or the member's Cancel). */
  signal: AbortSignal;
  /** Structured output: the JSON answer must match this schema (Gemini's OpenAPI subset). */
  responseSchema?: Schema;
  /** generationConfig.thinkingConfig for the model's family (adapters/gemini/models.ts thinkingFor). */
  thinking?: ThinkingSettings;
  /** Another provider's server for this key (adapters/openai-compatible/provider-client.ts; decision 115). */
  provider?: ProviderTarget;
}

/** A key of another provider: an OpenAI-compatible server at baseUrl. Absent: Gemini. */
export interface ProviderTarget {
  kind: "openai";
  baseUrl: string;
}

/** What the generator reads from each streamed chunk: the first candidate's text parts. */
export interface StreamChunk {
  text: string;
  finishReason?: string;
  blockReason?: string;
}

/**
 * An HTTP failure from the Gemini API (status 0: the service could not be reached), with what Google's error body
 * says (https://ai.google.dev/gemini-api/docs/troubleshooting, google.rpc.Status with ErrorInfo / RetryInfo details).
 */
export class GeminiHttpError extends Error {
  constructor(
    readonly status: number,
    /** The API's own error message (never contains our key: callers redact it anyway). */
    readonly detail: string,
    /** google.rpc.Status status: INVALID_ARGUMENT, PERMISSION_DENIED, RESOURCE_EXHAUSTED, NOT_FOUND … */
    readonly googleStatus = "",
    /** google.rpc.ErrorInfo reason: API_KEY_INVALID, CONSUMER_SUSPENDED, SERVICE_DISABLED … */
    readonly reason = "",
    /** google.rpc.RetryInfo retryDelay in milliseconds (null: none given). */
    readonly retryDelayMs: number | null = null,
  ) {
    super(`Gemini HTTP ${status}: ${detail}`);
    this.name = "GeminiHttpError";
  }

  /** The key itself is refused: invalid, revoked, leaked, suspended, or its project may not call the API. */
  get keyRefused(): boolean {
    return (
      this.reason === "API_KEY_INVALID" ||
      this.status === 401 ||
      this.status === 403 ||
      this.googleStatus === "PERMISSION_DENIED" ||
      this.googleStatus === "UNAUTHENTICATED"
    );
  }

  /** The model does not exist (retired) or does not answer this method. */
  get modelNotFound(): boolean {
    return this.status === 404;
  }
}

/** "17s", "0.5s", "1.250s" (google.protobuf.Duration in JSON) into milliseconds. */
export function durationMs(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = value.match(/^(\d+(?:\.\d+)?)s$/);
  return m ? Math.round(Number(m[1]) * 1000) : null;
}

interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { "@type"?: string; reason?: string; retryDelay?: string }[];
  };
}

/**
 * A Google error body (the JSON in the SDK's message) into a GeminiHttpError. The detail is Google's error.message
 * only (decision 131). For a body that is not JSON (a proxy's HTML page) the SDK makes one up with the page as
 * `message` and the HTTP status text as `status` ("Bad Gateway", where Google writes UNAVAILABLE): that page is never
 * shown, the detail says in words that there was no message.
 */
export function parseGoogleError(status: number, text: string): GeminiHttpError {
  const start = text.indexOf("{");
  let body: GoogleErrorBody | undefined;
  if (start >= 0) {
    try {
      body = JSON.parse(text.slice(start)) as GoogleErrorBody;
    } catch {
      body = undefined;
    }
  }
  const e = body?.error;
  const noMessage = GEMINI_HEALTH_MESSAGES.noErrorMessage;
  if (!e) return new GeminiHttpError(status, noMessage);
  const rpcStatus = typeof e.status === "string" && /^[A-Z_]+$/.test(e.status) ? e.status : "";
  const fromGoogle = rpcStatus !== "" || e.status === undefined;
  const details = Array.isArray(e.details) ? e.details : [];
  const info = details.find((d) => d["@type"]?.endsWith("google.rpc.ErrorInfo"));
  const retry = details.find((d) => d["@type"]?.endsWith("google.rpc.RetryInfo"));
  return new GeminiHttpError(
    status,
    (fromGoogle && typeof e.message === "string" && readableMessage(e.message)) || noMessage,
    rpcStatus,
    info?.reason ?? "",
    durationMs(retry?.retryDelay),
  );
}

export interface GeminiClient {
  /** Opens a streamed generation. Rejects with GeminiHttpError before the first chunk on HTTP failures. */
  stream(req: StreamRequest): Promise<AsyncGenerator<StreamChunk>>;
  /** models.list, every page (pageToken), as the key sees it. Rejects with GeminiHttpError. */
  listModels(req: { apiKey: string; signal: AbortSignal; provider?: ProviderTarget }): Promise<GeminiModelInfo[]>;
}

/** The service answered, but not with a list of models (issue 44). */
const noModelList = () => new GeminiHttpError(200, GEMINI_HEALTH_MESSAGES.noModelList, "", NO_MODEL_LIST);

/** An abort, or fetch failing to reach the service (not the SDK failing to read an answer). */
const isTransportError = (err: unknown) =>
  err instanceof Error &&
  (err.name === "AbortError" ||
    err.name === "TimeoutError" ||
    /fetch failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN/i.test(err.message));

function toHttpError(err: unknown): unknown {
  if (err instanceof ApiError) return parseGoogleError(err.status, err.message);
  if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) return err;
  if (err instanceof TypeError || (err instanceof Error && /fetch failed|ECONNREFUSED|ECONNRESET/i.test(err.message))) {
    return new GeminiHttpError(0, "network error");
  }
  return err;
}

/**
 * The real client: @google/genai against Google's endpoint, or against GEMINI_BASE_URL (the local stand-in).
 * No SDK retries: the generator fails over between keys itself.
 */
export function createGeminiClient(opts: { baseUrl?: string }): GeminiClient {
  const clients = new Map<string, GoogleGenAI>();
  const clientFor = (apiKey: string) => {
    let c = clients.get(apiKey);
    if (!c) {
      c = new GoogleGenAI({ apiKey, httpOptions: opts.baseUrl ? { baseUrl: opts.baseUrl } : undefined });
      if (clients.size > 100) clients.clear();
      clients.set(apiKey, c);
    }
    return c;
  };
  return {
    async stream(req) {
      const ai = clientFor(req.apiKey);
      let source: AsyncGenerator<import("@google/genai").GenerateContentResponse>;
      try {
        source = await ai.models.generateContentStream({
          model: req.model,
          contents: [
            {
              role: "user",
              parts: [
                { text: req.prompt },
                ...req.images.map((img) => ({
                  inlineData: { mimeType: img.mimeType, data: img.data.toString("base64") },
                })),
              ],
            },
          ],
          config: {
            abortSignal: req.signal,
            responseMimeType: "application/json",
            ...(req.responseSchema ? { responseSchema: req.responseSchema } : {}),
            temperature: 0.4,
            // The family's own setting (Gemini 3: thinkingLevel, 2.5: thinkingBudget; decision 094).
            ...(req.thinking ? { thinkingConfig: req.thinking } : {}),
          },
        });
      } catch (err) {
        throw toHttpError(err);
      }
      async function* chunks(): AsyncGenerator<StreamChunk> {
        try {
          for await (const res of source) {
            const candidate = res.candidates?.[0];
            const text = (candidate?.content?.parts ?? [])
              .filter((p) => typeof p.text === "string" && !p.thought)
              .map((p) => p.text)
              .join("");
            yield {
              text,
              finishReason: candidate?.finishReason ?? undefined,
              blockReason: res.promptFeedback?.blockReason ?? undefined,
            };
          }
        } catch (err) {
          throw toHttpError(err);
        }
      }
      return chunks();
    },

    async listModels(req) {
      const ai = clientFor(req.apiKey);
      const out: GeminiModelInfo[] = [];
      try {
        // The pager follows nextPageToken (pageToken on the next request) until the last page.
        const pager = await ai.models.list({ config: { pageSize: 100, abortSignal: req.signal } });
        for await (const m of pager) {
          // A `models` that is not a list of Model objects (the SDK walks a string character by character).
          if (typeof m !== "object" || m === null || typeof m.name !== "string") throw noModelList();
          out.push(fromRestModel(m));
        }
      } catch (err) {
        if (err instanceof GeminiHttpError || err instanceof ApiError || isTransportError(err)) throw toHttpError(err);
        // The SDK could not read the answer (not JSON, not the shape it expects): an answer, but no model list.
        throw noModelList();
      }
      // Google leaves an empty list out (`{}`): no model could be used, so the check must not pass (issue 44).
      if (out.length === 0) throw noModelList();
      return out;
    },
  };
}
