import { COMMERCE_UI_TEXTS, formatPrice, ORDER_MESSAGES, ORDER_PAGE_SIZE, type TPackageOrder } from "@mailsmith/shared";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { inputClasses } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Pager } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMyOrders } from "../api/orders";
import { UnpaidOrderActions } from "../components/order-actions";
import { OrderDetail, OrderState } from "../components/order-detail";
import { StatusBadge, shortDate } from "../components/order-format";

function ViewButton({ order, onView }: { order: TPackageOrder; onView: (o: TPackageOrder) => void }) {
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      onClick={() => onView(order)}
      aria-label={COMMERCE_UI_TEXTS.subscriptionHistoryPage.viewOrder(order.orderId)}
    >
      {COMMERCE_UI_TEXTS.subscriptionHistoryPage.view}
    </Button>
  );
}

/** /user/subscription-history (and /user/orders-history, the post-payment destination). */
export function SubscriptionHistoryPage() {
  useDocumentTitle(COMMERCE_UI_TEXTS.subscriptionHistoryPage.subscriptionHistoryMailsmith);
  const orders = useMyOrders("package");
  const [search, setSearch] = useState("");
  const [detail, setDetail] = useState<TPackageOrder | null>(null);
  const columns: Column<TPackageOrder>[] = [
    {
      key: "orderId",
      header: COMMERCE_UI_TEXTS.subscriptionHistoryPage.orderId,
      sortValue: (o) => o.orderId,
      render: (o) => <span className="font-mono">{o.orderId}</span>,
    },
    {
      key: "package",
      header: COMMERCE_UI_TEXTS.subscriptionHistoryPage.package,
      sortValue: (o) => o.packageName,
      render: (o) => (
        <div>
          <p className="font-medium text-slate-900">{o.packageName}</p>
          <p className="text-xs">
            <OrderState order={o} />
          </p>
        </div>
      ),
    },
    {
      key: "date",
      header: COMMERCE_UI_TEXTS.subscriptionHistoryPage.date,
      sortValue: (o) => new Date(o.createdAt),
      render: (o) => shortDate(o.createdAt),
    },
    {
      key: "amount",
      header: COMMERCE_UI_TEXTS.subscriptionHistoryPage.amount,
      sortValue: (o) => o.totalPrice,
      render: (o) => formatPrice(o.totalPrice),
    },
    {
      key: "payment",
      header: COMMERCE_UI_TEXTS.subscriptionHistoryPage.payment,
      sortValue: (o) => o.paymentStatus,
      render: (o) => <StatusBadge status={o.paymentStatus} />,
    },
    {
      key: "details",
      header: COMMERCE_UI_TEXTS.subscriptionHistoryPage.details,
      render: (o) => (
        <div className="flex flex-wrap items-center gap-2">
          <ViewButton order={o} onView={setDetail} />
          <UnpaidOrderActions kind="package" order={o} />
        </div>
      ),
    },
  ];
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = orders.data ?? [];
    if (!q) return list;
    return list.filter((o) => [o.orderId, o.orderStatus, o.packageName].some((v) => v.toLowerCase().includes(q)));
  }, [orders.data, search]);
  const table = useDataTable({
    rows: filtered,
    columns,
    initialSort: { key: "date", dir: "desc" },
    pageSize: ORDER_PAGE_SIZE,
    label: COMMERCE_UI_TEXTS.subscriptionHistoryPage.subscriptionHistoryPages,
  });
  const { paging, ...tableProps } = table.props;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">
          {COMMERCE_UI_TEXTS.subscriptionHistoryPage.subscriptionHistory}
        </h1>
        <input
          type="search"
          aria-label={COMMERCE_UI_TEXTS.subscriptionHistoryPage.searchOrders}
          placeholder={COMMERCE_UI_TEXTS.subscriptionHistoryPage.searchByOrderIdStatus}
          className={`${inputClasses()} max-w-xs`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            table.resetPage();
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
          {/* Wide screens: the sortable table; phones: one stacked card per order. */}
          <div className="hidden md:block">
            <DataTable
              columns={columns}
              {...tableProps}
              rowKey={(o) => o._id}
              empty={ORDER_MESSAGES.noOrders}
              caption={COMMERCE_UI_TEXTS.subscriptionHistoryPage.subscriptionHistory2}
            />
          </div>
          <ul
            className="space-y-3 md:hidden"
            aria-label={COMMERCE_UI_TEXTS.subscriptionHistoryPage.subscriptionHistory2}
          >
            {tableProps.rows.length === 0 && (
              <li className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-500">
                {ORDER_MESSAGES.noOrders}
              </li>
            )}
            {tableProps.rows.map((o) => (
              <li key={o._id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{o.packageName}</p>
                    <p className="font-mono text-xs text-slate-500">
                      #{o.orderId} · {shortDate(o.createdAt)}
                    </p>
                  </div>
                  <StatusBadge status={o.paymentStatus} />
                </div>
                <div className="flex items-center justify-between gap-3">
                  <span className="text-xs">
                    <OrderState order={o} />
                  </span>
                  <span className="font-semibold">{formatPrice(o.totalPrice)}</span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <ViewButton order={o} onView={setDetail} />
                  <UnpaidOrderActions kind="package" order={o} />
                </div>
              </li>
            ))}
          </ul>
          {table.total > ORDER_PAGE_SIZE && <Pager {...paging} />}
        </>
      )}
      <Modal
        open={detail !== null}
        onClose={() => setDetail(null)}
        title={COMMERCE_UI_TEXTS.subscriptionHistoryPage.packageDetails}
        size="lg"
      >
        {detail && <OrderDetail order={detail} />}
      </Modal>
    </div>
  );
}
