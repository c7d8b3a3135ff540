import { GENERATOR_LIMITS } from "@mailsmith/shared";
import { useCallback, useEffect, useRef, useState } from "react";

/** A success notice that clears itself after 3 s (spec §9: copy/download notices). */
export function useNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  const show = useCallback((text: string) => {
    if (timer.current) window.clearTimeout(timer.current);
    setNotice(text);
    timer.current = window.setTimeout(() => setNotice(null), GENERATOR_LIMITS.noticeMs);
  }, []);
  useEffect(() => () => void (timer.current && window.clearTimeout(timer.current)), []);
  return { notice, show };
}
