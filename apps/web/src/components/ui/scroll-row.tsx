import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

/**
 * A row that scrolls sideways and shows it (decision 127): a fade and an arrow on each side that has more, so tabs
 * past the edge of a phone or laptop are seen to be there; the current item (aria-current) is scrolled into view.
 */
export function ScrollRow({ children, className = "" }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setMore({ left: el.scrollLeft > 2, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 2 });
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.querySelector<HTMLElement>("[aria-current]")?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    measure();
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [measure]);
  const fade = "pointer-events-none absolute inset-y-0 flex w-10 items-center text-slate-500";
  return (
    <div className="relative">
      <ul ref={ref} onScroll={measure} className={`flex overflow-x-auto ${className}`}>
        {children}
      </ul>
      {more.left && (
        <span
          aria-hidden="true"
          data-testid="scroll-more-left"
          className={`${fade} left-0 justify-start rounded-l-xl bg-gradient-to-r from-white pl-1`}
        >
          ‹
        </span>
      )}
      {more.right && (
        <span
          aria-hidden="true"
          data-testid="scroll-more-right"
          className={`${fade} right-0 justify-end rounded-r-xl bg-gradient-to-l from-white pr-1`}
        >
          ›
        </span>
      )}
    </div>
  );
}
