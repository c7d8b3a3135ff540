import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Piscina from "piscina";
import type { PostProcessInput, PostProcessResult } from "./email-safety.js";

export interface PostProcessor {
  run(input: PostProcessInput): Promise<PostProcessResult>;
  close(): Promise<void>;
}

/**
 * A small worker pool for email post-processing. From source (tsx, vitest) the worker is the .ts file loaded
 * through tsx; in the built server it is dist/post-process-worker.js, bundled beside main.js (build.mjs).
 */
export function createPostProcessor(onError: (err: unknown) => void = () => {}): PostProcessor {
  const self = fileURLToPath(import.meta.url);
  const here = path.dirname(self);
  // tsx may add a query to import.meta.url: look at the file name.
  const fromSource = self.endsWith(".ts");
  const pool = new Piscina<PostProcessInput, PostProcessResult>({
    filename: path.join(here, fromSource ? "post-process-worker.ts" : "post-process-worker.js"),
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
