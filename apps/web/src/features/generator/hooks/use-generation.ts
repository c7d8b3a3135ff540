import { GENERATOR_LIMITS, GENERATOR_MESSAGES, type TTemplate, type TUser } from "@mailsmith/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { meQueryKey } from "@/features/auth/api/me";
import { errorMessage } from "@/lib/api-client";
import { streamGeneration } from "../api/generate";

export interface GenerationError {
  message: string;
  refunded: boolean;
}

/**
 * Runs one streamed generation: the preview fills as the model writes (redrawn at most every 300 ms, as
 * screenshot-to-code throttles), the credit shown drops at start and comes back on a refund.
 */
export function useGeneration() {
  const qc = useQueryClient();
  const [running, setRunning] = useState(false);
  const [preview, setPreview] = useState("");
  const [result, setResult] = useState<TTemplate | null>(null);
  const [error, setError] = useState<GenerationError | null>(null);
  const html = useRef("");
  const timer = useRef<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current) window.clearTimeout(timer.current);
    };
  }, []);

  const setBalance = useCallback(
    (balance: number) => qc.setQueryData<TUser | null>(meQueryKey, (u) => (u ? { ...u, currentBalance: balance } : u)),
    [qc],
  );

  const run = useCallback(
    async (path: string, body: FormData | Record<string, unknown>): Promise<TTemplate | null> => {
      setRunning(true);
      setError(null);
      setResult(null);
      setPreview("");
      html.current = "";
      let finished: TTemplate | null = null;
      try {
        await streamGeneration(path, body, (e) => {
          if (!mounted.current) return;
          if (e.type === "start") setBalance(e.balance);
          else if (e.type === "html") {
            html.current += e.delta;
            if (timer.current === null) {
              timer.current = window.setTimeout(() => {
                timer.current = null;
                if (mounted.current) setPreview(html.current);
              }, GENERATOR_LIMITS.previewThrottleMs);
            }
          } else if (e.type === "done") {
            finished = e.template;
            setResult(e.template);
            setBalance(e.balance);
          } else if (e.type === "error") {
            setError({ message: e.message, refunded: e.refunded });
            setBalance(e.balance);
          }
        });
      } catch (err) {
        if (mounted.current) setError({ message: errorMessage(err, GENERATOR_MESSAGES.deductFailed), refunded: false });
      } finally {
        if (timer.current) window.clearTimeout(timer.current);
        timer.current = null;
        if (mounted.current) {
          setPreview(html.current);
          setRunning(false);
        }
        qc.invalidateQueries({ queryKey: meQueryKey });
        qc.invalidateQueries({ queryKey: ["templates"] });
      }
      return finished;
    },
    [qc, setBalance],
  );

  const reset = useCallback(() => {
    setResult(null);
    setError(null);
    setPreview("");
    html.current = "";
  }, []);

  return { run, reset, running, preview, result, error };
}
