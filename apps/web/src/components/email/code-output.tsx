import { UI_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useState } from "react";
import { EmailPanel } from "./email-panel";

export type CodeView = "html" | "text";
const CODE_VIEWS = [
  { value: "html", label: UI_TEXTS.html },
  { value: "text", label: UI_TEXTS.plainText },
] as const;

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
    <EmailPanel
      label={label}
      className={className}
      title={typeof title === "string" ? title : title(view)}
      views={CODE_VIEWS}
      view={view}
      onViewChange={setView}
      switchLabel={switchLabel}
    >
      {/* Focusable: keyboard users can scroll the code (axe scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className={`max-h-80 overflow-auto bg-slate-900 p-4 text-xs leading-relaxed text-slate-100 ${wrap ? "whitespace-pre-wrap break-all" : ""}`}
      >
        <code data-testid={codeTestId}>{content}</code>
      </pre>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 p-3">{actions(view, content)}</div>
      {footer}
    </EmailPanel>
  );
}
