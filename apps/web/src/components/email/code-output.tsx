import { type ReactNode, useState } from "react";

export type CodeView = "html" | "text";

/**
 * An email's HTML and plain text in one dark code block with an HTML / Plain text switch, the caller's actions under
 * it (copy, download …, given the view shown) and an optional footer (notices). Used by the email check's output and
 * the generator's code panel.
 */
export function CodeOutput({
  label,
  title,
  switchLabel,
  html,
  text,
  codeTestId,
  wrap = false,
  actions,
  footer,
  className = "",
}: {
  /** The section's accessible name. */
  label: string;
  title: string | ((view: CodeView) => string);
  /** The accessible name of the HTML / Plain text switch. */
  switchLabel: string;
  html: string;
  text: string;
  codeTestId: string;
  /** Wrap long lines (minified HTML) instead of scrolling sideways. */
  wrap?: boolean;
  actions: (view: CodeView, content: string) => ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const [view, setView] = useState<CodeView>("html");
  const content = view === "html" ? html : text;
  return (
    <section aria-label={label} className={`rounded-xl border border-slate-200 bg-white ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{typeof title === "string" ? title : title(view)}</h2>
        <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={switchLabel}>
          {(["html", "text"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded-md px-3 py-1 text-xs font-semibold ${view === v ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
            >
              {v === "html" ? "HTML" : "Plain text"}
            </button>
          ))}
        </div>
      </div>
      {/* Focusable: keyboard users can scroll the code (axe scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className={`max-h-80 overflow-auto bg-slate-900 p-4 text-xs leading-relaxed text-slate-100 ${wrap ? "whitespace-pre-wrap break-all" : ""}`}
      >
        <code data-testid={codeTestId}>{content}</code>
      </pre>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 p-3">{actions(view, content)}</div>
      {footer}
    </section>
  );
}
