import { GENERATOR_FILES, GENERATOR_MESSAGES, GENERATOR_UI, type TTemplate } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useSendTest } from "../api/templates";
import { useNotice } from "../hooks/use-notice";

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

/** A file the server builds (MJML source, zip of HTML + images): a plain link, so the browser downloads it. */
export function exportHref(id: string, format: "html" | "text" | "mjml" | "zip") {
  return `/api/templates/${id}/export?format=${format}`;
}

/**
 * Generated Code block with Copy HTML, Download HTML (email_template.html), the plain-text version, the MJML source
 * when the template has one, a zip of the HTML with its images (for members who host images themselves) and a
 * test send.
 */
export function CodePanel({ template }: { template: TTemplate & { hasMjml?: boolean } }) {
  const { notice, show } = useNotice();
  const [failure, setFailure] = useState<string | null>(null);
  const [view, setView] = useState<"html" | "text">("html");
  const sendTest = useSendTest();

  const copy = async (type: "HTML" | "Text", content: string) => {
    setFailure(null);
    try {
      await navigator.clipboard.writeText(content);
      show(GENERATOR_MESSAGES.copied(type));
    } catch {
      setFailure(GENERATOR_MESSAGES.copyFailed);
    }
  };
  const save = (file: string, content: string, type: string) => {
    download(file, content, type);
    show(GENERATOR_MESSAGES.downloaded(file));
  };

  return (
    <section aria-label="Generated Code" className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">Generated Code</h2>
        <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Code format">
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
      <pre tabIndex={0} className="max-h-80 overflow-auto bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
        <code data-testid="generated-code">{view === "html" ? template.html : template.text}</code>
      </pre>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 p-3">
        <Button onClick={() => copy("HTML", template.html)}>Copy HTML</Button>
        <Button variant="secondary" onClick={() => save(GENERATOR_FILES.html, template.html, "text/html")}>
          Download HTML
        </Button>
        <Button variant="secondary" onClick={() => copy("Text", template.text)}>
          Copy Text
        </Button>
        <Button variant="secondary" onClick={() => save(GENERATOR_FILES.text, template.text, "text/plain")}>
          Download Text
        </Button>
        {template.hasMjml && (
          <a href={exportHref(template._id, "mjml")} download className={buttonClasses("secondary")}>
            {GENERATOR_UI.downloadMjml}
          </a>
        )}
        <a
          href={exportHref(template._id, "zip")}
          download
          title={GENERATOR_UI.downloadZipHint}
          className={buttonClasses("secondary")}
        >
          {GENERATOR_UI.downloadZip}
        </a>
        <Button
          variant="ghost"
          loading={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(template._id, {
              onSuccess: (r) => toast.success(r.message),
              onError: (err) => toast.error(errorMessage(err, GENERATOR_MESSAGES.testFailed)),
            })
          }
        >
          Send Test Email
        </Button>
      </div>
      {(notice || failure) && (
        <div className="px-3 pb-3">
          {notice && <Alert tone="success">{notice}</Alert>}
          {failure && <Alert>{failure}</Alert>}
        </div>
      )}
    </section>
  );
}
