import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OPENAI_STAND_IN_MODELS,
  type OpenAiStandIn,
  startOpenAiStandIn,
} from "../../../stand-ins/openai-compatible.js";
import { ModelError } from "../model/model-error.js";
import { chatCompletionBody, createOpenAiCompatibleClient, retryAfterMs } from "./client.js";
import {
  ChatCompletionChunkSchema,
  ChatCompletionRequestSchema,
  ErrorBodySchema,
  ListModelsResponseSchema,
  parseSse,
} from "./contract.js";

/**
 * Decision 115: every request our OpenAI-compatible client sends, and every answer its stand-in gives, is valid against
 * OpenAI's documented contract (./contract.ts, written from OpenAI's API reference).
 */
let standIn: OpenAiStandIn;
/** The stand-ins listen on 127.0.0.1, each on a port chosen when it starts: the host is allowed. */
const STAND_IN_HOST = ["127.0.0.1"];
const client = createOpenAiCompatibleClient({ allowedAddresses: STAND_IN_HOST });
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/** The neutral answer schema a request carries, and the strict json_schema the client sends for it. */
const ANSWER = { type: "object", properties: { html: { type: "string" } }, required: ["html"] } as const;
const SCHEMA = {
  name: "answer",
  schema: { type: "object", properties: { html: { type: "string" } }, required: ["html"], additionalProperties: false },
};

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

async function drain(prompt: string, apiKey = "sk-good", model = OPENAI_STAND_IN_MODELS[0]!) {
  const stream = await client.stream(
    { baseUrl: standIn.url, apiKey },
    {
      model,
      prompt,
      images: [{ mimeType: "image/png", data: Buffer.from(PNG_1PX, "base64") }],
      signal: AbortSignal.timeout(10_000),
      temperature: 0.4,
      schema: ANSWER,
    },
  );
  let text = "";
  let finish: string | undefined;
  const finishes: string[] = [];
  for await (const c of stream) {
    text += c.text;
    finish = c.finish ?? finish;
    if (c.finish) finishes.push(c.finish);
  }
  return { text, finish, finishes };
}

function lastError() {
  const a = standIn.answers.at(-1)!;
  return { answer: a, body: ErrorBodySchema.parse(JSON.parse(a.body)) };
}

