import type { ReactNode } from "react";

/**
 * A card around one view of an email (code, preview, comparison): a heading and a segmented switch between the
 * panel's views (buttons with aria-pressed, in a labelled group), then the panel's body.
 */
export function EmailPanel<V extends string>({
  label,
  title,
  views,
  view,
  onViewChange,
  switchLabel,
  className = "",
  children,
}: {
  /** The section's accessible name. */
  label: string;
  title: ReactNode;
  views: readonly { value: V; label: string }[];
  view: V;
  onViewChange: (view: V) => void;
  /** The accessible name of the switch. */
  switchLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className={`rounded-xl border border-slate-200 bg-white ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <h2 className="min-w-0 text-sm font-semibold text-slate-900">{title}</h2>
        <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={switchLabel}>
          {views.map((v) => (
            <button
              key={v.value}
              type="button"
              aria-pressed={view === v.value}
              onClick={() => onViewChange(v.value)}
              className={`rounded-md px-3 py-1 text-xs font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
                view === v.value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
              }`}
            >
              {v.label}
            </button>
          ))}
        </div>
      </div>
      {children}
    </section>
  );
}
