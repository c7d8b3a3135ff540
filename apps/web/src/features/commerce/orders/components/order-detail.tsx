import {
  COMMERCE_UI_TEXTS,
  daysLeft,
  formatPrice,
  ORDER_MESSAGES,
  PAYMENT_STATUS,
  PAYPAL_OUTCOME_STATUS,
  REFUND_FAILED_MESSAGES,
  type TPackageOrder,
} from "@mailsmith/shared";
import { formatDate } from "@/lib/format-date";
import { StatusBadge, shortDate } from "./order-format";

const amountOf = (order: TPackageOrder) => `${formatPrice(order.totalPrice)} ${order.currency}`;

/** Days left for a paid order; an unpaid one shows its real state, never a membership. */
export function OrderState({ order }: { order: TPackageOrder }) {
  if (order.paymentStatus === PAYMENT_STATUS.pending) {
    return <span className="text-amber-800">{ORDER_MESSAGES.awaitingPayment}</span>;
  }
  if (order.paymentStatus === PAYPAL_OUTCOME_STATUS.refundFailed) {
    return <span className="text-red-700">{REFUND_FAILED_MESSAGES.state}</span>;
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

/**
 * Every field of a package order (member history and admin orders). A refund PayPal did not complete is worded for
 * who reads it: the admin is told what to do in PayPal.
 */
export function OrderDetail({ order, audience = "member" }: { order: TPackageOrder; audience?: "member" | "admin" }) {
  const rows: [string, React.ReactNode][] = [
    [COMMERCE_UI_TEXTS.orderDetail.orderId, order.orderId],
    [COMMERCE_UI_TEXTS.orderDetail.paymentId, order.paymentId],
    [COMMERCE_UI_TEXTS.orderDetail.package, order.packageName],
    [COMMERCE_UI_TEXTS.orderDetail.credits, order.credit],
    [COMMERCE_UI_TEXTS.orderDetail.price, formatPrice(order.packagePrice)],
    [COMMERCE_UI_TEXTS.orderDetail.processingFee, formatPrice(order.processingFee)],
    [COMMERCE_UI_TEXTS.orderDetail.total, `${formatPrice(order.totalPrice)} ${order.currency}`],
    [COMMERCE_UI_TEXTS.orderDetail.payment, <StatusBadge key="p" status={order.paymentStatus} />],
    [COMMERCE_UI_TEXTS.orderDetail.orderStatus, <StatusBadge key="o" status={order.orderStatus} />],
    [COMMERCE_UI_TEXTS.orderDetail.ordered, shortDate(order.createdAt)],
    [COMMERCE_UI_TEXTS.orderDetail.validity, COMMERCE_UI_TEXTS.orderDetail.validityDays(order.Validity)],
    ...(order.paymentStatus === PAYMENT_STATUS.paid
      ? ([[COMMERCE_UI_TEXTS.orderDetail.membershipUntil, shortDate(order.MembershipValidity)]] as [
          string,
          React.ReactNode,
        ][])
      : []),
    [
      order.paymentStatus === PAYMENT_STATUS.paid
        ? COMMERCE_UI_TEXTS.orderDetail.daysLeft
        : COMMERCE_UI_TEXTS.orderDetail.state,
      <OrderState key="d" order={order} />,
    ],
    [COMMERCE_UI_TEXTS.orderDetail.customer, `${order.customerName} (${order.customerEmail})`],
    [COMMERCE_UI_TEXTS.orderDetail.address, `${order.address}, ${order.country}`],
  ];
  if (order.paymentStatus === PAYPAL_OUTCOME_STATUS.refundFailed) {
    rows.push([
      REFUND_FAILED_MESSAGES.label,
      <span key="r" className="text-red-700">
        {audience === "admin"
          ? REFUND_FAILED_MESSAGES.admin(amountOf(order), order.paypalTransactionID)
          : REFUND_FAILED_MESSAGES.member(amountOf(order))}
      </span>,
    ]);
  }
  if (order.paypalTransactionID)
    rows.push([COMMERCE_UI_TEXTS.orderDetail.paypalTransaction, order.paypalTransactionID]);
  if (order.payerEmail) rows.push([COMMERCE_UI_TEXTS.orderDetail.payer, order.payerEmail]);
  if (order.captureTime)
    rows.push([COMMERCE_UI_TEXTS.orderDetail.paidAt, formatDate(order.captureTime, { time: true })]);
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
