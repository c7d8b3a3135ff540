import { COMMERCE_UI_TEXTS, formatPrice, type OrderKind, type TItemOrder, type TPackageOrder } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Badge, statusColor } from "@/components/ui/badge";
import { formatDate } from "@/lib/format-date";
import { orderName } from "../../orders/components/order-format";

const T = COMMERCE_UI_TEXTS.payNowPage;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium break-all text-slate-900">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <dl className="mt-3 divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

/** The order being paid: summary, customer information and order details (the page's left column). */
export function PayNowOrderDetails({ order: o, kind }: { order: TPackageOrder | TItemOrder; kind: OrderKind }) {
  return (
    <>
      <Card title={T.orderSummary}>
        <Row label={kind === "item" ? T.item : T.package}>{orderName(o, kind)}</Row>
        {"credit" in o && <Row label={T.credits}>{o.credit}</Row>}
        <Row label={T.price}>{formatPrice(o.packagePrice)}</Row>
        <Row label={T.processingFee}>{formatPrice(o.processingFee)}</Row>
        <Row label={T.total}>
          <span className="text-lg">{formatPrice(o.totalPrice)}</span>
        </Row>
      </Card>
      <Card title={T.customerInformation}>
        <Row label={T.name}>{o.customerName}</Row>
        <Row label={T.email}>{o.customerEmail}</Row>
        <Row label={T.address}>{o.address}</Row>
        <Row label={T.country}>{o.country}</Row>
      </Card>
      <Card title={T.orderDetails}>
        <Row label={T.orderId}>{o.orderId}</Row>
        <Row label={T.paymentId}>{o.paymentId}</Row>
        <Row label={T.date}>{formatDate(o.createdAt)}</Row>
        <Row label={T.status}>
          <Badge color={statusColor(o.paymentStatus)}>{o.paymentStatus}</Badge>
        </Row>
      </Card>
    </>
  );
}
