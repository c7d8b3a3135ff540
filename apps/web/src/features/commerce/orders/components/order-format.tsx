import { ITEM_MESSAGES, type OrderKind, PAYPAL_OUTCOME_STATUS, REFUND_FAILED_MESSAGES } from "@mailsmith/shared";
import { Badge, statusColor } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/format-date";

/** "Nov 22, 2026" from an ISO date or a dd/mm/yyyy date. */
export function shortDate(value: string | null | undefined): string {
  if (!value) return "";
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const d = dmy ? new Date(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1])) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return formatDate(d);
}

export function StatusBadge({ status, upper = false }: { status: string; upper?: boolean }) {
  return <Badge color={statusColor(status)}>{upper ? status.toUpperCase() : status}</Badge>;
}

/** An admin table's payment status; a refund PayPal did not complete also says what to do. */
export function AdminPaymentStatus({ status, upper = false }: { status: string; upper?: boolean }) {
  if (status !== PAYPAL_OUTCOME_STATUS.refundFailed) return <StatusBadge status={status} upper={upper} />;
  return (
    <div>
      <StatusBadge status={status} upper={upper} />
      <p className="mt-1 text-xs text-red-700">{REFUND_FAILED_MESSAGES.adminHint}</p>
    </div>
  );
}

/** The product an order is for, or the spec's "Unnamed Item" / "Unnamed Package". */
export function orderName(order: { packageName: string }, kind: OrderKind): string {
  return order.packageName || (kind === "item" ? ITEM_MESSAGES.unnamedItem : ITEM_MESSAGES.unnamedPackage);
}

/** /pay-now/{id} or /item-pay-now/{id}. */
export function payNowPath(kind: OrderKind, id: string): string {
  return kind === "item" ? paths.itemPayNow(id) : paths.payNow(id);
}
