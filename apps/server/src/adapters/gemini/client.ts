import { ApiError, type Content, type GenerateContentResponse, GoogleGenAI, type Schema, Type } from "@google/genai";
import { GEMINI_HEALTH_MESSAGES } from "@mailsmith/shared";
import type { AnswerSchema, ModelChunk, ModelClient, ModelFinish, ModelInfo } from "../model/model-client.js";
import { isAbort, kindOfStatus, ModelError, type ModelErrorKind } from "../model/model-error.js";
import { readableMessage } from "../model/provider-message.js";
import { fromRestModel, thinkingFor } from "./models.js";

/**
 * The Gemini adapter of the model interface (decision 132): @google/genai against Google's endpoint, or against
 * GEMINI_BASE_URL (the operator's: the local stand-in, a proxy). No SDK retries: the generator fails over between
 * keys itself. Google's errors are read from their body (decision 095): google.rpc.Status with ErrorInfo/RetryInfo.
 */

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

/** What Google's status and ErrorInfo say about the failure (a key refused answers 400 API_KEY_INVALID, not 401). */
function googleKind(status: number, rpcStatus: string, reason: string): ModelErrorKind {
  if (reason === "API_KEY_INVALID" || rpcStatus === "PERMISSION_DENIED" || rpcStatus === "UNAUTHENTICATED") {
    return "invalid_key";
  }
  return kindOfStatus(status);
}

/**
 * A Google error body (the JSON in the SDK's message) into a ModelError. The message is Google's error.message only.
 * For a body that is not JSON (a proxy's HTML page) the SDK makes one up with the page as `message`
 * and the HTTP status text as `status` ("Bad Gateway", where Google writes UNAVAILABLE): that page is never shown,
 * the message says in words that there was none.
 */
export function parseGoogleError(status: number, text: string): ModelError {
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
  if (!e) return new ModelError(kindOfStatus(status), noMessage, { status });
  const rpcStatus = typeof e.status === "string" && /^[A-Z_]+$/.test(e.status) ? e.status : "";
  const fromGoogle = rpcStatus !== "" || e.status === undefined;
  const details = Array.isArray(e.details) ? e.details : [];
  const reason = details.find((d) => d["@type"]?.endsWith("google.rpc.ErrorInfo"))?.reason ?? "";
  const retry = details.find((d) => d["@type"]?.endsWith("google.rpc.RetryInfo"));
  return new ModelError(
    googleKind(status, rpcStatus, reason),
    (fromGoogle && typeof e.message === "string" && readableMessage(e.message)) || noMessage,
    { status, providerStatus: rpcStatus, code: reason, retryAfterMs: durationMs(retry?.retryDelay) },
  );
}

/** The service answered, but not with a list of models. */
const noModelList = () => new ModelError("bad_answer", GEMINI_HEALTH_MESSAGES.noModelList, { status: 200 });

/** fetch failing to reach the service (not the SDK failing to read an answer). */
const isTransportError = (err: unknown) =>
  err instanceof Error && /fetch failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN/i.test(err.message);

function toModelError(err: unknown): unknown {
  if (err instanceof ModelError || isAbort(err)) return err;
  if (err instanceof ApiError) return parseGoogleError(err.status, err.message);
  if (err instanceof TypeError || isTransportError(err)) {
    return new ModelError("unavailable", GEMINI_HEALTH_MESSAGES.unreachable);
  }
  return err;
}

/** The neutral answer schema in Gemini's OpenAPI subset: upper-case types, properties in their order. */
export function toGeminiSchema(schema: AnswerSchema): Schema {
  switch (schema.type) {
    case "object":
      return {
        type: Type.OBJECT,
        properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, toGeminiSchema(v)])),
        ...(schema.required ? { required: [...schema.required] } : {}),
        propertyOrdering: Object.keys(schema.properties),
      };
    case "array":
      return { type: Type.ARRAY, items: toGeminiSchema(schema.items) };
    case "string":
      return { type: Type.STRING, ...(schema.enum ? { enum: [...schema.enum] } : {}) };
    default:
      return { type: schema.type === "integer" ? Type.INTEGER : schema.type === "number" ? Type.NUMBER : Type.BOOLEAN };
  }
}

/** Gemini's finishReason (and a blocked prompt) in the neutral vocabulary. */
function finishOf(res: GenerateContentResponse): ModelFinish | undefined {
  if (res.promptFeedback?.blockReason) return "safety";
  const reason = res.candidates?.[0]?.finishReason;
  if (!reason || reason === "FINISH_REASON_UNSPECIFIED") return undefined;
  if (reason === "STOP") return "stop";
  if (reason === "MAX_TOKENS") return "length";
  if (reason === "SAFETY" || reason === "PROHIBITED_CONTENT") return "safety";
  return "other";
}

export function createGeminiClient(opts: { baseUrl?: string }): ModelClient {
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
    provider: "gemini",

    async stream(endpoint, req) {
      const ai = clientFor(endpoint.apiKey);
      // The model family's own thinking setting (Gemini 3: thinkingLevel, 2.5: thinkingBudget).
      const thinking = thinkingFor(req.model, req.modelInfo);
      const contents: Content[] = [
        {
          role: "user",
          parts: [
            { text: req.prompt },
            ...req.images.map((img) => ({ inlineData: { mimeType: img.mimeType, data: img.data.toString("base64") } })),
          ],
        },
      ];
      let source: AsyncGenerator<GenerateContentResponse>;
      try {
        source = await ai.models.generateContentStream({
          model: req.model,
          contents,
          config: {
            abortSignal: req.signal,
            responseMimeType: "application/json",
            ...(req.system ? { systemInstruction: req.system } : {}),
            ...(req.schema ? { responseSchema: toGeminiSchema(req.schema) } : {}),
            ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
            ...(thinking ? { thinkingConfig: thinking } : {}),
          },
        });
      } catch (err) {
        throw toModelError(err);
      }
      async function* chunks(): AsyncGenerator<ModelChunk> {
        try {
          for await (const res of source) {
            const text = (res.candidates?.[0]?.content?.parts ?? [])
              .filter((p) => typeof p.text === "string" && !p.thought)
              .map((p) => p.text)
              .join("");
            const usage = res.usageMetadata;
            yield {
              text,
              finish: finishOf(res),
              ...(usage?.promptTokenCount !== undefined
                ? { usage: { inputTokens: usage.promptTokenCount, outputTokens: usage.candidatesTokenCount ?? 0 } }
                : {}),
            };
          }
        } catch (err) {
          throw toModelError(err);
        }
      }
      return chunks();
    },

    async listModels(endpoint, signal) {
      const ai = clientFor(endpoint.apiKey);
      const out: ModelInfo[] = [];
      try {
        // The pager follows nextPageToken (pageToken on the next request) until the last page.
        const pager = await ai.models.list({ config: { pageSize: 100, abortSignal: signal } });
        for await (const m of pager) {
          // A `models` that is not a list of Model objects (the SDK walks a string character by character).
          if (typeof m !== "object" || m === null || typeof m.name !== "string") throw noModelList();
          out.push(fromRestModel(m));
        }
      } catch (err) {
        if (err instanceof ModelError || err instanceof ApiError || isAbort(err) || isTransportError(err)) {
          throw toModelError(err);
        }
        // The SDK could not read the answer (not JSON, not the shape it expects): an answer, but no model list.
        throw noModelList();
      }
      // Google leaves an empty list out (`{}`): no model could be used, so the check must not pass.
      if (out.length === 0) throw noModelList();
      return out;
    },
  };
}
