import path from "node:path";
import { fileURLToPath } from "node:url";
import { DESIGN_READER_MESSAGES, type DesignReaderLanguage, type TDesignLayout } from "@mailsmith/shared";
import Piscina from "piscina";
import { AppError } from "../lib/app-error.js";
import { loadRefusalOf, refusalError } from "./refusal.js";
import type { DesignReaderTask } from "./worker.js";

/**
 * The design reader as the app uses it (decision 120): readDesign in a piscina worker of its own (one
 * thread: the OCR engine is single-threaded and takes one of the machine's cores while it reads), so a reading never
 * blocks the event loop. Readings wait in a bounded line; a full line answers 503 with a message at once rather than
 * letting waits grow, and a reading past its time limit ends the thread (503, never a 500).
 */

export interface DesignReader {
  read(image: Buffer, opts?: { signal?: AbortSignal; languages?: DesignReaderLanguage[] }): Promise<TDesignLayout>;
  close(): Promise<void>;
}

/** Readings that may wait for the thread (one more is being read). Measured ~2–5 s each on this machine. */
export const DESIGN_READER_QUEUE = 8;
/** The longest one reading may hold the thread (p95 ≈ 6 s on a loaded 2-core machine). */
export const DESIGN_READER_TIME_LIMIT_MS = 60_000;

export type DesignReadOutcome = "ok" | "refused" | "busy" | "timeout" | "cancelled" | "failed";

export function createDesignReader(
  opts: {
    /** Time and outcome of each reading (the app's `metrics.designRead`). */
    onRead?: (outcome: DesignReadOutcome, seconds: number) => void;
    /** A worker that failed to start. */
    onError?: (err: unknown) => void;
    maxQueue?: number;
    timeLimitMs?: number;
  } = {},
): DesignReader {
  const maxQueue = opts.maxQueue ?? DESIGN_READER_QUEUE;
  const timeLimitMs = opts.timeLimitMs ?? DESIGN_READER_TIME_LIMIT_MS;
  const self = fileURLToPath(import.meta.url);
  const here = path.dirname(self);
  const fromSource = self.endsWith(".ts");
  const pool = new Piscina({
    filename: fromSource ? path.join(here, "worker.ts") : path.join(here, "design-reader-worker.js"),
    execArgv: fromSource ? ["--import", "tsx"] : [],
    maxThreads: 1,
    minThreads: 0,
    // The OCR models take a second to load: the thread stays for readings that come within five minutes.
    idleTimeout: 5 * 60_000,
  });
  pool.on("error", (err: unknown) => opts.onError?.(err));

  let busy = false;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  async function read(
    image: Buffer,
    readOpts: { signal?: AbortSignal; languages?: DesignReaderLanguage[] } = {},
  ): Promise<TDesignLayout> {
    const started = performance.now();
    const done = (outcome: DesignReadOutcome) => opts.onRead?.(outcome, (performance.now() - started) / 1000);
    if (busy && waiting.length >= maxQueue) {
      done("busy");
      throw new AppError("DESIGN_READER_BUSY", DESIGN_READER_MESSAGES.busy, 503);
    }
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
    busy = true;
    const limit = AbortSignal.timeout(timeLimitMs);
    const signal = readOpts.signal ? AbortSignal.any([readOpts.signal, limit]) : limit;
    try {
      if (readOpts.signal?.aborted) throw readOpts.signal.reason ?? new Error("aborted");
      const task: DesignReaderTask = { image: new Uint8Array(image), languages: readOpts.languages };
      const layout = (await pool.run(task, { signal })) as TDesignLayout;
      done("ok");
      return layout;
    } catch (err) {
      const refusal = loadRefusalOf(err);
      if (refusal) {
        done("refused");
        throw refusalError(refusal);
      }
      if (readOpts.signal?.aborted) {
        done("cancelled");
        throw err;
      }
      if (limit.aborted) {
        done("timeout");
        throw new AppError("DESIGN_READER_TIMEOUT", DESIGN_READER_MESSAGES.tooSlow, 503);
      }
      done("failed");
      throw err;
    } finally {
      release();
    }
  }

  return { read, close: () => pool.destroy() };
}
