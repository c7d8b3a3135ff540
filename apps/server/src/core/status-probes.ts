import { SYSTEM_STATUS_TEXTS, type TSystemCheck } from "@mailsmith/shared";

/** What one probe found: `off` = not configured, `warn` = works but needs attention. */
export interface ProbeResult {
  /** When one probe reports several lines (one per Gemini key): the line's own name. */
  name?: string;
  state: TSystemCheck["state"];
  summary: string;
  fix?: string;
}

/**
 * A real check of one outside service (Admin → System status, `npm run doctor`). Features contribute their own (Gemini
 * keys, PayPal); the composition root lists them all, so no feature imports another.
 */
export interface StatusProbe {
  id: string;
  name: string;
  run(): Promise<ProbeResult | ProbeResult[]>;
}

/** Every probe is bounded: a service that does not answer is a failing line, never a page that hangs. */
export const PROBE_TIMEOUT_MS = 15_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(SYSTEM_STATUS_TEXTS.timedOut(ms))), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The first line of an error, without stack or secrets in URLs (user:pass@ is cut). */
export function errorLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split("\n")[0] ?? "").replace(/\/\/[^/@\s]+@/g, "//…@").slice(0, 300);
}

/** Runs every probe side by side; a probe that throws or overruns becomes a failing line with its error. */
export async function runProbes(probes: StatusProbe[], timeoutMs = PROBE_TIMEOUT_MS): Promise<TSystemCheck[]> {
  const lines = await Promise.all(
    probes.map(async (probe): Promise<TSystemCheck[]> => {
      const started = performance.now();
      let results: ProbeResult[];
      try {
        const found = await withTimeout(probe.run(), timeoutMs);
        results = Array.isArray(found) ? found : [found];
      } catch (err) {
        results = [{ state: "fail", summary: errorLine(err) }];
      }
      const durationMs = Math.round(performance.now() - started);
      return results.map((r, i) => ({
        id: results.length > 1 ? `${probe.id}-${i + 1}` : probe.id,
        name: probe.name,
        durationMs,
        ...r,
      }));
    }),
  );
  return lines.flat();
}
