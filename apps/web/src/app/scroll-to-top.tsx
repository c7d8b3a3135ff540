import { useEffect } from "react";
import { useLocation } from "react-router";

/** How long an anchor target may take to appear and settle (lazy routes, sections that render after first paint). */
const ANCHOR_SETTLE_MS = 3000;
/** Frames the target must keep its position before we stop following it. */
const STABLE_FRAMES = 12;

/**
 * Every route change starts at the top, unless it targets an in-page anchor (/#pricing-sec): then the target is
 * followed until the page above it has finished rendering, so late content cannot push it out of view.
 * The user scrolling or typing takes over at once.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly what should scroll
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const deadline = performance.now() + ANCHOR_SETTLE_MS;
    let frame = 0;
    let lastTop: number | null = null;
    let stable = 0;
    let scrolledToTop = false;
    const follow = () => {
      const target = document.getElementById(id);
      if (target) {
        const top = target.getBoundingClientRect().top + window.scrollY;
        if (top !== lastTop) {
          target.scrollIntoView({ behavior: "instant" as ScrollBehavior, block: "start" });
          lastTop = top;
          stable = 0;
        } else if (++stable >= STABLE_FRAMES) {
          return;
        }
      } else if (!scrolledToTop) {
        // Arriving from another page: start at the top while the target renders.
        window.scrollTo(0, 0);
        scrolledToTop = true;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(follow);
    };
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener("wheel", stop, { passive: true, once: true });
    window.addEventListener("touchstart", stop, { passive: true, once: true });
    window.addEventListener("keydown", stop, { once: true });
    follow();
    return () => {
      stop();
      window.removeEventListener("wheel", stop);
      window.removeEventListener("touchstart", stop);
      window.removeEventListener("keydown", stop);
    };
  }, [pathname, hash]);
  return null;
}