describe("OpenAI-compatible client and stand-in against OpenAI's contract", () => {
  it("streams a structured answer: the request (image part, json_schema) and every SSE chunk match the contract", async () => {
    const { text, finish } = await drain("Email type: Newsletter\nMember instructions: make it purple");
    expect(finish).toBe("stop");
    const email = JSON.parse(text) as { html: string };
    expect(email.html).toContain("#7e22ce");

    const call = standIn.calls.at(-1)!;
    const request = ChatCompletionRequestSchema.parse(call.body);
    expect(request.stream).toBe(true);
    expect(request.response_format).toEqual({ type: "json_schema", json_schema: { ...SCHEMA, strict: true } });
    expect(call.imageCount).toBe(1);
    expect(JSON.stringify(request.messages)).toContain(`"url":"data:image/png;base64,${PNG_1PX}"`);

    const answer = standIn.answers.at(-1)!;
    expect(answer.contentType).toBe("text/event-stream");
    const { events, done } = parseSse(answer.body);
    expect(done).toBe(true);
    expect(events.length).toBeGreaterThan(2);
    for (const e of events) ChatCompletionChunkSchema.parse(e);
  });

  it("a request without a schema asks for json_object, still valid", () => {
    const body = chatCompletionBody({ model: "m", prompt: "p", images: [] });
    expect(ChatCompletionRequestSchema.parse(body).response_format).toEqual({ type: "json_object" });
  });

  it("the neutral request's system text is a system message before the user's (decision 132)", () => {
    const body = chatCompletionBody({ model: "m", system: "Answer with JSON only.", prompt: "p", images: [] });
    expect(ChatCompletionRequestSchema.parse(body).messages[0]).toEqual({
      role: "system",
      content: "Answer with JSON only.",
    });
  });

  it("the contract refuses what OpenAI refuses (so the validation can fail)", () => {
    const body = chatCompletionBody({
      model: "m",
      prompt: "p",
      images: [],
      responseSchema: { name: "an email!", schema: {} },
    });
    expect(ChatCompletionRequestSchema.safeParse(body).success).toBe(false);
    expect(
      ChatCompletionChunkSchema.safeParse({ id: "x", object: "chat.completion", created: 1, model: "m", choices: [] })
        .success,
    ).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: { message: "x" } }).success).toBe(false);
  });

  it("a truncated answer ends with finish_reason length; a refusal arrives as delta.refusal", async () => {
    const truncated = await drain("[stand-in:truncated]");
    expect(truncated.finish).toBe("length");
    expect(() => JSON.parse(truncated.text)).toThrow();
    for (const e of parseSse(standIn.answers.at(-1)!.body).events) ChatCompletionChunkSchema.parse(e);

    const refused = await drain("[stand-in:refusal]");
    expect(refused.text).toBe("");
    expect(refused.finishes).toContain("refusal");
    expect(standIn.answers.at(-1)!.body).toMatch(/can't help/);
    for (const e of parseSse(standIn.answers.at(-1)!.body).events) ChatCompletionChunkSchema.parse(e);
  });

  it("GET /models lists the models, valid against ListModelsResponse", async () => {
    const list = await client.listModels({ baseUrl: `${standIn.url}/`, apiKey: "sk-good" }, AbortSignal.timeout(5000));
    expect(list.map((m) => m.id)).toEqual(OPENAI_STAND_IN_MODELS);
    ListModelsResponseSchema.parse(JSON.parse(standIn.answers.at(-1)!.body));
  });

  it("a refused key: 401 invalid_api_key, an invalid key, for generation and discovery", async () => {
    const err = await drain("hello", "sk-fail-401").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).status).toBe(401);
    expect((err as ModelError).details.code).toBe("invalid_api_key");
    expect((err as ModelError).kind).toBe("invalid_key");
    expect((err as ModelError).message).not.toContain("sk-fail-401");
    expect(lastError().body.error.code).toBe("invalid_api_key");

    standIn.revoke("sk-revoked");
    const listErr = await client
      .listModels({ baseUrl: standIn.url, apiKey: "sk-revoked" }, AbortSignal.timeout(5000))
      .catch((e: unknown) => e);
    expect((listErr as ModelError).kind).toBe("invalid_key");
    expect(lastError().answer.status).toBe(401);
  });

  it("rate limited: 429 rate_limit_exceeded with retry-after read into milliseconds", async () => {
    const err = (await drain("hello", "sk-fail-429").catch((e: unknown) => e)) as ModelError;
    expect(err.status).toBe(429);
    expect(err.details.code).toBe("rate_limit_exceeded");
    expect(err.details.retryAfterMs).toBe(20_000);
    expect(err.kind).toBe("quota");
    expect(lastError().answer.headers["retry-after"]).toBe("20");
  });

  it("an unknown model: 404 model_not_found", async () => {
    const err = (await drain("hello", "sk-good", "gpt-nonexistent").catch((e: unknown) => e)) as ModelError;
    expect(err.status).toBe(404);
    expect(err.kind).toBe("model_not_found");
    expect(lastError().body.error.code).toBe("model_not_found");
  });

  it("a reasoning model that takes only the default temperature: asked again without it, then never with it", async () => {
    const reasoning = await startOpenAiStandIn({ models: ["gpt-5-mini"] });
    try {
      const own = createOpenAiCompatibleClient({ allowedAddresses: STAND_IN_HOST });
      const ask = async () => {
        const stream = await own.stream(
          { baseUrl: reasoning.url, apiKey: "sk-good" },
          {
            model: "gpt-5-mini",
            prompt: "Email type: Newsletter",
            images: [],
            signal: AbortSignal.timeout(10_000),
            temperature: 0.4,
            schema: ANSWER,
          },
        );
        let text = "";
        for await (const c of stream) text += c.text;
        return text;
      };
      expect(JSON.parse(await ask())).toHaveProperty("html");
      expect(reasoning.answers.map((a) => a.status)).toEqual([400, 200]);
      const refused = ErrorBodySchema.parse(JSON.parse(reasoning.answers[0]!.body));
      expect(refused.error).toMatchObject({ param: "temperature", code: "unsupported_value" });
      // The stand-in records a request it answers: only the second one, without a temperature.
      expect(reasoning.calls).toHaveLength(1);
      expect(reasoning.calls[0]!.body).not.toHaveProperty("temperature");
      ChatCompletionRequestSchema.parse(reasoning.calls[0]!.body);
      // The next request leaves the temperature out at once.
      await ask();
      expect(reasoning.answers.map((a) => a.status)).toEqual([400, 200, 200]);
    } finally {
      await reasoning.close();
    }
  });

  it("a server that cannot be reached is unavailable, status 0", async () => {
    const err = (await client
      .listModels({ baseUrl: "http://127.0.0.1:1/v1", apiKey: "k" }, AbortSignal.timeout(5000))
      .catch((e: unknown) => e)) as ModelError;
    expect(err).toBeInstanceOf(ModelError);
    expect(err.kind).toBe("unavailable");
    expect(err.status).toBe(0);
  });

  it("retry-after as seconds, milliseconds or an HTTP date", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "1.5" }))).toBe(1500);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Headers())).toBeNull();
  });
});
