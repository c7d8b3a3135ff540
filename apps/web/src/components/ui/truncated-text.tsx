import { useEffect, useRef, useState } from "react";

/**
 * A table value that can be too long for its column (an e-mail address, a name, an IPv6 address): cut with an ellipsis
 * at the width `className` gives (a `max-w-…`), so one long value does not push the row's actions out of view. The whole
 * value stays reachable: on hover (title), for screen readers (the text is all there, only painted short) and from the
 * keyboard — while it is cut it takes a tab stop and unfolds (wraps) while focused.
 */
export function TruncatedText({ text, className = "" }: { text: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again (same box size, no resize).
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    // Unfolded while focused: measured again once it folds back (a tab stop must not vanish under the focus).
    const check = () => {
      if (document.activeElement !== el) setCut(el.scrollWidth > el.clientWidth + 1);
    };
    const observer = new ResizeObserver(check);
    observer.observe(el);
    check();
    return () => observer.disconnect();
  }, [text]);
  return (
    <span
      ref={ref}
      title={text}
      tabIndex={cut ? 0 : undefined}
      className={`block truncate rounded-sm focus:overflow-visible focus:break-all focus:whitespace-normal focus:outline-2 focus:outline-offset-2 focus:outline-brand-500 ${className}`}
    >
      {text}
    </span>
  );
}
