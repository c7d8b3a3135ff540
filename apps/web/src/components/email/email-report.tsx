import type { TEmailReport } from "@mailsmith/shared";
import { Badge } from "@/components/ui/badge";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const TONE = { pass: "green", warn: "amber", fail: "red" } as const;
const LABEL = { pass: "Pass", warn: "Warning", fail: "Fail" } as const;

/**
 * The email report of one email (a generated result or a checked one): every check with pass / warn / fail, its
 * reason, fix and items. Shared by the generator and Check my email (one copy).
 */
export function EmailReport({ report, title = "Quality report" }: { report: TEmailReport; title?: string }) {
  const count = (s: keyof typeof LABEL) => report.checks.filter((c) => c.status === s).length;
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <div className="flex items-center gap-2 text-xs text-slate-500">
          <span>{kb(report.sizeBytes)}</span>
          <Badge color={report.passed ? "green" : "red"}>{report.passed ? "Passed" : "Needs fixing"}</Badge>
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {count("pass")} passed · {count("warn")} warnings · {count("fail")} failed
      </p>
      <ul className="mt-3 space-y-2 text-sm">
        {report.checks.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-100 bg-slate-50 p-2">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-slate-800">{c.title}</span>
              <Badge color={TONE[c.status]}>{LABEL[c.status]}</Badge>
            </div>
            <p className="mt-1 text-xs text-slate-600">{c.reason}</p>
            {c.fix && <p className="mt-1 text-xs text-slate-600">Fix: {c.fix}</p>}
            {c.items && c.items.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-xs break-all text-slate-600">
                {c.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
