import { PassThrough } from "node:stream";
import { CREDITS_PER_GENERATION, GENERATOR_MESSAGES, type TGenerateEvent } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { type GeminiClient, GeminiHttpError, type StreamChunk } from "../../adapters/gemini/client.js";
import type { AppContext } from "../../context.js";
import { generations, user } from "../../db/schema/index.js";
import type { EmailProcessor } from "../../email-engine/pool.js";
import { AppError, badRequest } from "../../lib/app-error.js";
import type { UserRow } from "../users/repo.js";
import { HtmlFieldDecoder, parseAnswer } from "./answer.js";
import type { UploadedImage } from "./images.js";
import { buildPrompt } from "./prompt.js";
import { type GenerationRow, generationsRepo, type KeyRow, keysRepo, toTemplateDto } from "./repo.js";

/** HTTP statuses after which the next key in the pool is tried (0: the service could not be reached). */
const FAILOVER = (status: number) =>
  status === 0 || status === 401 || status === 403 || status === 429 || status >= 500;

export interface GenerationDeps {
  ctx: AppContext;
  gemini: GeminiClient;
  /** Email post-processing off the event loop (worker threads). */
  postProcessor: EmailProcessor;
  /** Generations still running (awaited on shutdown). */
  running: Set<Promise<void>>;
}

export interface GenerationInput {
  user: UserRow;
  emailType: string;
  instructions: string;
  images: UploadedImage[];
  /** Refinement: the version being changed. */
  parent?: GenerationRow;
}

class GenerationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Keys must never reach a response, even inside an upstream error text. */
function redact(text: string, keys: KeyRow[]): string {
  let out = text;
  for (const k of keys) if (k.key.length >= 4) out = out.split(k.key).join("[redacted]");
  return out.replace(/AIza[0-9A-Za-z_-]{20,}/g, "[redacted]").slice(0, 300);
}

async function balanceOf(ctx: AppContext, userId: string): Promise<number> {
  const row = await ctx.db.query.user.findFirst({ where: eq(user.id, userId), columns: { currentBalance: true } });
  return row?.currentBalance ?? 0;
}

/**
 * Starts a generation: refuses without a call when there is no active key or no credit, otherwise takes
 * 1 credit (ledger source key generation:<id>) together with the pending row, and returns an NDJSON stream
 * of events. The work goes on if the browser leaves; any failure refunds the credit (refund:<id>).
 */
export async function startGeneration(deps: GenerationDeps, input: GenerationInput): Promise<PassThrough> {
  const { ctx } = deps;
  const keys = await keysRepo.active(ctx.db);
  if (keys.length === 0) throw new AppError("NO_API_KEYS", GENERATOR_MESSAGES.noApiKeys, 503);

  const { row, balance } = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(generations)
      .values({
        userId: input.user.id,
        parentId: input.parent?.id ?? null,
        version: input.parent ? input.parent.version + 1 : 1,
        emailType: input.emailType,
        instructions: input.instructions,
        thumbnails: input.parent ? input.parent.thumbnails : input.images.map((i) => i.thumbnail),
        credit: CREDITS_PER_GENERATION,
        model: ctx.env.GEMINI_MODEL,
      })
      .returning();
    const result = await ctx.credits.apply(
      {
        userId: input.user.id,
        delta: -CREDITS_PER_GENERATION,
        reason: "generation",
        sourceKey: `generation:${created!.id}`,
        meta: { generationId: created!.id },
      },
      tx,
      GENERATOR_MESSAGES.insufficientCredits,
    );
    return { row: created!, balance: result.balance };
  });

  const stream = new PassThrough();
  const emit = (event: TGenerateEvent) => {
    if (!stream.destroyed && stream.writable) stream.write(`${JSON.stringify(event)}\n`);
  };
  emit({ type: "start", generationId: row.id, balance });
  const job = run(deps, input, row, keys, emit)
    .catch((err) => ctx.log.error({ err, generationId: row.id }, "generation job crashed"))
    .finally(() => {
      deps.running.delete(job);
      if (!stream.destroyed) stream.end();
    });
  deps.running.add(job);
  return stream;
}

