import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCompletionBody, createOpenAiCompatibleClient } from "../src/adapters/openai-compatible/client.js";
import {
  ChatCompletionChunkSchema,
  ListModelsResponseSchema,
  parseSse,
} from "../src/adapters/openai-compatible/contract.js";
import { ANSWER_SCHEMA } from "../src/features/generator/jobs/prompt.js";
import { type OpenAiStandIn, startOpenAiStandIn } from "../stand-ins/openai-compatible.js";
import {
  type ContractResult,
  retryAfterDeclared,
  validateChatChunk,
  validateChatRequest,
  validateChatResponse,
  validateErrorBody,
  validateModelsList,
} from "./openai-contract.js";

/**
 * Decision 119: the OpenAI-compatible client and its stand-in against OpenAI's own published OpenAPI document
 * (test/fixtures/vendor/openai, MIT), not against our reading of the docs: every request the client sends, every
 * chunk, answer, models list and error body the stand-in gives, on real HTTP traffic.
 */
let standIn: OpenAiStandIn;
/** The stand-ins listen on 127.0.0.1, each on a port chosen when it starts: the host is allowed. */
const STAND_IN_HOST = ["127.0.0.1"];
const client = createOpenAiCompatibleClient({ allowedAddresses: STAND_IN_HOST });
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

const valid = (r: ContractResult) => expect(r.errors, r.schema).toEqual([]);

async function drain(prompt: string, structured = true) {
  const stream = await client.stream(
    { baseUrl: standIn.url, apiKey: "sk-contract" },
    {
      temperature: 0.4,
      model: "gpt-4.1-mini",
      prompt,
      images: [{ mimeType: "image/png", data: Buffer.from(PNG_1PX, "base64") }],
      signal: AbortSignal.timeout(10_000),
      ...(structured ? { schema: ANSWER_SCHEMA } : {}),
    },
  );
  for await (const _ of stream);
  return { call: standIn.calls.at(-1)!, answer: standIn.answers.at(-1)! };
}

describe("the OpenAI-compatible client and stand-in against OpenAI's OpenAPI document (decision 119)", () => {
  it("every request the client sends is a CreateChatCompletionRequest (image part, json_schema, json_object)", async () => {
    for (const structured of [true, false]) {
      const { call } = await drain("Email type: Newsletter", structured);
      valid(validateChatRequest(call.body));
    }
  });

  it("every streamed chunk is a CreateChatCompletionStreamResponse, also a truncated answer and a refusal", async () => {
    for (const prompt of ["make it purple", "[stand-in:truncated]", "[stand-in:refusal]", "[stand-in:malformed]"]) {
      const { answer } = await drain(prompt);
      const { events, done } = parseSse(answer.body);
      expect(done).toBe(true);
      for (const e of events) {
        valid(validateChatChunk(e));
        // Our own reading of the docs (./contract.ts) must take what OpenAI's document allows.
        ChatCompletionChunkSchema.parse(e);
      }
    }
  });

  it("a non-streamed answer is a CreateChatCompletionResponse", async () => {
    const res = await fetch(`${standIn.url}/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-contract", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hello" }] }),
    });
    expect(res.status).toBe(200);
    valid(validateChatResponse(await res.json()));
  });

  it("GET /models is a ListModelsResponse, and our contract takes OpenAI's shutdown_date", async () => {
    await client.listModels({ baseUrl: standIn.url, apiKey: "sk-contract" }, AbortSignal.timeout(5000));
    const body = JSON.parse(standIn.answers.at(-1)!.body);
    valid(validateModelsList(body));
    ListModelsResponseSchema.parse(body);
    const retiring = { id: "gpt-4o", object: "model", created: 1, owned_by: "system", shutdown_date: "2026-10-23" };
    valid(validateModelsList({ object: "list", data: [retiring] }));
    ListModelsResponseSchema.parse({ object: "list", data: [retiring] });
  });

  it("every error body is an ErrorResponse; a 429's Retry-After is whole seconds, at least 1", async () => {
    for (const key of ["sk-fail-401", "sk-fail-429", "sk-fail-500", ""]) {
      await client
        .stream(
          { baseUrl: standIn.url, apiKey: key },
          {
            temperature: 0.4,
            model: "gpt-4.1-mini",
            prompt: "x",
            images: [],
            signal: AbortSignal.timeout(5000),
          },
        )
        .catch(() => undefined);
      const answer = standIn.answers.at(-1)!;
      expect(answer.status).toBeGreaterThanOrEqual(400);
      valid(validateErrorBody(JSON.parse(answer.body)));
      if (answer.status === 429) {
        expect(retryAfterDeclared()).toMatchObject({ type: "integer", minimum: 1 });
        expect(answer.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      }
    }
    await client
      .stream(
        { baseUrl: standIn.url, apiKey: "sk-contract" },
        {
          temperature: 0.4,
          model: "gpt-nonexistent",
          prompt: "x",
          images: [],
          signal: AbortSignal.timeout(5000),
        },
      )
      .catch(() => undefined);
    expect(standIn.answers.at(-1)!.status).toBe(404);
    valid(validateErrorBody(JSON.parse(standIn.answers.at(-1)!.body)));
  });

  it("a reasoning model's refusal of our temperature is an ErrorResponse naming the param", async () => {
    const reasoning = await startOpenAiStandIn({ models: ["o4-mini"] });
    try {
      const stream = await client.stream(
        { baseUrl: reasoning.url, apiKey: "sk-contract" },
        {
          temperature: 0.4,
          model: "o4-mini",
          prompt: "x",
          images: [],
          signal: AbortSignal.timeout(5000),
        },
      );
      for await (const _ of stream);
      const [refused, answered] = reasoning.answers;
      expect(refused!.status).toBe(400);
      valid(validateErrorBody(JSON.parse(refused!.body)));
      expect(answered!.status).toBe(200);
      valid(validateChatRequest(reasoning.calls[0]!.body));
    } finally {
      await reasoning.close();
    }
  });

  it("the check can fail: a wrong type, a missing field or a field OpenAI does not have is reported", () => {
    const body = chatCompletionBody({ model: "m", prompt: "p", images: [] });
    expect(validateChatRequest({ ...body, temperature: 3 }).ok).toBe(false);
    expect(validateChatRequest({ ...body, messages: [{ role: "user", content: [] }] }).ok).toBe(false);
    expect(validateChatRequest({ ...body, max_output_tokens: 10 }).errors).toEqual([
      "/max_output_tokens is not in the spec",
    ]);
    const chunk = { id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [] };
    valid(validateChatChunk(chunk));
    expect(validateChatChunk({ ...chunk, object: "chat.completion" }).ok).toBe(false);
    expect(
      validateChatChunk({ ...chunk, choices: [{ index: 0, delta: { text: "x" }, finish_reason: null }] }).errors,
    ).toEqual(["/choices/0/delta/text is not in the spec"]);
    expect(validateErrorBody({ error: { message: "x", type: "t" } }).ok).toBe(false);
    expect(validateModelsList({ object: "list", data: [{ id: "m", object: "model", created: 1 }] }).ok).toBe(false);
  });
});
