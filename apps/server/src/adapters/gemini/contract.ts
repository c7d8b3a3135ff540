import { BlockedReason, FinishReason, HarmCategory, MediaModality, ThinkingLevel } from "@google/genai";
import { z } from "zod";

/**
 * The Gemini API's contract, written from Google's own artefacts — not from our client or stand-in — so the contract
 * test (apps/server/test/gemini-contract.test.ts) can hold both to it. Objects are strict: a field
 * Google does not document is an error, so the stand-in cannot drift into shapes our client happens to accept.
 *
 * Sources (read 27 Nov 2026):
 * - REST reference, models: https://ai.google.dev/api/models (Model: name "models/{model}", baseModelId, version,
 *   displayName, description, inputTokenLimit, outputTokenLimit, supportedGenerationMethods[], thinking, temperature,
 *   maxTemperature, topP, topK; models.list: pageSize (default 50, at most 1000), pageToken; ListModelsResponse:
 *   models[], nextPageToken).
 * - REST reference, generation: https://ai.google.dev/api/generate-content (GenerateContentRequest: contents,
 *   generationConfig, systemInstruction, safetySettings, tools, toolConfig, cachedContent; GenerationConfig:
 *   responseMimeType, responseSchema / responseJsonSchema, temperature, thinkingConfig{includeThoughts,
 *   thinkingBudget, thinkingLevel}; GenerateContentResponse: candidates, promptFeedback, usageMetadata, modelVersion,
 *   responseId); streamGenerateContent?alt=sse answers server-sent events, one GenerateContentResponse per
 *   `data: …` event, events separated by a blank line ("\r\n\r\n" as Google sends it).
 * - Content and Part: https://ai.google.dev/api/caching#Content (parts[], role "user" | "model"; Part: text,
 *   inlineData{mimeType, data (base64)}, thought, thoughtSignature …).
 * - Thinking: https://ai.google.dev/gemini-api/docs/thinking (Gemini 3: thinkingLevel; 2.5: thinkingBudget; not both).
 * - Errors: https://ai.google.dev/gemini-api/docs/troubleshooting (400 INVALID_ARGUMENT, 403 PERMISSION_DENIED,
 *   404 NOT_FOUND, 429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE, 504 DEADLINE_EXCEEDED) and Google's error
 *   model https://cloud.google.com/apis/design/errors + https://github.com/googleapis/googleapis/blob/master/google/rpc/error_details.proto
 *   (google.rpc.Status {code, message, status, details[]}; ErrorInfo {reason, domain, metadata}; RetryInfo
 *   {retryDelay: google.protobuf.Duration, "17s"}; QuotaFailure {violations[]}; Help {links[]}; LocalizedMessage).
 *   Bodies as Google sends them, e.g. googleapis/python-genai#1875, langchain-google#945, continuedev/continue#8516.
 * - The SDK's types: node_modules/@google/genai/dist/genai.d.ts (2.32.0): Model, ListModelsResponse,
 *   GenerateContentResponse, Candidate, GenerateContentResponseUsageMetadata, FinishReason, BlockedReason,
 *   ThinkingLevel, MediaModality — the enums below are the SDK's own values.
 */

const int = z.number().int();
/** JSON of a google.protobuf.Duration: seconds with an "s". */
const duration = z.string().regex(/^\d+(\.\d{1,9})?s$/);
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

// ---------- models ----------

export const ModelSchema = z.strictObject({
  name: z.string().regex(/^models\/[\w.-]+$/),
  baseModelId: z.string().optional(),
  version: z.string(),
  displayName: z.string().max(128),
  description: z.string().optional(),
  inputTokenLimit: int,
  outputTokenLimit: int,
  supportedGenerationMethods: z.array(z.string().regex(/^[a-z][A-Za-z]+$/)),
  thinking: z.boolean().optional(),
  temperature: z.number().optional(),
  maxTemperature: z.number().optional(),
  topP: z.number().optional(),
  topK: int.optional(),
});

export const ListModelsResponseSchema = z.strictObject({
  models: z.array(ModelSchema),
  nextPageToken: z.string().min(1).optional(),
});

// ---------- content ----------

export const PartSchema = z
  .strictObject({
    text: z.string().optional(),
    inlineData: z.strictObject({ mimeType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/), data: base64 }).optional(),
    thought: z.boolean().optional(),
    thoughtSignature: base64.optional(),
  })
  .refine((p) => (p.text === undefined) !== (p.inlineData === undefined), "a Part carries one kind of data");

export const ContentSchema = z.strictObject({
  parts: z.array(PartSchema),
  role: z.enum(["user", "model"]).optional(),
});

// ---------- generateContent request ----------

export const ThinkingConfigSchema = z
  .strictObject({
    includeThoughts: z.boolean().optional(),
    thinkingBudget: int.min(-1).optional(),
    thinkingLevel: z.union([z.enum(ThinkingLevel), z.enum(["minimal", "low", "medium", "high"])]).optional(),
  })
  .refine((t) => t.thinkingBudget === undefined || t.thinkingLevel === undefined, "thinkingBudget or thinkingLevel");

export const GenerationConfigSchema = z
  .strictObject({
    stopSequences: z.array(z.string()).optional(),
    responseMimeType: z.enum(["text/plain", "application/json", "text/x.enum"]).optional(),
    responseSchema: z.record(z.string(), z.unknown()).optional(),
    responseJsonSchema: z.unknown().optional(),
    candidateCount: int.optional(),
    maxOutputTokens: int.optional(),
    temperature: z.number().min(0).max(2).optional(),
    topP: z.number().optional(),
    topK: int.optional(),
    seed: int.optional(),
    thinkingConfig: ThinkingConfigSchema.optional(),
  })
  .refine((g) => !(g.responseSchema && g.responseJsonSchema), "responseSchema or responseJsonSchema")
  .refine((g) => !(g.responseSchema || g.responseJsonSchema) || g.responseMimeType === "application/json", {
    message: "a response schema needs responseMimeType application/json",
  });

