import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

function download(name: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The processed HTML and the plain text, each with Copy and Download. */
export function OutputPanel({ html, text }: { html: string; text: string }) {
  const [view, setView] = useState<"html" | "text">("html");
  const content = view === "html" ? html : text;
  const file = view === "html" ? EMAIL_CHECK_LIMITS.htmlFileName : EMAIL_CHECK_LIMITS.textFileName;
  const title = view === "html" ? EMAIL_CHECK_MESSAGES.processedTitle : EMAIL_CHECK_MESSAGES.textTitle;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content);
      toast.success(EMAIL_CHECK_MESSAGES.copied);
    } catch {
      toast.error(EMAIL_CHECK_MESSAGES.copyFailed);
    }
  };
  return (
    <section aria-label="Processed email" className="min-w-0 rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Output format">
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
      <pre className="max-h-80 overflow-auto bg-slate-900 p-4 text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100">
        <code data-testid="check-output">{content}</code>
      </pre>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 p-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {EMAIL_CHECK_MESSAGES.copy} {view === "html" ? "HTML" : "text"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            download(file, content, view === "html" ? "text/html" : "text/plain");
            toast.success(EMAIL_CHECK_MESSAGES.downloaded(file));
          }}
        >
          {EMAIL_CHECK_MESSAGES.download} {view === "html" ? "HTML" : "text"}
        </Button>
      </div>
    </section>
  );
}
