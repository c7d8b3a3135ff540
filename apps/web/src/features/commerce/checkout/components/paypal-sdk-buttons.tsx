import {
  COMMERCE_UI_TEXTS,
  PAYMENT_MESSAGES,
  PAYMENT_PAGE_FALLBACK_LABEL,
  type TPublicPaypalSettings,
} from "@mailsmith/shared";
import { PayPalButtons, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import type { CaptureOutcome } from "../hooks/use-pay-now";

/**
 * PayPal's own buttons (real credentials). When PayPal declines the buyer's funding source at capture, the
 * server answers INSTRUMENT_DECLINED and the flow restarts in PayPal's window (actions.restart(), as PayPal's
 * "handle funding failures" guide asks of integrations that capture on their server).
 */
export function PaypalSdkButtons({
  settings,
  disabled,
  createOrder,
  onApprove,
  onCancel,
  onError,
}: {
  settings: TPublicPaypalSettings;
  disabled: boolean;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<CaptureOutcome>;
  onCancel: () => void;
  onError: (message: string) => void;
}) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) {
    return (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner label={COMMERCE_UI_TEXTS.payNowPage.loadingPaypal} />
      </div>
    );
  }
  if (isRejected) return <Alert>{PAYMENT_MESSAGES.paypalErrorLong}</Alert>;
  const s = settings.buttonStyles;
  return (
    <PayPalButtons
      disabled={disabled}
      style={{ layout: s.layout, color: s.color, shape: s.shape, label: s.label ?? PAYMENT_PAGE_FALLBACK_LABEL }}
      forceReRender={[s.layout, s.color, s.shape, s.label, settings.currency]}
      createOrder={createOrder}
      onApprove={async (data, actions) => {
        if (!data.orderID) return onError(PAYMENT_MESSAGES.captureMissing);
        if ((await onApprove(data.orderID)) === "restart") await actions.restart();
      }}
      onCancel={onCancel}
      onError={() => onError(PAYMENT_MESSAGES.paypalError)}
    />
  );
}
