import { autofixOf, EMAIL_REPORT_UI, type EmailAutofix, type TEmailCheck, type TEmailReport } from "@mailsmith/shared";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type AltPicture, AltTextFix } from "./alt-text-fix";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const TONE = { pass: "green", warn: "amber", fail: "red" } as const;
const RANK = { fail: 0, warn: 1, pass: 2 } as const;

function groupChecks(checks: TEmailCheck[]) {
  const groups = EMAIL_REPORT_UI.groups.map((g) => ({
    id: g.id as string,
    title: g.title as string,
    checks: [] as TEmailCheck[],
  }));
  const other = { id: "other", title: EMAIL_REPORT_UI.otherGroup as string, checks: [] as TEmailCheck[] };
  for (const c of checks) {
    const i = EMAIL_REPORT_UI.groups.findIndex((g) => g.prefixes.some((p) => c.id.startsWith(p)));
    (i >= 0 ? groups[i]! : other).checks.push(c);
  }
  return [...groups, other]
    .filter((g) => g.checks.length > 0)
    .map((g) => ({ ...g, checks: [...g.checks].sort((a, b) => RANK[a.status] - RANK[b.status]) }));
}

/** What a page that shows the report can fix, and how (decision 126). */
export interface ReportFixes {
  /** The fixes this page applies: every one where a page can apply them (the template page and Check my email). */
  offered: readonly EmailAutofix[];
  apply: (fix: EmailAutofix, alts?: { id: string; alt: string }[]) => void;
  /** The fix being applied. */
  pending?: EmailAutofix | null;
  /** Pictures without alt text, for "alt-text". */
  altPictures?: AltPicture[];
}

function CheckRow({ check, fixes }: { check: TEmailCheck; fixes?: ReportFixes }) {
  const fix = autofixOf(check);
  const offered = fix && fixes?.offered.includes(fix) ? fix : undefined;
  return (
    <li className="rounded-lg border border-slate-100 bg-slate-50 p-2">
      <div className="flex items-start justify-between gap-2">
        <span className="font-medium text-slate-800">{check.title}</span>
        <Badge color={TONE[check.status]}>{EMAIL_REPORT_UI.status[check.status]}</Badge>
      </div>
      <p className="mt-1 text-xs text-slate-600">{check.reason}</p>
      {check.fix && (
        <p className="mt-1 text-xs text-slate-600">
          <span className="font-semibold">{EMAIL_REPORT_UI.fixLabel}</span> {check.fix}
        </p>
      )}
      {check.items && check.items.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs wrap-anywhere text-slate-600">
          {check.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {offered === "alt-text" && fixes ? (
        <AltTextFix
          key={(fixes.altPictures ?? []).map((p) => p.id).join(" ")}
          pictures={fixes.altPictures ?? []}
          pending={fixes.pending === "alt-text"}
          onSave={(alts) => fixes.apply("alt-text", alts)}
        />
      ) : offered && fixes ? (
        <Button
          variant="secondary"
          className="mt-2 px-3 py-1.5 text-xs"
          loading={fixes.pending === offered}
          disabled={Boolean(fixes.pending)}
          onClick={() => fixes.apply(offered)}
        >
          {EMAIL_REPORT_UI.autofix[offered]}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The email report of one email (a generated result or a checked one): checks grouped (clients, rendering,
 * accessibility, links, size), failures first, each with its pass / warn / fail badge, reason, fix and items;
 * passed checks fold away. Every line with a one-click fix the page can apply has its button (Use https, Fix
 * accessibility, Repair dark mode) or, for missing alt texts, a field per picture; the page applies it
 * and shows the new report. Shared by the generator and Check my email.
 */
export function EmailReport({
  report,
  title = EMAIL_REPORT_UI.title,
  fixes,
}: {
  report: TEmailReport;
  title?: string;
  fixes?: ReportFixes;
}) {
  const [showPassed, setShowPassed] = useState(false);
  const count = (s: TEmailCheck["status"]) => report.checks.filter((c) => c.status === s).length;
  const passedCount = count("pass");
  const groups = groupChecks(report.checks);
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <div className="flex items-center gap-2 text-xs text-slate-500">
          <span>{kb(report.sizeBytes)}</span>
          <Badge color={report.passed ? "green" : "red"}>
            {report.passed ? EMAIL_REPORT_UI.passed : EMAIL_REPORT_UI.failed}
          </Badge>
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500">{EMAIL_REPORT_UI.counts(passedCount, count("warn"), count("fail"))}</p>
      <div className="mt-3 space-y-4 text-sm">
        {groups.map((g) => {
          const shown = showPassed ? g.checks : g.checks.filter((c) => c.status !== "pass");
          const hidden = g.checks.length - shown.length;
          return (
            <section key={g.id} aria-label={g.title}>
              <h3 className="flex items-center justify-between gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <span>{g.title}</span>
                {hidden > 0 && (
                  <span className="font-normal normal-case tracking-normal text-green-700">{hidden} passed</span>
                )}
              </h3>
              {shown.length > 0 && (
                <ul className="mt-2 space-y-2">
                  {shown.map((c) => (
                    <CheckRow key={c.id} check={c} fixes={fixes} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {passedCount > 0 && (
        <button
          type="button"
          className="mt-3 text-xs font-semibold text-brand-700 hover:underline"
          aria-expanded={showPassed}
          onClick={() => setShowPassed((v) => !v)}
        >
          {showPassed ? EMAIL_REPORT_UI.hidePassed : EMAIL_REPORT_UI.showPassed(passedCount)}
        </button>
      )}
      {report.changes.length > 0 && (
        <details className="mt-3 text-xs text-slate-600">
          <summary className="cursor-pointer font-semibold text-slate-700">{EMAIL_REPORT_UI.changesTitle}</summary>
          <ul className="mt-1 list-disc pl-5">
            {report.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
