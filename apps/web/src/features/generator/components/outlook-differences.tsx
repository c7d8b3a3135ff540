import { GENERATOR_UI, type TEmailReport } from "@mailsmith/shared";

/**
 * Beside the classic Outlook picture (an approximation, decision 109): what the report found differs between it and
 * the desktop picture ("the button loses its padding"), from the report's outlook-differences check.
 */
export function OutlookDifferences({ report }: { report: TEmailReport }) {
  const check = report.checks.find((c) => c.id === "outlook-differences");
  if (!check || !report.previews?.outlook) return null;
  return (
    <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 className="font-semibold text-slate-900">{GENERATOR_UI.outlookDifferencesTitle}</h2>
      <p className="mt-1 text-slate-700">{check.reason}</p>
      {check.items && check.items.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 break-words text-slate-700">
          {check.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {check.fix && <p className="mt-2 text-slate-600">{check.fix}</p>}
    </div>
  );
}
