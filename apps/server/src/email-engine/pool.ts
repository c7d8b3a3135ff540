import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EMAIL_ENGINE_MESSAGES } from "@mailsmith/shared";
import Piscina from "piscina";
import { AppError } from "../lib/app-error.js";
import type { DesignComparison } from "./fidelity/compare.js";
import type { FidelityInput } from "./fidelity/score-fidelity.js";
import { boundOf, boundsAppError } from "./sanitizer/bounds.js";
import type { ProcessEmailInput, ProcessEmailResult } from "./types.js";

/**
 * How long one email may hold a worker, counted from the moment a worker takes it. Bounded input
 * stays below (the corpus' slowest email takes about half a second; 5 000 styled paragraphs, 200 KB, about 5 s on
 * a machine at load 20); past it the worker thread is ended (piscina terminates it and starts another) and the
 * caller answers 503 with a message, never a 500.
 */
export const EMAIL_TASK_TIME_LIMIT_MS = 30_000;

/** What a failed task means to the caller: an email over a bound (400/413), the time limit (503), or a real fault. */
function taskError(err: unknown): unknown {
  const bound = boundOf(err);
  if (bound) return boundsAppError(bound);
  if (err instanceof Error && err.name === "AbortError")
    return new AppError("EMAIL_ENGINE_TIMEOUT", EMAIL_ENGINE_MESSAGES.tooSlow, 503);
  return err;
}

export interface EmailProcessor {
  run(input: ProcessEmailInput): Promise<ProcessEmailResult>;
  close(): Promise<void>;
}

/** The pool as created: post-processing, and the fidelity comparison (up to a second of CPU on a tall email). */
export interface EmailWorkerPool extends EmailProcessor {
  /** With `sectionPictures`, the differing sections' picture pairs come back as PNG bytes (Uint8Array → Buffer). */
  compare(input: FidelityInput & { sectionPictures?: boolean }): Promise<DesignComparison>;
}

/**
 * A small worker pool for processEmail; ownOrigins (the site's public URL and storage origins) is added to
 * every input. From source (tsx, vitest) the worker is the .ts file loaded through tsx;
 * in the built server it is dist/email-engine-worker.js, bundled beside main.js (build.mjs).
 */
export function createEmailProcessor(
  onError: (err: unknown) => void = () => {},
  ownOrigins: string[] = [],
  { timeLimitMs = EMAIL_TASK_TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
): EmailWorkerPool {
  const self = fileURLToPath(import.meta.url);
  const here = path.dirname(self);
  // tsx may add a query to import.meta.url: look at the file name.
  const fromSource = self.endsWith(".ts");
  // One core stays with the event loop.
  const threads = Math.max(1, Math.min(2, availableParallelism() - 1));
  const pool = new Piscina({
    filename: fromSource ? path.join(here, "worker.ts") : path.join(here, "email-engine-worker.js"),
    execArgv: fromSource ? ["--import", "tsx"] : [],
    maxThreads: threads,
    minThreads: 0,
    idleTimeout: 60_000,
  });
  // A worker that fails to start must fail its task, not crash the server (an unhandled "error" event would).
  pool.on("error", onError);
  // Tasks wait here, not in piscina's queue, so the time limit counts from the moment a worker takes the email:
  // a burst of large emails waits its turn instead of timing out in the queue.
  let busy = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (busy >= threads) return new Promise<void>((resolve) => waiting.push(resolve));
    busy += 1;
    return Promise.resolve();
  };
  // A freed slot goes straight to the next waiting task (busy stays the same).
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  };
  const task = async <T>(input: unknown, name?: string): Promise<T> => {
    await acquire();
    try {
      return (await pool.run(input, { name, signal: AbortSignal.timeout(timeLimitMs) })) as T;
    } catch (err) {
      throw taskError(err);
    } finally {
      release();
    }
  };
  return {
    // The site's own origins go with every email (the https check leaves them alone).
    run: (input) => task<ProcessEmailResult>({ ownOrigins, ...input }),
    compare: async (input) => {
      const r = await task<DesignComparison>(input, "compare");
      // Buffers come back from the worker as Uint8Arrays after the structured clone.
      return r.sectionPictures ? { ...r, sectionPictures: r.sectionPictures.map((p) => Buffer.from(p)) } : r;
    },
    close: () => pool.destroy(),
  };
}
