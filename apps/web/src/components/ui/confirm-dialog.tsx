import { useCallback, useRef, useState } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

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
