import { daysLeft, formatPrice, ORDER_MESSAGES, PAYMENT_STATUS, type TPackageOrder } from "@mailsmith/shared";
import { StatusBadge, shortDate } from "./order-format";

/** Days left for a paid order; an unpaid one shows its real state, never a membership (issue 13 item 3). */
export function OrderState({ order }: { order: TPackageOrder }) {
  if (order.paymentStatus === PAYMENT_STATUS.pending) {
    return <span className="text-amber-800">{ORDER_MESSAGES.awaitingPayment}</span>;
  }
  if (order.paymentStatus !== PAYMENT_STATUS.paid)
    return <span className="text-slate-600">{ORDER_MESSAGES.notPaid}</span>;
  const left = daysLeft(order.MembershipValidity);
  return left === ORDER_MESSAGES.expired ? (
    <span className="text-red-600">{ORDER_MESSAGES.expired}</span>
  ) : (
    <span className="text-green-700">{left} days left</span>
  );
}

/** Every field of a package order (member history and admin orders). */
export function OrderDetail({ order }: { order: TPackageOrder }) {
  const rows: [string, React.ReactNode][] = [
    ["Order ID", order.orderId],
    ["Payment ID", order.paymentId],
    ["Package", order.packageName],
    ["Credits", order.credit],
    ["Price", formatPrice(order.packagePrice)],
    ["Processing fee", formatPrice(order.processingFee)],
    ["Total", `${formatPrice(order.totalPrice)} ${order.currency}`],
    ["Payment", <StatusBadge key="p" status={order.paymentStatus} />],
    ["Order status", <StatusBadge key="o" status={order.orderStatus} />],
    ["Ordered", shortDate(order.createdAt)],
    ["Validity", `${order.Validity} days`],
    ...(order.paymentStatus === PAYMENT_STATUS.paid
      ? ([["Membership until", shortDate(order.MembershipValidity)]] as [string, React.ReactNode][])
      : []),
    [order.paymentStatus === PAYMENT_STATUS.paid ? "Days left" : "State", <OrderState key="d" order={order} />],
    ["Customer", `${order.customerName} (${order.customerEmail})`],
    ["Address", `${order.address}, ${order.country}`],
  ];
  if (order.paypalTransactionID) rows.push(["PayPal transaction", order.paypalTransactionID]);
  if (order.payerEmail) rows.push(["Payer", order.payerEmail]);
  if (order.captureTime) rows.push(["Paid at", new Date(order.captureTime).toLocaleString()]);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-slate-500">{k}</dt>
          <dd className="font-medium break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
