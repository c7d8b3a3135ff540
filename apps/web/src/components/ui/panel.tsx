import { CONTENT_TEXTS, EDITOR_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useId } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Spinner } from "./spinner";

// The parts every admin pane is made of (the editor frame and the panels without one).

/** "Unsaved changes" beside the Save button while the form differs from what is stored. */
export function DirtyNote({ dirty }: { dirty: boolean }) {
  if (!dirty) return null;
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-800">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" />
      {EDITOR_TEXTS.unsaved}
    </span>
  );
}

/** Pane title, description and actions. */
export function PanelHeader({
  title,
  description,
  actions,
  level = 2,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  level?: 2 | 3;
}) {
  const H = level === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col gap-4 border-b border-slate-200 pb-5 xl:flex-row xl:items-start xl:justify-between">
      <div>
        <H className={`${level === 2 ? "text-xl" : "text-lg"} font-semibold text-slate-900`}>{title}</H>
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

/**
 * One setting of a pane with its own Save (the local reader, the score threshold): a region named by its title, what
 * it does, and a warning when it could not be loaded.
 */
export function SettingSection({
  title,
  intro,
  loadFailed,
  children,
}: {
  title: string;
  intro: string;
  /** The warning shown when the stored setting could not be loaded, or nothing. */
  loadFailed?: string | false;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-600">{intro}</p>
      {loadFailed && <Alert tone="warning">{loadFailed}</Alert>}
      {children}
    </section>
  );
}
