import type { GeminiModelInfo } from "../../db/schema/ai-keys.js";

/**
 * The one interface every AI model provider implements (decision 132): Gemini and OpenAI-compatible servers each
 * answer a neutral request with a neutral stream and neutral errors (./model-error.ts), so the generator's key
 * failover, health, metrics and answer parsing are one code path whatever a key's provider is. The provider is chosen
 * per key: a key row stores it, and `ModelClients` holds one client per provider.
 */

/** The providers a key row may name (gemini_keys.provider). */
export type ModelProvider = "gemini" | "openai";

/** Where a call goes and with which secret: a key's secret, and its server for providers whose address is per key. */
export interface ModelEndpoint {
  apiKey: string;
  /** An OpenAI-compatible server's base URL (e.g. https://api.openai.com/v1); Gemini's is the operator's. */
  baseUrl?: string | null;
}

/** One image sent with the prompt. */
export interface ModelImage {
  mimeType: string;
  data: Buffer;
}

/**
 * The shape of a structured (JSON) answer: a small JSON Schema subset every provider takes once translated (Gemini's
 * OpenAPI subset, OpenAI's strict json_schema). Object properties keep their order, which Gemini is told.
 */
export type AnswerSchema =
  | { type: "object"; properties: Readonly<Record<string, AnswerSchema>>; required?: readonly string[] }
  | { type: "array"; items: AnswerSchema }
  | { type: "string"; enum?: readonly string[] }
  | { type: "integer" | "number" | "boolean" };

/** What the providers' model lists say about a model (stored on the key; the Gemini fields are empty for others). */
export type ModelInfo = GeminiModelInfo;

export interface ModelRequest {
  model: string;
  /** Standing instructions, apart from the prompt (Gemini's system instruction, OpenAI's system message). */
  system?: string;
  prompt: string;
  images: ModelImage[];
  /** Aborts the call (the generation's time budget, or the member's Cancel). */
  signal: AbortSignal;
  /** The answer is JSON matching this schema; absent: JSON of any shape. */
  schema?: AnswerSchema;
  /** Sampling temperature; a model that takes only its default is asked again without it. */
  temperature?: number;
  /** What the key's model list said about this model: lets an adapter pick the model family's settings. */
  modelInfo?: ModelInfo;
}

/** Why the answer ended, in one vocabulary: "length" is cut off, "safety" and "refusal" are declined. */
export type ModelFinish = "stop" | "length" | "safety" | "refusal" | "other";

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

/** One piece of a streamed answer; `finish` and `usage` come with the piece that carries them (usually the last). */
export interface ModelChunk {
  text: string;
  finish?: ModelFinish;
  usage?: ModelUsage;
}

export interface ModelClient {
  readonly provider: ModelProvider;
  /** Opens a streamed answer. Rejects with a ModelError before the first chunk; the stream may throw one too. */
  stream(endpoint: ModelEndpoint, req: ModelRequest): Promise<AsyncGenerator<ModelChunk>>;
  /** The models the key may use (never empty). Rejects with a ModelError. */
  listModels(endpoint: ModelEndpoint, signal: AbortSignal): Promise<ModelInfo[]>;
}

/** One client per provider: a key's row names which one answers it. */
export type ModelClients = Readonly<Record<ModelProvider, ModelClient>>;