async function run(
  deps: GenerationDeps,
  input: GenerationInput,
  row: GenerationRow,
  keys: KeyRow[],
  emit: (e: TGenerateEvent) => void,
) {
  const { ctx, gemini } = deps;
  const started = Date.now();
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, ctx.env.GEMINI_TIMEOUT_MS);
  const prompt = buildPrompt({
    emailType: input.emailType,
    instructions: input.instructions,
    imageCount: input.images.length,
    previousHtml: input.parent?.html ?? undefined,
  });

  let usedKey: KeyRow | undefined;
  try {
    let text = "";
    let finishReason: string | undefined;
    let blockReason: string | undefined;
    let lastError: GeminiHttpError | undefined;
    let chunks: AsyncGenerator<StreamChunk> | undefined;
    for (const key of shuffle(keys)) {
      try {
        chunks = await gemini.stream({
          apiKey: key.key,
          model: ctx.env.GEMINI_MODEL,
          prompt,
          images: input.images,
          signal: abort.signal,
        });
        usedKey = key;
        await keysRepo.recordUse(ctx.db, key.id, 200, false);
        break;
      } catch (err) {
        if (timedOut) throw new GenerationFailure("TIMEOUT", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout));
        if (!(err instanceof GeminiHttpError)) throw err;
        await keysRepo.recordUse(ctx.db, key.id, err.status, true);
        lastError = err;
        if (!FAILOVER(err.status)) break;
        ctx.log.warn({ keyId: key.id, status: err.status }, "Gemini key failed; trying the next one");
      }
    }
    if (!chunks) {
      if (!lastError || lastError.status === 0) {
        throw new GenerationFailure("UNREACHABLE", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.unreachable));
      }
      throw new GenerationFailure(
        "API_ERROR",
        GENERATOR_MESSAGES.apiError(lastError.status, redact(lastError.detail, keys)),
      );
    }

    const decoder = new HtmlFieldDecoder();
    try {
      for await (const chunk of chunks) {
        text += chunk.text;
        finishReason = chunk.finishReason ?? finishReason;
        blockReason = chunk.blockReason ?? blockReason;
        const delta = decoder.push(chunk.text);
        if (delta) emit({ type: "html", delta });
      }
    } catch (err) {
      if (timedOut) throw new GenerationFailure("TIMEOUT", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout));
      if (err instanceof GeminiHttpError) {
        if (usedKey) await keysRepo.recordUse(ctx.db, usedKey.id, err.status, true);
        throw new GenerationFailure("API_ERROR", GENERATOR_MESSAGES.apiError(err.status, redact(err.detail, keys)));
      }
      throw err;
    }
    if (timedOut) throw new GenerationFailure("TIMEOUT", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout));
    if (blockReason || finishReason === "SAFETY" || finishReason === "PROHIBITED_CONTENT") {
      throw new GenerationFailure("BLOCKED", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.blocked));
    }
    if (text.trim() === "") throw new GenerationFailure("NO_TEXT", GENERATOR_MESSAGES.noText);
    const answer = parseAnswer(text);
    if (!answer) {
      const reason = finishReason === "MAX_TOKENS" ? GENERATOR_MESSAGES.truncated : GENERATOR_MESSAGES.malformed;
      throw new GenerationFailure(
        finishReason === "MAX_TOKENS" ? "TRUNCATED" : "MALFORMED",
        GENERATOR_MESSAGES.error(reason),
      );
    }

    const result = await deps.postProcessor.run({ ...answer, source: "generated" });
    const saved = await generationsRepo.update(ctx.db, row.id, {
      status: "succeeded",
      html: result.html,
      text: result.text,
      subject: result.subject,
      report: result.report,
      keyId: usedKey?.id ?? null,
      durationMs: Date.now() - started,
    });
    emit({
      type: "done",
      template: toTemplateDto(saved!),
      balance: await balanceOf(ctx, input.user.id),
      message: GENERATOR_MESSAGES.generated,
    });
  } catch (err) {
    const failure =
      err instanceof GenerationFailure
        ? err
        : timedOut
          ? new GenerationFailure("TIMEOUT", GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout))
          : new GenerationFailure(
              "FAILED",
              GENERATOR_MESSAGES.error("Something went wrong while generating the email."),
            );
    if (!(err instanceof GenerationFailure)) ctx.log.error({ err, generationId: row.id }, "generation failed");
    const refunded = await refund(ctx, row, failure, usedKey, Date.now() - started);
    emit({
      type: "error",
      code: failure.code,
      message: failure.message,
      refunded,
      balance: await balanceOf(ctx, input.user.id),
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Gives the credit back exactly once and marks the row failed. */
async function refund(
  ctx: AppContext,
  row: GenerationRow,
  failure: { code: string; message: string },
  key: KeyRow | undefined,
  durationMs: number,
): Promise<boolean> {
  try {
    await ctx.db.transaction(async (tx) => {
      await ctx.credits.apply(
        {
          userId: row.userId,
          delta: row.credit,
          reason: "refund",
          sourceKey: `refund:${row.id}`,
          meta: { generationId: row.id, code: failure.code },
        },
        tx,
      );
      await generationsRepo.update(tx, row.id, {
        status: "failed",
        refunded: true,
        errorCode: failure.code,
        errorMessage: failure.message,
        keyId: key?.id ?? null,
        durationMs,
      });
    });
    return true;
  } catch (err) {
    ctx.log.error({ err, generationId: row.id }, "refund failed");
    return false;
  }
}

/** Start-up sweep: generations left pending by a stopped server are refunded. */
export async function refundStalePending(ctx: AppContext): Promise<number> {
  const before = new Date(Date.now() - ctx.env.GEMINI_TIMEOUT_MS - 60_000);
  const rows = await generationsRepo.stalePending(ctx.db, before);
  for (const row of rows) {
    await refund(
      ctx,
      row,
      { code: "INTERRUPTED", message: GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout) },
      undefined,
      0,
    );
  }
  return rows.length;
}

export function assertRefinable(row: GenerationRow | undefined): GenerationRow {
  if (row?.status !== "succeeded" || !row.html) throw badRequest(GENERATOR_MESSAGES.templateNotFound, "NOT_FOUND");
  return row;
}
