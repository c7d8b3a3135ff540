import { ADMIN_TABLE_PAGE_SIZE, LEDGER_REASON_LABELS, type TLedgerEntry, type TUser } from "@mailsmith/shared";
import { Alert } from "@/components/ui/alert";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/api-client";
import { useCreditHistory } from "../api/users";

const columns: Column<TLedgerEntry>[] = [
  {
    key: "createdAt",
    header: "Date",
    sortValue: (r) => new Date(r.createdAt),
    className: "whitespace-nowrap",
    render: (r) => new Date(r.createdAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
  },
  { key: "reason", header: "Reason", render: (r) => LEDGER_REASON_LABELS[r.reason] ?? r.reason },
  {
    key: "delta",
    header: "Change",
    sortValue: (r) => r.delta,
    align: "right",
    render: (r) => (
      <span className={`font-semibold ${r.delta >= 0 ? "text-green-700" : "text-red-600"}`}>
        {r.delta > 0 ? `+${r.delta}` : r.delta}
      </span>
    ),
  },
  {
    key: "balanceAfter",
    header: "Balance",
    align: "right",
    render: (r) => r.balanceAfter,
  },
];

/** The credit ledger of one user (admin adjustments, purchases, generations…), newest first. */
export function CreditHistoryModal({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const history = useCreditHistory(user?._id ?? null);
  const table = useDataTable({
    rows: history.data ?? [],
    columns,
    initialSort: { key: "createdAt", dir: "desc" },
    pageSize: ADMIN_TABLE_PAGE_SIZE,
    label: "Credit history pages",
  });
  return (
    <Modal open={Boolean(user)} onClose={onClose} title="Credit History" size="lg">
      <p className="mb-4 text-sm text-slate-600">
        {user?.userName} · balance <strong>{user?.currentBalance}</strong>
      </p>
      {history.isError ? (
        <Alert>{errorMessage(history.error, "Failed to load the credit history")}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rowKey={(r) => r._id}
          caption="Credit movements"
          loading={history.isPending}
          empty="No credit movements yet."
          {...table.props}
        />
      )}
    </Modal>
  );
}
