// The admin UI parts live in components/ui (every admin screen uses them); re-exported for the content panels.
export { useConfirm } from "@/components/ui/confirm-dialog";
export { FieldGroup, PanelHeader, PanelLoadError, PanelLoading } from "@/components/ui/editor-frame";
export { Switch } from "@/components/ui/switch";
export { TabPanel, Tabs } from "@/components/ui/tabs";

import type { ReactNode } from "react";

/** A labelled checkbox. */
export function CheckboxField({ label, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
      <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...props} />
      {label}
    </label>
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
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
