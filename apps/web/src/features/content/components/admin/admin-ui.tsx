// The admin UI parts live in components/ui (every admin screen uses them); re-exported for the content panels.
export { FieldGroup, PanelHeader } from "@/components/ui/panel";
export { Switch } from "@/components/ui/switch";
export { TabPanel, Tabs } from "@/components/ui/tabs";

import { CONTENT_UI_TEXTS } from "@mailsmith/shared";
import { forwardRef, type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { formatDate } from "@/lib/format-date";

/** A labelled checkbox. */
export function CheckboxField({ label, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
      <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...props} />
      {label}
    </label>
  );
}

/** A labelled select; `before` sits left of it (an icon showing the current choice). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & { label: string; before?: ReactNode }
>(function SelectField({ label, before, id, children, ...props }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {before}
        <select ref={ref} id={selectId} className={inputClasses()} {...props}>
          {children}
        </select>
      </div>
    </div>
  );
});

/**
 * The rows of a list inside a form (social links, quick links, contact entries, about features): each row's
 * fields and its Remove button. Removing needs no question: Discard changes brings the row back until saved.
 */
export function FormRows({
  rows,
  grid,
  removeLabel,
  onRemove,
  children,
}: {
  rows: { id: string }[];
  /** Grid columns of a row, the Remove button being the last one. */
  grid: string;
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  children: (index: number) => ReactNode;
}) {
  return (
    <ul className="space-y-3">
      {rows.map((row, i) => (
        <li key={row.id} className={`grid items-end gap-3 rounded-lg border border-slate-200 p-3 ${grid}`}>
          {children(i)}
          <Button
            variant="dangerGhost"
            className="justify-self-end"
            onClick={() => onRemove(i)}
            aria-label={removeLabel(i)}
          >
            {CONTENT_UI_TEXTS.adminUi.remove}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** A small label/value tile (banner stats, status cards). */
export function StatTile({
  label,
  value,
  tone = "grey",
}: {
  label: string;
  value: ReactNode;
  tone?: "green" | "grey" | "blue";
}) {
  const tones = { green: "text-green-700", grey: "text-slate-900", blue: "text-brand-700" };
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className={`mt-1 text-base font-semibold ${tones[tone]}`}>{value}</dd>
    </div>
  );
}

export function formatDateTime(iso: string | null | undefined) {
  if (!iso) return "—";
  const d = new Date(iso);
  return formatDate(d, { time: true });
}
