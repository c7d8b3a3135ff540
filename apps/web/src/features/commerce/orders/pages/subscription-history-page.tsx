import { formatPrice, ORDER_MESSAGES, ORDER_PAGE_SIZE, type TPackageOrder } from "@mailsmith/shared";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Pager, pageCountOf, pageSlice } from "@/components/ui/pager";
import { type Column, SortableTable, sortRows, useSort } from "@/components/ui/sortable-table";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMyOrders } from "../api/orders";
import { OrderDetail, OrderState } from "../components/order-detail";
import { StatusBadge, shortDate } from "../components/order-format";

/** /user/subscription-history (and /user/orders-history, the post-payment destination). */
export function SubscriptionHistoryPage() {
  useDocumentTitle("Subscription History - Mailsmith");
  const orders = useMyOrders("package");
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
          <div className="mt-1 text-xs">
            <OrderState order={o} actions />
          </div>
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