export const GenerateContentRequestSchema = z.strictObject({
  contents: z.array(ContentSchema).min(1),
  generationConfig: GenerationConfigSchema.optional(),
  systemInstruction: ContentSchema.optional(),
  safetySettings: z.array(z.strictObject({ category: z.enum(HarmCategory), threshold: z.string() })).optional(),
  tools: z.array(z.unknown()).optional(),
  toolConfig: z.unknown().optional(),
  cachedContent: z.string().optional(),
});

// ---------- generateContent response ----------

const ModalityTokenCountSchema = z.strictObject({ modality: z.enum(MediaModality), tokenCount: int.optional() });

export const UsageMetadataSchema = z.strictObject({
  promptTokenCount: int.optional(),
  cachedContentTokenCount: int.optional(),
  candidatesTokenCount: int.optional(),
  toolUsePromptTokenCount: int.optional(),
  thoughtsTokenCount: int.optional(),
  totalTokenCount: int.optional(),
  promptTokensDetails: z.array(ModalityTokenCountSchema).optional(),
  cacheTokensDetails: z.array(ModalityTokenCountSchema).optional(),
  candidatesTokensDetails: z.array(ModalityTokenCountSchema).optional(),
  toolUsePromptTokensDetails: z.array(ModalityTokenCountSchema).optional(),
});

const SafetyRatingSchema = z.strictObject({
  category: z.enum(HarmCategory),
  probability: z.string(),
  blocked: z.boolean().optional(),
});

export const CandidateSchema = z.strictObject({
  content: ContentSchema.optional(),
  finishReason: z.enum(FinishReason).optional(),
  finishMessage: z.string().optional(),
  safetyRatings: z.array(SafetyRatingSchema).optional(),
  citationMetadata: z.unknown().optional(),
  tokenCount: int.optional(),
  groundingMetadata: z.unknown().optional(),
  avgLogprobs: z.number().optional(),
  logprobsResult: z.unknown().optional(),
  urlContextMetadata: z.unknown().optional(),
  index: int.optional(),
});

export const GenerateContentResponseSchema = z.strictObject({
  candidates: z.array(CandidateSchema).optional(),
  promptFeedback: z
    .strictObject({
      blockReason: z.enum(BlockedReason).optional(),
      safetyRatings: z.array(SafetyRatingSchema).optional(),
    })
    .optional(),
  usageMetadata: UsageMetadataSchema.optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});

/** streamGenerateContent?alt=sse: "data: {json}\r\n\r\n" events, each a GenerateContentResponse. */
export function parseSse(body: string): unknown[] {
  if (!body.endsWith("\r\n\r\n")) throw new Error("an SSE stream ends with a blank line after its last event");
  return body
    .slice(0, -4)
    .split("\r\n\r\n")
    .map((event) => {
      if (!event.startsWith("data: ") || event.includes("\n")) throw new Error(`not one "data: " line: ${event}`);
      return JSON.parse(event.slice("data: ".length)) as unknown;
    });
}

// ---------- errors ----------

const ErrorInfoSchema = z.strictObject({
  "@type": z.literal("type.googleapis.com/google.rpc.ErrorInfo"),
  reason: z.string().regex(/^[A-Z][A-Z0-9_]+$/),
  domain: z.string(),
  metadata: z.record(z.string(), z.string()).optional(),
});
const RetryInfoSchema = z.strictObject({
  "@type": z.literal("type.googleapis.com/google.rpc.RetryInfo"),
  retryDelay: duration,
});
const QuotaFailureSchema = z.strictObject({
  "@type": z.literal("type.googleapis.com/google.rpc.QuotaFailure"),
  violations: z.array(
    z.strictObject({
      subject: z.string().optional(),
      description: z.string().optional(),
      quotaMetric: z.string().optional(),
      quotaId: z.string().optional(),
      quotaDimensions: z.record(z.string(), z.string()).optional(),
      quotaValue: z.string().regex(/^\d+$/).optional(),
      futureQuotaValue: z.string().optional(),
    }),
  ),
});
const HelpSchema = z.strictObject({
  "@type": z.literal("type.googleapis.com/google.rpc.Help"),
  links: z.array(z.strictObject({ description: z.string(), url: z.string().url() })),
});
const LocalizedMessageSchema = z.strictObject({
  "@type": z.literal("type.googleapis.com/google.rpc.LocalizedMessage"),
  locale: z.string(),
  message: z.string(),
});
const DebugInfoSchema = z.strictObject({
  "@type": z.literal("type.googleapis.com/google.rpc.DebugInfo"),
  detail: z.string().optional(),
  stackEntries: z.array(z.string()).optional(),
});

/** google.rpc.Code names with the HTTP status Google maps each to (google/rpc/code.proto). */
export const RPC_STATUS_HTTP: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  DATA_LOSS: 500,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

export const ErrorBodySchema = z
  .strictObject({
    error: z.strictObject({
      code: int,
      message: z.string().min(1),
      status: z.enum(Object.keys(RPC_STATUS_HTTP) as [string, ...string[]]),
      details: z
        .array(
          z.discriminatedUnion("@type", [
            ErrorInfoSchema,
            RetryInfoSchema,
            QuotaFailureSchema,
            HelpSchema,
            LocalizedMessageSchema,
            DebugInfoSchema,
          ]),
        )
        .optional(),
    }),
  })
  .refine((b) => RPC_STATUS_HTTP[b.error.status] === b.error.code, "code is the HTTP status of the rpc status");

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
