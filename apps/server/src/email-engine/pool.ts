import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Piscina from "piscina";
import type { ProcessEmailInput, ProcessEmailResult } from "./types.js";

export interface EmailProcessor {
  run(input: ProcessEmailInput): Promise<ProcessEmailResult>;
  close(): Promise<void>;
}

/**
 * A small worker pool for processEmail. From source (tsx, vitest) the worker is the .ts file loaded through tsx;
 * in the built server it is dist/email-engine-worker.js, bundled beside main.js (build.mjs).
 */
export function createEmailProcessor(onError: (err: unknown) => void = () => {}): EmailProcessor {
  const self = fileURLToPath(import.meta.url);
  const here = path.dirname(self);
  // tsx may add a query to import.meta.url: look at the file name.
  const fromSource = self.endsWith(".ts");
  const pool = new Piscina<ProcessEmailInput, ProcessEmailResult>({
    filename: fromSource ? path.join(here, "worker.ts") : path.join(here, "email-engine-worker.js"),
    execArgv: fromSource ? ["--import", "tsx"] : [],
    // One core stays with the event loop.
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    minThreads: 0,
    idleTimeout: 60_000,
  });
  // A worker that fails to start must fail its task, not crash the server (an unhandled "error" event would).
  pool.on("error", onError);
  return {
    run: (input) => pool.run(input),
    close: () => pool.destroy(),
  };
}
