import type { TLocalReaderSettings } from "@mailsmith/shared";
import type { AnswerSchema, ModelFinish, ModelImage } from "../adapters/model/model-client.js";
import type { ModelError } from "../adapters/model/model-error.js";
import type { geminiKeys } from "../db/schema/index.js";

/**
 * The AI key pool as the generator sees it (decision 137): the ai-keys feature owns the keys, their health, the model
 * choice and the local reader's settings, and answers one model call with key and model failover; the composition root
 * hands its pool to the generator, which never imports the feature.
 */

/** A key as stored, its secret included: whoever shows a provider's text redacts the secrets from it. */
export type AiKey = typeof geminiKeys.$inferSelect;

export interface ModelCallRequest {
  /** The active keys the call may use (read when the job started reading). */
  keys: AiKey[];
  prompt: string;
  images: ModelImage[];
  /** The job's stop and the call's time budget together: a wait for a quota or a stream ends with it. */
  signal: AbortSignal;
  /** When the budget started (Date.now()) and how long it is: a quota's wait never leaves too little of it. */
  startedAt: number;
  budgetMs: number;
  temperature?: number;
  schema?: AnswerSchema;
  /** Each piece of the answer's text as it arrives. */
  onChunk?: (text: string) => void;
}

/** A model's whole answer: its text, why it ended, and which key and model wrote it. */
export interface ModelCallAnswer {
  text: string;
  finish: ModelFinish | undefined;
  /** A safety stop or a refusal, even when a later piece ended with "stop". */
  declined: boolean;
  keyId: string;
  model: string;
}

/** No key and model opened an answer; `lastError` is the last provider's refusal (none: nothing could be reached). */
export class NoModelAnswered extends Error {
  constructor(readonly lastError: ModelError | undefined) {
    super(lastError?.message ?? "no AI key could be reached");
  }
}

export interface AiKeyPool {
  /** The active keys (none: the local reader writes, or "No API keys available"). */
  active(): Promise<AiKey[]>;
  /** The model the next generation starts with, as members see it ("" when none is known). */
  modelInUse(): Promise<string>;
  /** The local reader's price and when it writes (Settings → AI keys). */
  localReader(): Promise<TLocalReaderSettings>;
  /**
   * One streamed model call: keys in failover order, models by the admin's choice, a refused key marked invalid, a
   * quota's wait, a retired model replaced. Rejects with NoModelAnswered, or with the stream's ModelError, or with
   * whatever ended the call once `signal` fired.
   */
  call(request: ModelCallRequest): Promise<ModelCallAnswer>;
}
