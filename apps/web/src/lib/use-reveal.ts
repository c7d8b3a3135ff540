import { useEffect, useRef } from "react";
import { scrollBehavior } from "./motion";

/**
 * Brings an element into view when it appears, if it is not on screen already (decision 127): a failure or a
 * generation's progress that a phone lays out below the form would otherwise happen out of sight. Nothing moves for an
 * element the person can already see.
 */
export function useReveal<T extends HTMLElement>(active = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el?.scrollIntoView) return;
    const box = el.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    el.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "center", behavior: scrollBehavior() });
  }, [active]);
  return ref;
}
