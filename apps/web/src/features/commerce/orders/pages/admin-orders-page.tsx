import {
  ADMIN_ITEM_ORDERS_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZE,
  COMMERCE_UI_TEXTS,
  formatPrice,
  ORDER_MESSAGES,
  type ORDER_SORT_FIELDS,
  type OrderKind,
  type TPackageOrder,
  truncateName,
} from "@mailsmith/shared";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { type Column, DataTable } from "@/components/ui/data-table";
import { inputClasses } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { pageCountOf } from "@/components/ui/pager";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import { Spinner } from "@/components/ui/spinner";
import { useSort } from "@/components/ui/table-sort";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { type OrderOf, useAdminOrders, useDeleteOrder } from "../api/orders";
import { OrderDetail } from "../components/order-detail";
import { AdminPaymentStatus, orderName, StatusBadge, shortDate } from "../components/order-format";
import { isOpenUnpaid } from "../order-status";

type SortField = (typeof ORDER_SORT_FIELDS)[number];
/** Server sorts; the table only needs a sortValue to render the header as a sort button. */
const serverSorted = () => 0;

/** The Date column both order tables show. */
function dateColumn<T extends { createdAt: Parameters<typeof shortDate>[0] }>(): Column<T> {
  return {
    key: "orderDate",
    header: COMMERCE_UI_TEXTS.adminOrdersPage.date,
    sortValue: serverSorted,
    render: (o) => shortDate(o.createdAt),
  };
}

const SCREENS = {
  package: {
    title: COMMERCE_UI_TEXTS.adminOrdersPage.ordersManagement,
    caption: COMMERCE_UI_TEXTS.adminOrdersPage.packageOrders,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
  },
  item: {
    title: COMMERCE_UI_TEXTS.adminOrdersPage.itemOrdersManagement,
    caption: COMMERCE_UI_TEXTS.adminOrdersPage.itemOrders,
    pageSize: ADMIN_ITEM_ORDERS_PAGE_SIZE,
  },
} as const;

/** Deleting a pending order, confirmed with the order's id. */
function useDeletePendingOrder(kind: OrderKind) {
  const del = useDeleteOrder(kind);
  const [confirm, confirmDialog] = useConfirm();
  const remove = async (order: { _id: string; orderId: string }) => {
    const ok = await confirm(ORDER_MESSAGES.deleteConfirmNamed(order.orderId), {
      confirmLabel: COMMERCE_UI_TEXTS.adminOrdersPage.deleteOrder,
      danger: true,
    });
    if (!ok) return;
    try {
      await del.mutateAsync(order._id);
      toast.success(ORDER_MESSAGES.deleted);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message || ORDER_MESSAGES.deleteFailed : ORDER_MESSAGES.somethingWrong);
    }
  };
  const deleting = (id: string) => del.isPending && del.variables === id;
  return { remove, deleting, confirmDialog };
}

