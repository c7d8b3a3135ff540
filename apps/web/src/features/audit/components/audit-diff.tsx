import { AUDIT_TEXTS } from "@mailsmith/shared";

type Fields = Record<string, unknown> | null;

/** A value as an admin reads it: text as is, numbers and flags plainly, objects as compact JSON, nothing as a dash. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return AUDIT_TEXTS.none;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The fields an entry names, each with its value before and after (a creation has no before, a deletion no after). */
export function diffRows(before: Fields, after: Fields) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((field) => ({ field, before: formatValue(before?.[field]), after: formatValue(after?.[field]) }));
}

/** Before and after of one audit entry, one field a row. */
export function AuditDiff({ before, after }: { before: Fields; after: Fields }) {
  const rows = diffRows(before, after);
  if (rows.length === 0) return <span className="text-slate-500">{AUDIT_TEXTS.none}</span>;
  return (
    <table className="min-w-[18rem] text-xs">
      <thead className="sr-only">
        <tr>
          <th scope="col">{AUDIT_TEXTS.field}</th>
          <th scope="col">{AUDIT_TEXTS.before}</th>
          <th scope="col">{AUDIT_TEXTS.after}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field} className="align-top" data-testid="audit-diff-row">
            <th scope="row" className="pr-2 text-left font-medium text-slate-700">
              {r.field}
            </th>
            <td className="max-w-[16rem] break-words pr-2 text-red-800">
              <span className="sr-only">{AUDIT_TEXTS.before}: </span>
              <del className="decoration-red-400">{r.before}</del>
            </td>
            <td className="max-w-[16rem] break-words text-green-800">
              <span className="sr-only">{AUDIT_TEXTS.after}: </span>
              <ins className="no-underline">{r.after}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
