import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Piscina from "piscina";
import type { DesignComparison } from "./fidelity/compare.js";
import type { FidelityInput } from "./fidelity/score-fidelity.js";
import type { ProcessEmailInput, ProcessEmailResult } from "./types.js";

export interface EmailProcessor {
  run(input: ProcessEmailInput): Promise<ProcessEmailResult>;
  close(): Promise<void>;
}

/** The pool as created: post-processing, and the fidelity comparison (up to a second of CPU on a tall email). */
export interface EmailWorkerPool extends EmailProcessor {
  compare(input: FidelityInput): Promise<DesignComparison>;
}

/**
 * A small worker pool for processEmail; ownOrigins (the site's public URL and storage origins) is added to
 * every input. From source (tsx, vitest) the worker is the .ts file loaded through tsx;
 * in the built server it is dist/email-engine-worker.js, bundled beside main.js (build.mjs).
 */
export function createEmailProcessor(
  onError: (err: unknown) => void = () => {},
  ownOrigins: string[] = [],
): EmailWorkerPool {
  const self = fileURLToPath(import.meta.url);
  const here = path.dirname(self);
  // tsx may add a query to import.meta.url: look at the file name.
  const fromSource = self.endsWith(".ts");
  const pool = new Piscina({
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
    // The site's own origins go with every email (the https check leaves them alone).
    run: (input) => pool.run({ ownOrigins, ...input }) as Promise<ProcessEmailResult>,
    compare: (input) => pool.run(input, { name: "compare" }) as Promise<DesignComparison>,
    close: () => pool.destroy(),
  };
}
