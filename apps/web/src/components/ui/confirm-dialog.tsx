import { UI_TEXTS } from "@mailsmith/shared";
import { useCallback, useRef, useState } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

type ConfirmRequest = {
  message: string;
  title: string;
  confirmLabel: string;
  /** The dismiss button; name it when "Cancel" would be ambiguous (e.g. confirming "Cancel order"). */
  cancelLabel: string;
  danger: boolean;
  resolve: (ok: boolean) => void;
};

/**
 * Promise-based confirmation in an accessible modal (keyboard: Tab between buttons, Escape cancels).
 * `const [confirm, dialog] = useConfirm();` then `if (await confirm("Are you sure …?")) …` and render `{dialog}`.
 * A destructive confirmation names the object in `title` or the message.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const requestRef = useRef<ConfirmRequest | null>(null);
  requestRef.current = request;

  const confirm = useCallback(
    (message: string, opts: { title?: string; confirmLabel?: string; cancelLabel?: string; danger?: boolean } = {}) =>
      new Promise<boolean>((resolve) =>
        setRequest({
          message,
          title: opts.title ?? UI_TEXTS.confirmTitle,
          confirmLabel: opts.confirmLabel ?? UI_TEXTS.confirm,
          cancelLabel: opts.cancelLabel ?? UI_TEXTS.cancel,
          danger: opts.danger ?? false,
          resolve,
        }),
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
      title={request?.title ?? UI_TEXTS.confirmTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {request?.cancelLabel ?? UI_TEXTS.cancel}
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
