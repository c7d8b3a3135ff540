import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionStreamOptions,
} from "openai/resources/chat/completions";
import type { Model } from "openai/resources/models";
import { chatCompletionBody, strictJsonSchema } from "../src/adapters/openai-compatible/client.js";
import type {
  ChatCompletionChunkSchema,
  ListModelsResponseSchema,
} from "../src/adapters/openai-compatible/contract.js";
import { ANSWER_SCHEMA } from "../src/features/generator/jobs/prompt.js";

/**
 * Decision 119: a type test, checked by `tsc --noEmit -p apps/server` (no runtime): the chat completions body our
 * client builds is assignable to the `openai` package's ChatCompletionCreateParamsStreaming, with and without a
 * schema — a field OpenAI does not take, or a wrong literal, breaks the typecheck. And what OpenAI's own types say a
 * chunk or a model is must be readable by our contract's inferred types for the fields we read.
 */
type Body = ReturnType<typeof chatCompletionBody>;
export const structured: ChatCompletionCreateParamsStreaming = chatCompletionBody({
  model: "gpt-4.1-mini",
  prompt: "p",
  images: [{ mimeType: "image/png", data: Buffer.from("") }],
  system: "s",
  temperature: 0.4,
  responseSchema: { name: "answer", schema: strictJsonSchema(ANSWER_SCHEMA) },
});
export const plain: ChatCompletionCreateParamsStreaming = chatCompletionBody({ model: "m", prompt: "p", images: [] });
// Excess properties are not caught through a return type: name every key we send against OpenAI's.
type Unknown = Exclude<keyof Body, keyof ChatCompletionCreateParamsStreaming>;
export const noUnknownField: [Unknown] extends [never] ? true : Unknown = true;
export const noStreamOptions: ChatCompletionStreamOptions | undefined = undefined;

// What we read from a chunk (choices[].delta.content/refusal, finish_reason) has the types OpenAI's SDK declares.
type OurChunk = import("zod").infer<typeof ChatCompletionChunkSchema>;
type TheirChoice = ChatCompletionChunk["choices"][number];
export const finish: OurChunk["choices"][number]["finish_reason"] = null as TheirChoice["finish_reason"];
export const content: OurChunk["choices"][number]["delta"]["content"] = null as TheirChoice["delta"]["content"];
export const refusal: OurChunk["choices"][number]["delta"]["refusal"] = null as TheirChoice["delta"]["refusal"];
type OurModel = import("zod").infer<typeof ListModelsResponseSchema>["data"][number];
export const model: Pick<OurModel, "id" | "created" | "owned_by"> = {} as Model;
