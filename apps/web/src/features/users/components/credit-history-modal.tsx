import { LEDGER_REASON_LABELS, type TUser } from "@mailsmith/shared";
import { Alert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useCreditHistory } from "../api/users";

/** The credit ledger of one user (admin adjustments, purchases, generations…), newest first. */
export function CreditHistoryModal({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const history = useCreditHistory(user?._id ?? null);
  return (
    <Modal open={Boolean(user)} onClose={onClose} title="Credit History" size="lg">
      <p className="mb-4 text-sm text-slate-600">
        {user?.userName} · balance <strong>{user?.currentBalance}</strong>
      </p>
      {history.isPending ? (
        <div className="flex justify-center p-6 text-brand-600">
          <Spinner />
        </div>
      ) : history.isError ? (
        <Alert>{errorMessage(history.error, "Failed to load the credit history")}</Alert>
      ) : history.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No credit movements yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Date
                </th>
                <th scope="col" className="px-3 py-2">
                  Reason
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Change
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {history.data.map((r) => (
                <tr key={r._id}>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {new Date(r.createdAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
                  </td>
                  <td className="px-3 py-2">{LEDGER_REASON_LABELS[r.reason] ?? r.reason}</td>
                  <td
                    className={`px-3 py-2 text-right font-semibold ${r.delta >= 0 ? "text-green-700" : "text-red-600"}`}
                  >
                    {r.delta > 0 ? `+${r.delta}` : r.delta}
                  </td>
                  <td className="px-3 py-2 text-right">{r.balanceAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
