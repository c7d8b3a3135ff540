import { EMAIL_FIX_TEXTS, EMAIL_REPORT_UI, type TEmailReport } from "@mailsmith/shared";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { downloadText } from "@/lib/download";
import { useEmailFix } from "../api/email-fix";

const T = EMAIL_FIX_TEXTS.ui;

function Picture({ label, src, testId }: { label: string; src?: string; testId: string }) {
  return (
    <figure className="min-w-0 space-y-2" data-testid={testId}>
      <figcaption className="text-sm font-semibold text-slate-700">{label}</figcaption>
      {src ? (
        <img src={src} alt={label} className="w-full rounded-lg border border-slate-200 bg-white" />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-500">{T.noPreview}</p>
      )}
    </figure>
  );
}

/**
 * "Fix accessibility" (free, decision 108): sends the checked email to POST /api/email-fix, then shows the email
 * before and after side by side (desktop renders), every change (suggestions marked) and a download of the fixed HTML.
 */
export function FixAccessibility({ html, report }: { html: string; report: TEmailReport }) {
  const fix = useEmailFix();
  const result = fix.data;
  const applied = result?.changes.filter((c) => c.applied).length ?? 0;
  return (
    <section aria-label={T.title} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{T.hint}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          loading={fix.isPending}
          disabled={fix.isPending}
          onClick={() => fix.mutate({ html, fixes: ["accessibility"] })}
        >
          {fix.isPending ? T.fixing : T.fixAccessibility}
        </Button>
        {result && (
          <Button
            onClick={() => {
              downloadText(T.fileName, result.html, "text/html");
              toast.success(`${T.fileName} downloaded.`);
            }}
          >
            {T.download}
          </Button>
        )}
      </div>
      {fix.isError && <Alert>{errorMessage(fix.error, T.failed)}</Alert>}
      {result && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Picture label={T.before} src={report.previews?.desktop} testId="fix-before" />
            <Picture label={T.after} src={result.report.previews?.desktop} testId="fix-after" />
          </div>
          <p className="text-sm text-slate-700" data-testid="fix-report">
            {T.afterReport}{" "}
            {EMAIL_REPORT_UI.counts(
              ...((["pass", "warn", "fail"] as const).map(
                (status) => result.report.checks.filter((c) => c.status === status).length,
              ) as [number, number, number]),
            )}
          </p>
          <div>
            <h3 className="text-sm font-semibold text-slate-800">
              {applied === 0 ? T.nothing : T.changesTitle(applied)}
            </h3>
            <ul className="mt-2 space-y-2 text-sm" data-testid="fix-changes">
              {result.changes.map((c) => (
                <li key={`${c.id} ${c.before} ${c.after} ${c.reason}`} className="rounded-lg bg-slate-50 p-2">
                  <p className="text-slate-800">
                    {!c.applied && <span className="mr-1 font-semibold text-amber-800">{T.suggestion}:</span>}
                    {c.reason}
                  </p>
                  <p className="mt-1 font-mono text-xs break-all text-slate-600">
                    {c.before} → {c.after}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}
