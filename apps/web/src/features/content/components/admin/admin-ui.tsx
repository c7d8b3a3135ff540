import { CONTENT_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";

/** Pane title, description and actions. */
export function PanelHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 border-b border-slate-200 pb-5 xl:flex-row xl:items-start xl:justify-between">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2 xl:shrink-0 xl:justify-end">{actions}</div>}
    </div>
  );
}

/** "Error Loading … Data" with a Retry button that reloads the page (spec). */
export function PanelLoadError({ title, message }: { title: string; message?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-semibold text-red-800">{title}</p>
      {message && <p className="mt-1 text-sm text-red-700">{message}</p>}
      <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
        {CONTENT_TEXTS.retry}
      </Button>
    </div>
  );
}

export function PanelLoading() {
  return (
    <div className="flex justify-center p-10 text-brand-600">
      <Spinner />
    </div>
  );
}

/** A card grouping related fields. */
export function FieldGroup({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {actions && <div className="-mt-1 mb-3 flex justify-end">{actions}</div>}
      <div className="space-y-4">{children}</div>
    </fieldset>
  );
}

/** An accessible on/off switch. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex items-center gap-3 rounded-full text-sm font-medium text-slate-800 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${checked ? "bg-green-600" : "bg-slate-300"}`}
      >
        <span
          className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-0.5"}`}
        />
      </span>
      {label}
    </button>
  );
}

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

type ConfirmRequest = { message: string; confirmLabel: string; danger: boolean; resolve: (ok: boolean) => void };

/**
 * Promise-based confirmation in an accessible modal (keyboard: Tab between buttons, Escape cancels).
 * `const [confirm, dialog] = useConfirm();` then `if (await confirm("Are you sure …?")) …` and render `{dialog}`.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const requestRef = useRef<ConfirmRequest | null>(null);
  requestRef.current = request;

  const confirm = useCallback(
    (message: string, opts: { confirmLabel?: string; danger?: boolean } = {}) =>
      new Promise<boolean>((resolve) =>
        setRequest({ message, confirmLabel: opts.confirmLabel ?? "Confirm", danger: opts.danger ?? false, resolve }),
      ),
    [],
  );
  const close = (ok: boolean) => {
    requestRef.current?.resolve(ok);
    setRequest(null);
  };
  const dialog = (
    <Modal
      open={request !== null}
      onClose={() => close(false)}
      title="Please confirm"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant={request?.danger ? "danger" : "primary"} onClick={() => close(true)}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{request?.message}</p>
    </Modal>
  );
  return [confirm, dialog] as const;
}

/** Tabs (WAI-ARIA pattern: arrow keys move between tabs). */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
  label: string;
}) {
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const next = tabs[(index + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]!;
    onChange(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((t, i) => (
        <button
          key={t.key}
          id={`tab-${t.key}`}
          type="button"
          role="tab"
          aria-selected={t.key === active}
          aria-controls={`tabpanel-${t.key}`}
          tabIndex={t.key === active ? 0 : -1}
          onClick={() => onChange(t.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
          className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap ${t.key === active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`tabpanel-${id}`} aria-labelledby={`tab-${id}`} className="pt-5">
      {children}
    </div>
  );
}
