import { EDITOR_TEXTS } from "@mailsmith/shared";
import { type ReactNode, useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "./button";
import { Modal } from "./modal";

/**
 * The editor frame's dirty-state guard: while `dirty`, leaving the page (a link, another settings
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
