import {
  ADMIN_ITEM_ORDERS_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZE,
  formatPrice,
  ITEM_MESSAGES,
  ORDER_MESSAGES,
  type ORDER_SORT_FIELDS,
  PAYMENT_STATUS,
  type TItemOrder,
  type TPackageOrder,
  truncateName,
} from "@mailsmith/shared";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { inputClasses } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Pager, pageCountOf } from "@/components/ui/pager";
import { type Column, SortableTable, type SortState, useSort } from "@/components/ui/sortable-table";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminItemOrders, useAdminOrders, useDeleteOrder } from "../api/orders";
import { StatusBadge, shortDate } from "../components/order-format";
import { OrderDetail } from "./subscription-history-page";

type SortField = (typeof ORDER_SORT_FIELDS)[number];
/** Server sorts; the table only needs a sortValue to render the header as a sort button. */
const serverSorted = () => 0;

function useListState(defaultKey: SortField) {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const { sort, toggle } = useSort({ key: defaultKey, dir: "desc" });
  return {
    q,
    page,
    setPage,
    sort,
    setSearch: (v: string) => {
      setQ(v);
      setPage(1);
    },
    toggle: (k: string) => {
      toggle(k);
      setPage(1);
    },
  };
}

function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
}) {
  return (
    <input
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      className={`${inputClasses()} max-w-xs`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function DeleteButton({ kind, id, orderId }: { kind: "package" | "item"; id: string; orderId: string }) {
  const del = useDeleteOrder(kind);
  const [confirm, confirmDialog] = useConfirm();
  return (
    <>
      {confirmDialog}
      <button
        type="button"
        aria-label={`Delete order ${orderId}`}
        title="Delete pending order"
        disabled={del.isPending}
        className="rounded-md p-1.5 text-red-600 hover:bg-red-50 disabled:opacity-60"
        onClick={async () => {
          if (
            !(await confirm(ORDER_MESSAGES.deleteConfirmNamed(orderId), { confirmLabel: "Delete order", danger: true }))
          )
            return;
          try {
            await del.mutateAsync(id);
            toast.success(ORDER_MESSAGES.deleted);
          } catch (err) {
            toast.error(
              err instanceof ApiError ? err.message || ORDER_MESSAGES.deleteFailed : ORDER_MESSAGES.somethingWrong,
            );
          }
        }}
      >
        {del.isPending ? (
          <Spinner className="h-4 w-4" label="Deleting" />
        ) : (
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
          </svg>
        )}
      </button>
    </>
  );
}

function ListBody({ isPending, error, children }: { isPending: boolean; error: unknown; children: React.ReactNode }) {
  if (isPending) {
    return (
      <div className="flex justify-center py-16 text-brand-600">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (error) return <Alert>{ORDER_MESSAGES.fetchFailed(errorMessage(error, ORDER_MESSAGES.somethingWrong))}</Alert>;
  return <>{children}</>;
}

/** /admin/orders: Orders Management (package orders, 5 per page). */
/** The frame both admin order screens share: title, search, sortable table, pager. */
function OrdersListFrame<T extends { _id: string }>({
  title,
  caption,
  state,
  list,
  columns,
  pageSize,
  children,
}: {
  title: string;
  caption: string;
  state: ReturnType<typeof useListState>;
  list: { isPending: boolean; error: unknown; data?: { data: T[]; total: number } };
  columns: Column<T>[];
  pageSize: number;
  children?: React.ReactNode;
}) {
  const total = list.data?.total ?? 0;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <SearchBox value={state.q} onChange={state.setSearch} placeholder="Search orders..." />
      </div>
      <ListBody isPending={list.isPending} error={list.error}>
        <SortableTable
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(o) => o._id}
          sort={state.sort as SortState}
          onSort={state.toggle}
          empty={ORDER_MESSAGES.noOrders}
          caption={caption}
        />
        <Pager
          page={state.page}
          pageCount={pageCountOf(total, pageSize)}
          onPageChange={state.setPage}
          total={total}
          pageSize={pageSize}
        />
      </ListBody>
      {children}
    </div>
  );
}

export function AdminOrdersPage() {
  useDocumentTitle("Orders Management - Mailsmith Admin");
  const s = useListState("orderDate");
  const list = useAdminOrders({
    q: s.q,
    page: s.page,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
    sort: s.sort.key as SortField,
    dir: s.sort.dir,
  });
  const [detail, setDetail] = useState<TPackageOrder | null>(null);
  const columns: Column<TPackageOrder>[] = [
    {
      key: "orderId",
      header: "Order ID",
      sortValue: serverSorted,
      render: (o) => <span className="font-mono">{o.orderId}</span>,
    },
    {
      key: "customerName",
      header: "Customer",
      sortValue: serverSorted,
      render: (o) => (
        <div>
          <p className="font-medium text-slate-900">{o.customerName}</p>
          <p className="text-xs text-slate-500">{o.customerEmail}</p>
        </div>
      ),
    },
    { key: "packageName", header: "Package", sortValue: serverSorted, render: (o) => o.packageName },
    { key: "orderDate", header: "Date", sortValue: serverSorted, render: (o) => shortDate(o.createdAt) },
    { key: "totalPrice", header: "Amount", sortValue: serverSorted, render: (o) => formatPrice(o.totalPrice) },
    {
      key: "paymentStatus",
      header: "Payment",
      sortValue: serverSorted,
      render: (o) => <StatusBadge status={o.paymentStatus} />,
    },
    {
      key: "orderStatus",
      header: "Status",
      sortValue: serverSorted,
      render: (o) => <StatusBadge status={o.orderStatus} />,
    },
    {
      key: "actions",
      header: "Actions",
      render: (o) => (
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            className="px-2 py-1"
            onClick={() => setDetail(o)}
            aria-label={`View order ${o.orderId}`}
          >
            View
          </Button>
          {o.paymentStatus !== PAYMENT_STATUS.paid && <DeleteButton kind="package" id={o._id} orderId={o.orderId} />}
        </div>
      ),
    },
  ];
  return (
    <OrdersListFrame
      title="Orders Management"
      caption="Package orders"
      state={s}
      list={list}
      columns={columns}
      pageSize={ADMIN_ORDERS_PAGE_SIZE}
    >
      <Modal open={detail !== null} onClose={() => setDetail(null)} title="Package details" size="lg">
        {detail && <OrderDetail order={detail} />}
      </Modal>
    </OrdersListFrame>
  );
}

/** /admin/items-orders: Item Orders Management (10 per page). */
export function AdminItemOrdersPage() {
  useDocumentTitle("Item Orders Management - Mailsmith Admin");
  const s = useListState("orderDate");
  const list = useAdminItemOrders({
    q: s.q,
    page: s.page,
    pageSize: ADMIN_ITEM_ORDERS_PAGE_SIZE,
    sort: s.sort.key as SortField,
    dir: s.sort.dir,
  });
  const columns: Column<TItemOrder>[] = [
    {
      key: "orderId",
      header: "Order ID",
      sortValue: serverSorted,
      render: (o) => <span className="font-mono">{o.orderId}</span>,
    },
    {
      key: "customerName",
      header: "Customer",
      sortValue: serverSorted,
      render: (o) => (
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
          >
            {(o.customerName || "?").charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{o.customerName}</p>
            <p className="truncate text-xs text-slate-500">{o.customerEmail}</p>
          </div>
        </div>
      ),
    },
    {
      key: "packageName",
      header: "Item",
      sortValue: serverSorted,
      render: (o) => (
        <div>
          <Link
            to={paths.premiumItem(o.slug, o.itemId)}
            className="font-medium text-brand-700 hover:underline"
            title={o.packageName}
          >
            {truncateName(o.packageName || ITEM_MESSAGES.unnamedItem)}
          </Link>
          <p className="text-xs text-slate-500">{o.itemId || "N/A"}</p>
        </div>
      ),
    },
    { key: "orderDate", header: "Date", sortValue: serverSorted, render: (o) => shortDate(o.createdAt) },
    { key: "totalPrice", header: "Amount", sortValue: serverSorted, render: (o) => `${formatPrice(o.totalPrice)} USD` },
    {
      key: "paymentStatus",
      header: "Payment Status",
      sortValue: serverSorted,
      render: (o) => <StatusBadge status={o.paymentStatus} upper />,
    },
    {
      key: "actions",
      header: "Actions",
      render: (o) =>
        o.paymentStatus !== PAYMENT_STATUS.paid ? <DeleteButton kind="item" id={o._id} orderId={o.orderId} /> : null,
    },
  ];
  return (
    <OrdersListFrame
      title="Item Orders Management"
      caption="Item orders"
      state={s}
      list={list}
      columns={columns}
      pageSize={ADMIN_ITEM_ORDERS_PAGE_SIZE}
    />
  );
}
