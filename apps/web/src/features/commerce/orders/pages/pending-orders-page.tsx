import { formatPrice, ITEM_MESSAGES, ORDER_MESSAGES, ORDER_PAGE_SIZE, PAYMENT_STATUS } from "@mailsmith/shared";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Pager, pageCountOf, pageSlice } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMyItemOrders, useMyOrders } from "../api/orders";
import { ITEM_PLACEHOLDER, StatusBadge, shortDate } from "../components/order-format";

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
        <p className="text-sm text-slate-600">Pay an order to get its credits or download.</p>
      </div>
      {first ? (
        <Button onClick={() => navigate(first)}>{ORDER_MESSAGES.payFirstOrder}</Button>
      ) : (
        <p className="text-sm font-medium text-slate-600">{ORDER_MESSAGES.noPaymentsDue}</p>
      )}
    </div>
  );
}

function Loading() {
  return (
    <div className="flex justify-center py-16 text-brand-600">
      <Spinner className="h-8 w-8" />
    </div>
  );
}

/** /user/pending-payment and /user/package-pending-payment: the caller's unpaid package orders. */
export function PendingOrdersPage() {
  useDocumentTitle(`${ORDER_MESSAGES.pendingTitle} - Mailsmith`);
  const orders = useMyOrders();
  const [page, setPage] = useState(1);
  const pending = (orders.data ?? []).filter((o) => o.paymentStatus !== PAYMENT_STATUS.paid);
  const rows = pageSlice(pending, page, ORDER_PAGE_SIZE);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">
        {ORDER_MESSAGES.pendingTitle} <span className="text-slate-500">({pending.length})</span>
      </h1>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <Alert>{ORDER_MESSAGES.loadFailed}</Alert>
      ) : pending.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50">
                <tr>
                  {["Order Info", "Amount", "Status", "Actions"].map((h) => (
                    <th
                      key={h}
                      scope="col"
                      className="px-4 py-3 text-left text-xs font-semibold text-slate-600 uppercase"
                    >
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((o) => (
                  <tr key={o._id}>
                    <td className="px-4 py-3">
                      <p className="font-semibold text-slate-900">{o.packageName || ITEM_MESSAGES.unnamedPackage}</p>
                      <p className="text-xs text-slate-500">
                        #{o.orderId} · {shortDate(o.createdAt)}
                      </p>
                    </td>
                    <td className="px-4 py-3 font-medium">{formatPrice(o.totalPrice)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={o.paymentStatus} />
                    </td>
                    <td className="px-4 py-3">
                      <Link to={paths.payNow(o._id)} className={buttonClasses("primary", "px-3 py-1.5")}>
                        {ORDER_MESSAGES.payNow}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden">
            {rows.map((o) => (
              <li key={o._id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-slate-900">{o.packageName || ITEM_MESSAGES.unnamedPackage}</p>
                    <p className="text-xs text-slate-500">
                      #{o.orderId} · {shortDate(o.createdAt)}
                    </p>
                  </div>
                  <StatusBadge status={o.paymentStatus} />
                </div>
                <div className="mt-3 flex items-center justify-between">
                  <span className="font-semibold">{formatPrice(o.totalPrice)}</span>
                  <Link to={paths.payNow(o._id)} className={buttonClasses("primary", "px-3 py-1.5")}>
                    {ORDER_MESSAGES.payNow}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          {pending.length > ORDER_PAGE_SIZE && (
            <Pager page={page} pageCount={pageCountOf(pending.length, ORDER_PAGE_SIZE)} onPageChange={setPage} />
          )}
        </>
      )}
      {!orders.isPending && !orders.isError && (
        <CompleteYourPurchase first={pending[0] ? paths.payNow(pending[0]._id) : null} />
      )}
    </div>
  );
}

/** /user/item-pending-payment: the caller's unpaid item orders. */
export function PendingItemOrdersPage() {
  useDocumentTitle(`${ORDER_MESSAGES.pendingItemTitle} - Mailsmith`);
  const orders = useMyItemOrders();
  const [page, setPage] = useState(1);
  const pending = (orders.data ?? []).filter((o) => o.paymentStatus !== PAYMENT_STATUS.paid);
  const rows = pageSlice(pending, page, ORDER_PAGE_SIZE);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">
        {ORDER_MESSAGES.pendingItemTitle} <span className="text-slate-500">({pending.length})</span>
      </h1>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <Alert>{ORDER_MESSAGES.loadItemFailed}</Alert>
      ) : pending.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className="space-y-3">
            {rows.map((o) => (
              <li
                key={o._id}
                className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
              >
                <img
                  src={o.imageUrl || ITEM_PLACEHOLDER}
                  onError={(e) => {
                    e.currentTarget.src = ITEM_PLACEHOLDER;
                  }}
                  alt=""
                  className="h-20 w-28 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.premiumItem(o.slug, o.itemId)}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {o.packageName || ITEM_MESSAGES.unnamedItem}
                  </Link>
                  <p className="text-xs text-slate-500">
                    Order #{o.orderId} · {o.orderDate}
                  </p>
                  <p className="mt-1 font-semibold">{formatPrice(o.totalPrice)}</p>
                </div>
                <div className="flex items-center gap-3">
                  <StatusBadge status={o.paymentStatus} />
                  <Link to={paths.itemPayNow(o._id)} className={buttonClasses("primary", "px-3 py-1.5")}>
                    {ORDER_MESSAGES.payNow}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          {pending.length > ORDER_PAGE_SIZE && (
            <Pager page={page} pageCount={pageCountOf(pending.length, ORDER_PAGE_SIZE)} onPageChange={setPage} />
          )}
        </>
      )}
      {!orders.isPending && !orders.isError && (
        <CompleteYourPurchase first={pending[0] ? paths.itemPayNow(pending[0]._id) : null} />
      )}
    </div>
  );
}
