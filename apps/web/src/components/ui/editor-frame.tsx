import { CONTENT_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Spinner } from "./spinner";

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
