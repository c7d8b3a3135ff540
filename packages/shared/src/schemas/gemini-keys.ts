import { z } from "zod";
import { ZGeminiKeySchema } from "./generator.js";

/** Key health (decision 095): what Google said about the key last, and when. */
export const ZGeminiKeyHealthSchema = z.object({
  status: z.enum(["ok", "invalid", "rate_limited", "unchecked", "check_failed"]),
  /** Why the key is invalid, or why the last check failed. */
  reason: z.string().nullable(),
  invalidAt: z.string().nullable(),
  rateLimitedUntil: z.string().nullable(),
  checkedAt: z.string().nullable(),
  failStreak: z.number().int(),
});
export type TGeminiKeyHealth = z.infer<typeof ZGeminiKeyHealthSchema>;

/** A key as Settings → Gemini Keys shows it: masked, with usage, health and the models it can use. */
export const ZGeminiKeyDetailSchema = ZGeminiKeySchema.extend({
  health: ZGeminiKeyHealthSchema,
  /** Ids of the models Google lists for this key (null: never listed). */
  models: z.array(z.string()).nullable(),
});
export type TGeminiKeyDetail = z.infer<typeof ZGeminiKeyDetailSchema>;

export const ZGeminiKeyDetailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZGeminiKeyDetailSchema,
});
export const ZGeminiKeyDetailListResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(ZGeminiKeyDetailSchema),
});

/** POST /api/gemini-keys/:id/test: the key after the check, and whether it works. */
export const ZGeminiKeyTestResponseSchema = ZGeminiKeyDetailResponseSchema.extend({ ok: z.boolean() });

export const ZGeminiModelSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  version: z.string(),
  inputTokenLimit: z.number().int(),
  thinking: z.boolean(),
  /** The generator can use it (reads images, writes text, answers generateContent). */
  usable: z.boolean(),
  /** Active keys that list it. */
  keys: z.number().int(),
});
export type TGeminiModel = z.infer<typeof ZGeminiModelSchema>;

export const ZGeminiModelNoticeSchema = z.object({ model: z.string(), message: z.string(), at: z.string() });
export type TGeminiModelNotice = z.infer<typeof ZGeminiModelNoticeSchema>;

/** The model choice: GEMINI_MODEL, else the admin's choice, else automatic. */
export const ZGeminiModelsSchema = z.object({
  /** The model the next generation starts with (null: nothing listed yet). */
  inUse: z.string().nullable(),
  source: z.enum(["env", "admin", "automatic"]),
  /** The admin's choice (null: automatic). */
  chosen: z.string().nullable(),
  /** What automatic picks from the lists. */
  automatic: z.string().nullable(),
  env: z.string().nullable(),
  /** The models the Gemini keys list (OpenAI-compatible keys' models are not ranked with them: `openAi`). */
  models: z.array(ZGeminiModelSchema),
  notices: z.array(ZGeminiModelNoticeSchema),
  /**
   * Each active OpenAI-compatible key answers with its own model — the admin's (`chosen`) when its
   * server lists it, else the first chat model the server lists (`model`; null: nothing listed yet).
   */
  openAi: z
    .array(
      z.object({
        keyId: z.string(),
        name: z.string(),
        chosen: z.string().nullable(),
        model: z.string().nullable(),
        /** Whether the server lists `chosen` (null: no list yet, or no model chosen). */
        listed: z.boolean().nullable(),
      }),
    )
    .optional(),
});
export type TGeminiModels = z.infer<typeof ZGeminiModelsSchema>;

export const ZGeminiModelsResponseSchema = z.object({ success: z.literal(true), data: ZGeminiModelsSchema });
export const ZGeminiModelsSavedResponseSchema = ZGeminiModelsResponseSchema.extend({ message: z.string() });

/** PUT /api/gemini-models/choice: a listed model id, or null for automatic. */
export const ZChooseGeminiModelSchema = z.object({
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.-]+$/)
    .nullable(),
});
export type TChooseGeminiModel = z.infer<typeof ZChooseGeminiModelSchema>;
