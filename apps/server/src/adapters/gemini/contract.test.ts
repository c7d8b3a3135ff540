import type { GenerateContentResponseUsageMetadata, Model } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { type GeminiStandIn, STAND_IN_MODELS, startGeminiStandIn } from "../../../stand-ins/gemini.js";
import type { ModelChunk } from "../model/model-client.js";
import { ModelError } from "../model/model-error.js";
import { createGeminiClient } from "./client.js";
import {
  ErrorBodySchema,
  GenerateContentRequestSchema,
  GenerateContentResponseSchema,
  ListModelsResponseSchema,
  ModelSchema,
  parseSse,
  type UsageMetadataSchema,
} from "./contract.js";

/**
 * Every answer the Gemini stand-in gives, and every request our client (@google/genai) builds, is
 * valid against Google's documented contract (./contract.ts, written from ai.google.dev and the SDK's types).
 */
let standIn: GeminiStandIn;
const client = () => createGeminiClient({ baseUrl: standIn.url });
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

beforeAll(async () => {
  standIn = await startGeminiStandIn({
    models: [...STAND_IN_MODELS, { ...STAND_IN_MODELS[0]!, name: "models/gemini-2.5-flash", version: "001" }],
  });
});
afterAll(async () => {
  await standIn?.close();
});

// Compile-time: what the contract accepts is what the SDK's own types describe.
const _usage: (u: z.infer<typeof UsageMetadataSchema>) => GenerateContentResponseUsageMetadata = (u) => u;
const _model: (m: z.infer<typeof ModelSchema>) => Omit<Model, "supportedActions"> = (m) => m;
void _usage;
void _model;

async function drain(
  opts: {
    apiKey?: string;
    model?: string;
    prompt?: string;
    images?: number;
    structured?: boolean;
    system?: string;
  } = {},
) {
  const model = opts.model ?? "gemini-3-flash";
  const chunks = await client().stream(
    { apiKey: opts.apiKey ?? "contract-key" },
    {
      model,
      prompt: opts.prompt ?? "Email type: Newsletter Email Templates\nMember instructions: blue",
      images: Array.from({ length: opts.images ?? 0 }, () => ({
        mimeType: "image/png",
        data: Buffer.from(PNG_1PX, "base64"),
      })),
      signal: AbortSignal.timeout(10_000),
      temperature: 0.4,
      ...(opts.system ? { system: opts.system } : {}),
      ...(opts.structured === false ? {} : { schema: { type: "object", properties: {} } as const }),
    },
  );
  let text = "";
  let usage: ModelChunk["usage"];
  for await (const c of chunks) {
    text += c.text;
    usage = c.usage ?? usage;
  }
  lastUsage = usage;
  return text;
}
let lastUsage: ModelChunk["usage"];

/** The neutral error, with Google's fields under the names the assertions below use. */
async function failure(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    if (err instanceof ModelError) {
      return {
        kind: err.kind,
        status: err.status,
        googleStatus: err.details.providerStatus,
        reason: err.details.code,
        retryDelayMs: err.details.retryAfterMs,
        keyRefused: err.kind === "invalid_key",
        modelNotFound: err.kind === "model_not_found",
        detail: err.message,
      };
    }
    throw err;
  }
  throw new Error("expected a Gemini error");
}

describe("models.list and models.get", () => {
  it("answers pages of documented Models, nextPageToken until the last page", async () => {
    let token: string | undefined;
    const names: string[] = [];
    do {
      const res = await fetch(
        `${standIn.url}/v1beta/models?pageSize=3${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`,
        { headers: { "x-goog-api-key": "contract-key" } },
      );
      expect(res.status).toBe(200);
      const page = ListModelsResponseSchema.parse(await res.json());
      names.push(...page.models.map((m) => m.name));
      token = page.nextPageToken;
    } while (token);
    expect(names).toHaveLength(STAND_IN_MODELS.length + 1);
    const one = await fetch(`${standIn.url}/v1beta/models/gemini-3-flash?key=contract-key`);
    expect(ModelSchema.parse(await one.json())).toMatchObject({ name: "models/gemini-3-flash", thinking: true });
  });

  it("the SDK reads the list (supportedGenerationMethods → supportedActions) through every page", async () => {
    const models = await client().listModels({ apiKey: "contract-key" }, AbortSignal.timeout(10_000));
    expect(models.map((m) => m.id)).toContain("gemini-3-flash");
    expect(models.find((m) => m.id === "gemini-3-flash")).toMatchObject({
      methods: expect.arrayContaining(["generateContent"]),
      thinking: true,
      inputTokenLimit: 1_048_576,
    });
  });
});

