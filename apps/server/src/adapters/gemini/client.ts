import { ApiError, GoogleGenAI, type Schema } from "@google/genai";

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
}

/** What the generator reads from each streamed chunk: the first candidate's text parts. */
export interface StreamChunk {
  text: string;
  finishReason?: string;
  blockReason?: string;
}

/** An HTTP failure from the Gemini API (status 0: the service could not be reached). */
export class GeminiHttpError extends Error {
  constructor(
    readonly status: number,
    /** The API's own error message (never contains our key: callers redact it anyway). */
    readonly detail: string,
  ) {
    super(`Gemini HTTP ${status}: ${detail}`);
    this.name = "GeminiHttpError";
  }
}

export interface GeminiClient {
  /** Opens a streamed generation. Rejects with GeminiHttpError before the first chunk on HTTP failures. */
  stream(req: StreamRequest): Promise<AsyncGenerator<StreamChunk>>;
}

/** Pulls the readable message out of the SDK's error text (a JSON body, or "got status: …. {json}"). */
function errorDetail(message: string): string {
  const start = message.indexOf("{");
  if (start >= 0) {
    try {
      const body = JSON.parse(message.slice(start)) as { error?: { message?: string } };
      if (body.error?.message) return body.error.message;
    } catch {
      // not JSON
    }
  }
  return message;
}

function toHttpError(err: unknown): unknown {
  if (err instanceof ApiError) return new GeminiHttpError(err.status, errorDetail(err.message));
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
            // Flash 2.5 thinks by default; for a layout task speed matters more.
            ...(/2\.5-flash/.test(req.model) ? { thinkingConfig: { thinkingBudget: 0 } } : {}),
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
  };
}
