import {
  EXPORT_PLATFORM_LABELS,
  EXPORT_PLATFORMS,
  type ExportPlatform,
  fillTokens,
  findTokens,
  PERSONALISATION_MESSAGES as M,
  PERSONALISATION_TOKENS,
  type TTemplate,
  tokenText,
} from "@mailsmith/shared";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmailPreview } from "./email-preview";

/** The template for one sending platform (decision 114): a plain link, so the browser downloads it. */
export const platformExportHref = (id: string, platform: ExportPlatform) => `/api/templates/${id}/export/${platform}`;

async function fetchExport(id: string, platform: ExportPlatform) {
  const res = await fetch(platformExportHref(id, platform), { credentials: "same-origin" });
  if (!res.ok) throw new Error(String(res.status));
  const notes = JSON.parse(decodeURIComponent(res.headers.get("x-export-notes") ?? "%5B%5D")) as string[];
  return { html: await res.text(), notes };
}

/**
 * Export to a sending platform (copy or download per platform, with what the export added or needs), "Insert field"
 * (a personalisation field with its fallback into the change request — the model writes it where asked — or copied,
 * to paste into the HTML) and a preview with sample data when the template has fields.
 */
export function PlatformExport({ template, onInsert }: { template: TTemplate; onInsert?: (token: string) => void }) {
  const [field, setField] = useState<string>(PERSONALISATION_TOKENS[0].name);
  const [fallback, setFallback] = useState("");
  const [notice, setNotice] = useState<{ text: string; notes: string[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sample, setSample] = useState(false);
  const hasTokens = findTokens(template.html).length > 0;

  const copy = async (text: string, done: string, notes: string[] = []) => {
    setFailure(null);
    try {
      await navigator.clipboard.writeText(text);
      setNotice({ text: done, notes });
    } catch {
      setFailure(M.copyFailed);
    }
  };
  const copyExport = async (platform: ExportPlatform) => {
    try {
      const out = await fetchExport(template._id, platform);
      await copy(out.html, M.copied(platform), out.notes);
    } catch {
      setFailure(M.exportFailed);
    }
  };
  const token = tokenText(field, fallback.replace(/[{}|:'"<>*\r\n]/g, "").trim());

  return (
    <section aria-labelledby="platform-export-title" className="space-y-3 rounded-lg border p-4">
      <h2 id="platform-export-title" className="font-semibold">
        {M.exportHeading}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {EXPORT_PLATFORMS.map((p) => (
          <li key={p} className="flex flex-wrap items-center gap-2" data-testid={`export-${p}`}>
            <span className="w-24 text-sm font-medium">{EXPORT_PLATFORM_LABELS[p]}</span>
            <Button variant="secondary" aria-label={M.copy(p)} onClick={() => void copyExport(p)}>
              {M.copyShort}
            </Button>
            <a
              href={platformExportHref(template._id, p)}
              download
              aria-label={M.download(p)}
              className={buttonClasses("ghost")}
            >
              {M.downloadShort}
            </a>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          {M.fieldLabel}
          <select className="ml-2 rounded border px-2 py-1" value={field} onChange={(e) => setField(e.target.value)}>
            {PERSONALISATION_TOKENS.map((t) => (
              <option key={t.name} value={t.name}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {M.fallbackLabel}
          <input
            className="ml-2 w-28 rounded border px-2 py-1"
            value={fallback}
            maxLength={60}
            onChange={(e) => setFallback(e.target.value)}
          />
        </label>
        {onInsert && (
          <Button variant="secondary" title={M.insertFieldHint} onClick={() => onInsert(token)}>
            {M.insertField} <code>{token}</code>
          </Button>
        )}
        <Button variant="ghost" title={M.insertFieldHint} onClick={() => void copy(token, M.copiedField(token))}>
          {M.copyField}
        </Button>
      </div>
      {hasTokens && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={sample} onChange={(e) => setSample(e.target.checked)} />
          {M.sampleData}
        </label>
      )}
      {sample && hasTokens && <EmailPreview html={fillTokens(template.html)} title={M.sampleData} />}
      <div aria-live="polite">
        {notice && (
          <Alert tone="success">
            {notice.text}
            {notice.notes.length > 0 && (
              <ul className="mt-1 list-disc pl-5" data-testid="export-notes">
                {notice.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        {failure && <Alert>{failure}</Alert>}
      </div>
    </section>
  );
}
