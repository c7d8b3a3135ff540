import { COMMERCE_UI_TEXTS, formatPrice, ORDER_MESSAGES, ORDER_PAGE_SIZE, type OrderKind } from "@mailsmith/shared";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { Pager, pageCountOf, pageSlice } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ItemImage } from "../../catalogue/components/item-image";
import { type OrderOf, useMyOrders } from "../api/orders";
import { UnpaidOrderActions } from "../components/order-actions";
import { orderName, payNowPath, StatusBadge, shortDate } from "../components/order-format";
import { isOpenUnpaid, isPayable } from "../order-status";

function EmptyState() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{ORDER_MESSAGES.noPendingTitle}</h2>
      <p className="mt-1 text-slate-600">{ORDER_MESSAGES.noPendingText}</p>
    </div>
  );
}

function CompleteYourPurchase({ first }: { first: string | null }) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-start justify-between gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{ORDER_MESSAGES.completeYourPurchase}</h2>
        <p className="text-sm text-slate-600">{COMMERCE_UI_TEXTS.pendingOrdersPage.payAnOrderToGet}</p>
      </div>
      {first ? (
        <Button onClick={() => navigate(first)}>{ORDER_MESSAGES.payFirstOrder}</Button>
      ) : (
        <p className="text-sm font-medium text-slate-600">{ORDER_MESSAGES.noPaymentsDue}</p>
      )}
    </div>
  );
}

const TITLES = {
  package: { title: ORDER_MESSAGES.pendingTitle, loadFailed: ORDER_MESSAGES.loadFailed },
  item: { title: ORDER_MESSAGES.pendingItemTitle, loadFailed: ORDER_MESSAGES.loadItemFailed },
} as const;

/** Both pending pages: the caller's unpaid orders of one kind with the count, states, pager and the bottom card. */
function PendingOrders<K extends OrderKind>({
  kind,
  children,
}: {
  kind: K;
  children: (rows: OrderOf<K>[]) => ReactNode;
}) {
  const texts = TITLES[kind];
  useDocumentTitle(`${texts.title} - Mailsmith`);
  const orders = useMyOrders(kind);
  const [page, setPage] = useState(1);
  const pending = (orders.data ?? []).filter(isOpenUnpaid);
  const firstPayable = pending.find(isPayable);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">
        {texts.title} <span className="text-slate-500">({pending.length})</span>
      </h1>
      {orders.isPending ? (
        <div className="flex justify-center py-16 text-brand-600">
          <Spinner className="h-8 w-8" />
        </div>
      ) : orders.isError ? (
        <Alert>{texts.loadFailed}</Alert>
      ) : pending.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          {children(pageSlice(pending, page, ORDER_PAGE_SIZE) as OrderOf<K>[])}
          {pending.length > ORDER_PAGE_SIZE && (
            <Pager page={page} pageCount={pageCountOf(pending.length, ORDER_PAGE_SIZE)} onPageChange={setPage} />
          )}
        </>
      )}
      {!orders.isPending && !orders.isError && (
        <CompleteYourPurchase first={firstPayable ? payNowPath(kind, firstPayable._id) : null} />
      )}
    </div>
  );
}

function OrderInfo({ order }: { order: OrderOf<"package"> }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{orderName(order, "package")}</p>
      <p className="text-xs text-slate-500">
        #{order.orderId} · {shortDate(order.createdAt)}
      </p>
    </>
  );
}

const PACKAGE_COLUMNS: Column<OrderOf<"package">>[] = [
  { key: "info", header: COMMERCE_UI_TEXTS.pendingOrdersPage.orderInfo, render: (o) => <OrderInfo order={o} /> },
  {
    key: "amount",
    header: COMMERCE_UI_TEXTS.pendingOrdersPage.amount,
    className: "font-medium",
    render: (o) => formatPrice(o.totalPrice),
  },
  {
    key: "status",
    header: COMMERCE_UI_TEXTS.pendingOrdersPage.status,
    render: (o) => <StatusBadge status={o.paymentStatus} />,
  },
  {
    key: "actions",
    header: COMMERCE_UI_TEXTS.pendingOrdersPage.actions,
    render: (o) => <UnpaidOrderActions kind="package" order={o} />,
  },
];

/** /user/pending-payment and /user/package-pending-payment: a table on wide screens, cards on narrow (spec). */
export function PendingOrdersPage() {
  return (
    <PendingOrders kind="package">
      {(rows) => (
        <>
          <div className="hidden md:block">
            <DataTable
              columns={PACKAGE_COLUMNS}
              rows={rows}
              rowKey={(o) => o._id}
              caption={ORDER_MESSAGES.pendingTitle}
            />
          </div>
          <ul className="space-y-3 md:hidden">
            {rows.map((o) => (
              <li key={o._id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <OrderInfo order={o} />
                  </div>
                  <StatusBadge status={o.paymentStatus} />
                </div>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{formatPrice(o.totalPrice)}</span>
                  <UnpaidOrderActions kind="package" order={o} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </PendingOrders>
  );
}

/** /user/item-pending-payment: image, name linking to the item page, order, price, status (spec). */
export function PendingItemOrdersPage() {
  return (
    <PendingOrders kind="item">
      {(rows) => (
        <ul className="space-y-3">
          {rows.map((o) => (
            <li
              key={o._id}
              className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
            >
              <ItemImage
                src={o.imageUrl}
                className="h-20 w-28 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-cover"
              />
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.premiumItem(o.slug, o.itemId)}
                  className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {orderName(o, "item")}
                </Link>
                <p className="text-xs text-slate-500">
                  Order #{o.orderId} · {o.orderDate}
                </p>
                <p className="mt-1 font-semibold">{formatPrice(o.totalPrice)}</p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <StatusBadge status={o.paymentStatus} />
                <UnpaidOrderActions kind="item" order={o} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </PendingOrders>
  );
}
