import {
  daysLeft,
  formatPrice,
  ORDER_MESSAGES,
  ORDER_PAGE_SIZE,
  PAYMENT_STATUS,
  type TPackageOrder,
} from "@mailsmith/shared";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Pager, pageCountOf, pageSlice } from "@/components/ui/pager";
import { type Column, SortableTable, sortRows, useSort } from "@/components/ui/sortable-table";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMyOrders } from "../api/orders";
import { StatusBadge, shortDate } from "../components/order-format";

function DaysLeft({ order }: { order: TPackageOrder }) {
  // Unpaid orders have no membership yet: say so, with the way to pay (issue 13 item 3).
  if (order.paymentStatus === PAYMENT_STATUS.pending) {
    return (
      <span className="text-amber-800">
        {ORDER_MESSAGES.awaitingPayment} ·{" "}
        <Link to={paths.payNow(order._id)} className="font-semibold underline">
          Pay now
        </Link>
      </span>
    );
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
    [order.paymentStatus === PAYMENT_STATUS.paid ? "Days left" : "State", <DaysLeft key="d" order={order} />],
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

/** /user/subscription-history (and /user/orders-history, the post-payment destination). */
export function SubscriptionHistoryPage() {
  useDocumentTitle("Subscription History - Mailsmith");
  const orders = useMyOrders();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<TPackageOrder | null>(null);
  const { sort, toggle } = useSort({ key: "date", dir: "desc" });
  const columns: Column<TPackageOrder>[] = [
    {
      key: "orderId",
      header: "Order ID",
      sortValue: (o) => o.orderId,
      render: (o) => <span className="font-mono">{o.orderId}</span>,
    },
    {
      key: "package",
      header: "Package",
      sortValue: (o) => o.packageName,
      render: (o) => (
        <div>
          <p className="font-medium text-slate-900">{o.packageName}</p>
          <p className="text-xs">
            <DaysLeft order={o} />
          </p>
        </div>
      ),
    },
    { key: "date", header: "Date", sortValue: (o) => new Date(o.createdAt), render: (o) => shortDate(o.createdAt) },
    { key: "amount", header: "Amount", sortValue: (o) => o.totalPrice, render: (o) => formatPrice(o.totalPrice) },
    {
      key: "payment",
      header: "Payment",
      sortValue: (o) => o.paymentStatus,
      render: (o) => <StatusBadge status={o.paymentStatus} />,
    },
    {
      key: "details",
      header: "Details",
      render: (o) => (
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={() => setDetail(o)}
          aria-label={`View order ${o.orderId}`}
        >
          View
        </Button>
      ),
    },
  ];
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = orders.data ?? [];
    if (!q) return list;
    return list.filter((o) => [o.orderId, o.orderStatus, o.packageName].some((v) => v.toLowerCase().includes(q)));
  }, [orders.data, search]);
  const sorted = sortRows(filtered, columns, sort);
  const pageCount = pageCountOf(sorted.length, ORDER_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Subscription History</h1>
        <input
          type="search"
          aria-label="Search orders"
          placeholder="Search by order ID, status or package"
          className={`${inputClasses()} max-w-xs`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {orders.isPending ? (
        <div className="flex justify-center py-16 text-brand-600">
          <Spinner className="h-8 w-8" />
        </div>
      ) : orders.isError ? (
        <Alert>{ORDER_MESSAGES.loadFailed}</Alert>
      ) : (
        <>
          <SortableTable
            columns={columns}
            rows={pageSlice(sorted, current, ORDER_PAGE_SIZE)}
            rowKey={(o) => o._id}
            sort={sort}
            onSort={(k) => {
              toggle(k);
              setPage(1);
            }}
            empty={ORDER_MESSAGES.noOrders}
            caption="Subscription history"
          />
          {sorted.length > ORDER_PAGE_SIZE && <Pager page={current} pageCount={pageCount} onPageChange={setPage} />}
        </>
      )}
      <Modal open={detail !== null} onClose={() => setDetail(null)} title="Package details" size="lg">
        {detail && <OrderDetail order={detail} />}
      </Modal>
    </div>
  );
}
