import { DARK_MODE_FIX_TEXTS as D, type TEmailReport } from "@mailsmith/shared";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { downloadText } from "@/lib/download";
import { useEmailFix } from "../api/email-fix";

/**
 * "Repair dark mode" (decision 109): offered when the report's dark-mode check warns (text that vanishes when an app
 * darkens the email). Sends the email to POST /api/email-fix with the "dark-mode" fix and shows the forced-dark
 * picture before and after, the repaired email in dark mode, each change and a download.
 */
export function FixDarkMode({ html, report }: { html: string; report: TEmailReport }) {
  const repair = useEmailFix();
  const fixed = repair.data;
  if (report.checks.find((c) => c.id === "dark-mode.vanishing")?.status !== "warn") return null;
  const save = () => {
    if (!fixed) return;
    downloadText(D.ui.fileName, fixed.html, "text/html");
    toast.success(`${D.ui.fileName} downloaded.`);
  };
  const shots = fixed
    ? (
        [
          { label: D.ui.before, src: report.previews?.darkForced },
          { label: D.ui.after, src: fixed.report.previews?.darkForced },
          { label: D.ui.afterDark, src: fixed.report.previews?.dark },
        ] as { label: string; src?: string }[]
      ).filter((s): s is { label: string; src: string } => Boolean(s.src))
    : [];
  return (
    <section aria-label={D.ui.title} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{D.ui.hint}</p>
      <p className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          loading={repair.isPending}
          onClick={() => repair.mutate({ html, fixes: ["dark-mode"] })}
        >
          {repair.isPending ? D.ui.repairing : D.ui.repair}
        </Button>
        {fixed && <Button onClick={save}>{D.ui.download}</Button>}
      </p>
      {repair.isError && <Alert>{errorMessage(repair.error, D.ui.failed)}</Alert>}
      {shots.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-3">
          {shots.map((s) => (
            <figure key={s.label} className="min-w-0 space-y-2">
              <figcaption className="text-sm font-semibold text-slate-700">{s.label}</figcaption>
              <img src={s.src} alt={s.label} width={375} className="w-full max-w-[375px] rounded-lg border" />
            </figure>
          ))}
        </div>
      )}
      {fixed && (
        <ul className="space-y-2 text-sm" data-testid="dark-mode-changes">
          {fixed.changes.map((c) => (
            <li key={`${c.id} ${c.before} ${c.after}`} className="rounded-lg bg-slate-50 p-2 text-slate-800">
              {c.reason}
              {c.before && (
                <span className="mt-1 block font-mono text-xs break-all text-slate-600">{`${c.before} → ${c.after}`}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