function CustomerCell({ name, email, avatar }: { name: string; email: string; avatar: boolean }) {
  return (
    <div className="flex items-center gap-3">
      {avatar && (
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
        >
          {(name || "?").charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{email}</p>
      </div>
    </div>
  );
}

/**
 * Both admin order screens: title, search, the server-sorted and server-paged table, and a row-actions menu
 * (View details for package orders; Delete order for unpaid ones).
 */
function AdminOrders<K extends OrderKind>({
  kind,
  columns,
  onView,
  children,
}: {
  kind: K;
  /** The kind's own columns; Order ID, Customer and Actions are added here. */
  columns: Column<OrderOf<K>>[];
  onView?: (order: OrderOf<K>) => void;
  children?: React.ReactNode;
}) {
  const screen = SCREENS[kind];
  useDocumentTitle(COMMERCE_UI_TEXTS.adminOrdersPage.documentTitle(screen.title));
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const { sort, toggle } = useSort({ key: "orderDate", dir: "desc" });
  const list = useAdminOrders(kind, {
    q,
    page,
    pageSize: screen.pageSize,
    sort: sort.key as SortField,
    dir: sort.dir,
  });
  const { remove, deleting, confirmDialog } = useDeletePendingOrder(kind);
  const total = list.data?.total ?? 0;
  const allColumns: Column<OrderOf<K>>[] = [
    {
      key: "orderId",
      header: COMMERCE_UI_TEXTS.adminOrdersPage.orderId,
      sortValue: serverSorted,
      render: (o) => <span className="font-mono">{o.orderId}</span>,
    },
    {
      key: "customerName",
      header: COMMERCE_UI_TEXTS.adminOrdersPage.customer,
      sortValue: serverSorted,
      render: (o) => <CustomerCell name={o.customerName} email={o.customerEmail} avatar={kind === "item"} />,
    },
    ...columns,
    {
      key: "actions",
      header: COMMERCE_UI_TEXTS.adminOrdersPage.actions,
      render: (o) => {
        // The spec's spinner while a pending order is being deleted.
        if (deleting(o._id)) return <Spinner className="h-4 w-4" label={COMMERCE_UI_TEXTS.adminOrdersPage.deleting} />;
        const items: RowAction[] = [];
        if (onView) items.push({ label: COMMERCE_UI_TEXTS.adminOrdersPage.viewDetails, onSelect: () => onView(o) });
        if (isOpenUnpaid(o)) {
          items.push({
            label: COMMERCE_UI_TEXTS.adminOrdersPage.deleteOrder,
            destructive: true,
            onSelect: () => void remove(o),
          });
        }
        return items.length > 0 ? (
          <RowActions name={COMMERCE_UI_TEXTS.adminOrdersPage.orderName(o.orderId)} items={items} />
        ) : null;
      },
    },
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      {confirmDialog}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{screen.title}</h1>
        <input
          type="search"
          aria-label={COMMERCE_UI_TEXTS.adminOrdersPage.searchOrders}
          placeholder={COMMERCE_UI_TEXTS.adminOrdersPage.searchOrders}
          className={`${inputClasses()} max-w-xs`}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.error ? (
        <Alert>{ORDER_MESSAGES.fetchFailed(errorMessage(list.error, ORDER_MESSAGES.somethingWrong))}</Alert>
      ) : (
        <DataTable
          columns={allColumns}
          rows={list.data?.data ?? []}
          rowKey={(o) => o._id}
          loading={list.isPending}
          sort={sort}
          onSort={(k) => {
            toggle(k);
            setPage(1);
          }}
          empty={ORDER_MESSAGES.noOrders}
          caption={screen.caption}
          paging={{
            page,
            pageCount: pageCountOf(total, screen.pageSize),
            onPageChange: setPage,
            total,
            pageSize: screen.pageSize,
          }}
        />
      )}
      {children}
    </div>
  );
}

/** /admin/orders: Orders Management (package orders, 5 per page). */
export function AdminOrdersPage() {
  const [detail, setDetail] = useState<TPackageOrder | null>(null);
  return (
    <AdminOrders
      kind="package"
      onView={setDetail}
      columns={[
        {
          key: "packageName",
          header: COMMERCE_UI_TEXTS.adminOrdersPage.package,
          sortValue: serverSorted,
          render: (o) => o.packageName,
        },
        dateColumn<OrderOf<"package">>(),
        {
          key: "totalPrice",
          header: COMMERCE_UI_TEXTS.adminOrdersPage.amount,
          sortValue: serverSorted,
          render: (o) => formatPrice(o.totalPrice),
        },
        {
          key: "paymentStatus",
          header: COMMERCE_UI_TEXTS.adminOrdersPage.payment,
          sortValue: serverSorted,
          render: (o) => <AdminPaymentStatus status={o.paymentStatus} />,
        },
        {
          key: "orderStatus",
          header: COMMERCE_UI_TEXTS.adminOrdersPage.status,
          sortValue: serverSorted,
          render: (o) => <StatusBadge status={o.orderStatus} />,
        },
      ]}
    >
      <Modal
        open={detail !== null}
        onClose={() => setDetail(null)}
        title={COMMERCE_UI_TEXTS.adminOrdersPage.packageDetails}
        size="lg"
      >
        {detail && <OrderDetail order={detail} audience="admin" />}
      </Modal>
    </AdminOrders>
  );
}

/** /admin/items-orders: Item Orders Management (10 per page). */
export function AdminItemOrdersPage() {
  return (
    <AdminOrders
      kind="item"
      columns={[
        {
          key: "packageName",
          header: COMMERCE_UI_TEXTS.adminOrdersPage.item,
          sortValue: serverSorted,
          render: (o) => (
            <div>
              <Link
                to={paths.premiumItem(o.slug, o.itemId)}
                className="font-medium text-brand-700 hover:underline"
                title={o.packageName}
              >
                {truncateName(orderName(o, "item"))}
              </Link>
              <p className="text-xs text-slate-500">{o.itemId || "N/A"}</p>
            </div>
          ),
        },
        dateColumn<OrderOf<"item">>(),
        {
          key: "totalPrice",
          header: COMMERCE_UI_TEXTS.adminOrdersPage.amount,
          sortValue: serverSorted,
          render: (o) => `${formatPrice(o.totalPrice)} USD`,
        },
        {
          key: "paymentStatus",
          header: COMMERCE_UI_TEXTS.adminOrdersPage.paymentStatus,
          sortValue: serverSorted,
          render: (o) => <AdminPaymentStatus status={o.paymentStatus} upper />,
        },
      ]}
    />
  );
}
