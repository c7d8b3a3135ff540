import { COMMERCE_UI_TEXTS, PAYMENT_MESSAGES } from "@mailsmith/shared";
import { formatDate } from "@/lib/format-date";

/** The spec's status box: "Payment Status" for successful/Redirecting messages, else "Payment Issue". */
export function PaymentStatusBox({
  message,
  orderId,
  transactionId,
}: {
  message: string;
  orderId: string;
  transactionId: string | null;
}) {
  const ok = /successful|Redirecting/.test(message);
  const support = /contact support/i.test(message);
  return (
    <div
      role="status"
      aria-live="polite"
      className={`rounded-xl border p-4 ${ok ? "border-green-200 bg-green-50" : "border-amber-200 bg-amber-50"}`}
    >
      <p className={`font-semibold ${ok ? "text-green-800" : "text-amber-900"}`}>
        {ok ? PAYMENT_MESSAGES.statusTitle : PAYMENT_MESSAGES.issueTitle}
      </p>
      <p className="mt-1 text-sm text-slate-800">{message}</p>
      {support && (
        <div className="mt-3 text-sm text-slate-700">
          <p className="font-medium">{COMMERCE_UI_TEXTS.payNowPage.pleaseGiveTheSupportTeam}</p>
          <ul className="mt-1 list-disc pl-5">
            <li>Order ID: {orderId}</li>
            {transactionId && <li>PayPal transaction ID: {transactionId}</li>}
            <li>Time of transaction: {formatDate(new Date(), { time: true })}</li>
          </ul>
        </div>
      )}
    </div>
  );
}
