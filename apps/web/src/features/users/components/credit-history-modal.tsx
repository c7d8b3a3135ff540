import {
  ADMIN_TABLE_PAGE_SIZE,
  formatCredits,
  LEDGER_REASON_LABELS,
  type TLedgerEntry,
  type TUser,
  USERS_MESSAGES,
} from "@mailsmith/shared";
import { Alert } from "@/components/ui/alert";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useCreditHistory } from "../api/users";

const columns: Column<TLedgerEntry>[] = [
  {
    key: "createdAt",
    header: USERS_MESSAGES.date,
    sortValue: (r) => new Date(r.createdAt),
    className: "whitespace-nowrap",
    render: (r) => formatDate(r.createdAt, { time: true }),
  },
  { key: "reason", header: USERS_MESSAGES.reason, render: (r) => LEDGER_REASON_LABELS[r.reason] ?? r.reason },
  {
    key: "delta",
    header: USERS_MESSAGES.change,
    sortValue: (r) => r.delta,
    align: "right",
    render: (r) => (
      <span className={`font-semibold ${r.delta >= 0 ? "text-green-700" : "text-red-600"}`}>
        {r.delta > 0 ? `+${r.delta}` : formatCredits(r.delta)}
      </span>
    ),
  },
  {
    key: "balanceAfter",
    header: USERS_MESSAGES.balance,
    align: "right",
    render: (r) => <span className={r.balanceAfter < 0 ? "text-red-600" : ""}>{formatCredits(r.balanceAfter)}</span>,
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
    label: USERS_MESSAGES.creditPages,
  });
  return (
    <Modal open={Boolean(user)} onClose={onClose} title={USERS_MESSAGES.creditTitle} size="lg">
      <p className="mb-4 text-sm text-slate-600">
        {user?.userName} · {USERS_MESSAGES.balance.toLowerCase()}{" "}
        <strong className={(user?.currentBalance ?? 0) < 0 ? "text-red-600" : ""}>
          {formatCredits(user?.currentBalance ?? 0)}
        </strong>
      </p>
      {history.isError ? (
        <Alert>{errorMessage(history.error, USERS_MESSAGES.creditLoadFailed)}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rowKey={(r) => r._id}
          caption={USERS_MESSAGES.creditCaption}
          loading={history.isPending}
          empty={USERS_MESSAGES.creditEmpty}
          {...table.props}
        />
      )}
    </Modal>
  );
}