describe("generateContent and streamGenerateContent", () => {
  it("answers every behaviour with documented responses, as SSE events or JSON", async () => {
    for (const marker of [
      "",
      "[stand-in:malformed]",
      "[stand-in:empty]",
      "[stand-in:truncated]",
      "[stand-in:unsafe]",
    ]) {
      await drain({ prompt: `Email type: Newsletter Email Templates\n${marker}`, images: marker ? 0 : 2 });
    }
    await drain({ prompt: "[stand-in:blocked]" });
    const res = await fetch(`${standIn.url}/v1beta/models/gemini-3-flash:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": "contract-key" },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Member instructions: red" }] }] }),
    });
    expect(GenerateContentResponseSchema.parse(await res.json()).candidates?.[0]?.finishReason).toBe("STOP");
  });

  it("every request our client builds is a documented GenerateContentRequest", async () => {
    const before = standIn.calls.length;
    await drain({ images: 2 });
    await drain({ model: "gemini-2.5-flash", structured: false });
    const [gemini3, gemini25] = standIn.calls.slice(before);
    const a = GenerateContentRequestSchema.parse(gemini3!.body);
    expect(a.contents[0]!.parts.filter((p) => p.inlineData)).toEqual([
      { inlineData: { mimeType: "image/png", data: PNG_1PX } },
      { inlineData: { mimeType: "image/png", data: PNG_1PX } },
    ]);
    expect(a.generationConfig).toMatchObject({
      responseMimeType: "application/json",
      responseSchema: { type: "OBJECT", properties: {}, propertyOrdering: [] },
      thinkingConfig: { thinkingLevel: "LOW" },
    });
    const b = GenerateContentRequestSchema.parse(gemini25!.body);
    expect(b.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 0 });
    // The neutral request's system text is Gemini's systemInstruction; the answer's token counts come back as usage.
    await drain({ system: "Answer with JSON only." });
    const withSystem = GenerateContentRequestSchema.parse(standIn.calls.at(-1)!.body);
    expect(withSystem.systemInstruction?.parts).toEqual([{ text: "Answer with JSON only." }]);
    expect(lastUsage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    expect(lastUsage!.inputTokens).toBeGreaterThan(0);
    for (const call of standIn.calls) GenerateContentRequestSchema.parse(call.body);
  });
});

describe("errors as Google sends them", () => {
  it("a bad key is 400 INVALID_ARGUMENT with ErrorInfo API_KEY_INVALID (not 401/403), on every method", async () => {
    const err = await failure(() => drain({ apiKey: "contract-invalid-key" }));
    expect(err).toMatchObject({ status: 400, googleStatus: "INVALID_ARGUMENT", reason: "API_KEY_INVALID" });
    expect(err.keyRefused).toBe(true);
    const listed = await failure(() =>
      client().listModels({ apiKey: "contract-invalid-key" }, AbortSignal.timeout(10_000)),
    );
    expect(listed).toMatchObject({ status: 400, reason: "API_KEY_INVALID" });
    const res = await fetch(`${standIn.url}/v1beta/models?key=contract-invalid-key`);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error).toMatchObject({
      code: 400,
      message: "API key not valid. Please pass a valid API key.",
      status: "INVALID_ARGUMENT",
    });
    expect(body.error.details?.[0]).toEqual({
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "API_KEY_INVALID",
      domain: "googleapis.com",
      metadata: { service: "generativelanguage.googleapis.com" },
    });
  });

  it("429 RESOURCE_EXHAUSTED carries QuotaFailure and RetryInfo; the client reads the delay", async () => {
    const err = await failure(() => drain({ apiKey: "contract-fail-429" }));
    expect(err).toMatchObject({ status: 429, googleStatus: "RESOURCE_EXHAUSTED", retryDelayMs: 17_000 });
    const body = ErrorBodySchema.parse(JSON.parse(standIn.answers.at(-1)!.body));
    expect(body.error.details?.map((d) => d["@type"].split(".").at(-1))).toEqual(["QuotaFailure", "Help", "RetryInfo"]);
    expect((await failure(() => drain({ apiKey: "contract-fail-429-retry-2.5s" }))).retryDelayMs).toBe(2500);
  });

  it("403 PERMISSION_DENIED, 404 NOT_FOUND for a retired model, 500 and 503", async () => {
    expect(await failure(() => drain({ apiKey: "contract-fail-403" }))).toMatchObject({
      status: 403,
      googleStatus: "PERMISSION_DENIED",
      keyRefused: true,
    });
    expect(await failure(() => drain({ apiKey: "" }))).toMatchObject({ status: 403, keyRefused: true });
    expect(await failure(() => drain({ apiKey: "contract-suspended" }))).toMatchObject({
      status: 403,
      reason: "CONSUMER_SUSPENDED",
      keyRefused: true,
    });
    const retired = await failure(() => drain({ model: "gemini-2.0-flash" }));
    expect(retired).toMatchObject({ status: 404, googleStatus: "NOT_FOUND", modelNotFound: true, keyRefused: false });
    expect(retired.detail).toBe(
      "models/gemini-2.0-flash is not found for API version v1beta, or is not supported for streamGenerateContent. Call ListModels to see the list of available models and their supported methods.",
    );
    expect(await failure(() => drain({ apiKey: "contract-fail-500" }))).toMatchObject({ status: 500 });
    expect(await failure(() => drain({ apiKey: "contract-fail-503" }))).toMatchObject({
      status: 503,
      googleStatus: "UNAVAILABLE",
    });
  });
});

describe("the contract can fail", () => {
  it("refuses shapes Google does not send or accept", () => {
    // The old stand-in's bad key: no ErrorInfo, and a code that is not the status's HTTP code.
    expect(ErrorBodySchema.safeParse({ error: { code: 401, message: "x", status: "PERMISSION_DENIED" } }).success).toBe(
      false,
    );
    expect(ModelSchema.safeParse({ ...STAND_IN_MODELS[0], name: "gemini-3-flash" }).success).toBe(false);
    expect(
      GenerateContentRequestSchema.safeParse({
        contents: [{ parts: [{ text: "x" }] }],
        generationConfig: { thinkingConfig: { thinkingBudget: 0, thinkingLevel: "LOW" } },
      }).success,
    ).toBe(false);
    expect(GenerateContentResponseSchema.safeParse({ candidates: [{ finishReason: "DONE", index: 0 }] }).success).toBe(
      false,
    );
    expect(() => parseSse('data: {"a":1}\n\n')).toThrow();
  });
});

describe("every answer the stand-in gave", () => {
  it("is valid against the contract", () => {
    expect(standIn.answers.length).toBeGreaterThan(20);
    for (const a of standIn.answers) {
      if (a.status !== 200) {
        expect(ErrorBodySchema.safeParse(JSON.parse(a.body)).error).toBeUndefined();
        continue;
      }
      if (a.contentType === "text/event-stream") {
        for (const event of parseSse(a.body))
          expect(GenerateContentResponseSchema.safeParse(event).error).toBeUndefined();
      } else if (/\/models$/.test(a.path)) {
        expect(ListModelsResponseSchema.safeParse(JSON.parse(a.body)).error).toBeUndefined();
      } else if (/\/models\/[^:]+$/.test(a.path)) {
        expect(ModelSchema.safeParse(JSON.parse(a.body)).error).toBeUndefined();
      } else {
        expect(GenerateContentResponseSchema.safeParse(JSON.parse(a.body)).error).toBeUndefined();
      }
    }
  });
});
