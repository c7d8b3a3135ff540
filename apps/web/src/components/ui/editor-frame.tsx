import { CONTENT_TEXTS, EDITOR_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "./button";
import { Modal } from "./modal";
import { Spinner } from "./spinner";

/**
 * The editor frame's dirty-state guard (issue 13 item 11): while `dirty`, leaving the page (a link, another settings
 * tab, back) asks first, and closing or reloading the tab gets the browser's own warning. Render the returned dialog.
 */
export function useUnsavedChanges(dirty: boolean): ReactNode {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={EDITOR_TEXTS.unsavedTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            {EDITOR_TEXTS.stay}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {EDITOR_TEXTS.leave}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{EDITOR_TEXTS.unsavedText}</p>
    </Modal>
  );
}

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
