import { PAYMENT_MESSAGES } from "@mailsmith/shared";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Test mode (no credentials): the offline stand-in's approval page stands in for PayPal's window. */
export function TestPaypalButton({ disabled, busy, onPay }: { disabled: boolean; busy: boolean; onPay: () => void }) {
  return (
    <>
      <Alert tone="warning">{PAYMENT_MESSAGES.testNotice}</Alert>
      <Button className="w-full py-3 whitespace-normal!" disabled={disabled} loading={busy} onClick={onPay}>
        {PAYMENT_MESSAGES.testButton}
      </Button>
    </>
  );
}
