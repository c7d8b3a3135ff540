import { MESSAGE_LOG_PAGE_SIZE, type TUser } from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal";
import { Pager, pageCountOf } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useMessageLog } from "../api/messaging";

/** Message Log History of one user: day, date, template name and subject, 5 per page. */
export function MessageLogModal({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to page 1 for each user
  useEffect(() => setPage(1), [user?._id]);
  const log = useMessageLog(user?.email ?? null, page);
  return (
    <Modal open={Boolean(user)} onClose={onClose} title="Message Log History" size="lg">
      <p className="mb-4 text-sm text-slate-600">
        Messages sent to <strong>{user?.email}</strong>
      </p>
      {log.isPending ? (
        <div className="flex justify-center p-6 text-brand-600">
          <Spinner />
        </div>
      ) : log.isError ? (
        <Alert>{errorMessage(log.error, "Failed to load the message log")}</Alert>
      ) : log.data.total === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No messages sent yet.</p>
      ) : (
        <div className="space-y-4">
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Template
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Subject
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {log.data.data.map((row) => (
                  <tr key={row._id}>
                    <td className="px-3 py-2">{row.day}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.date}</td>
                    <td className="px-3 py-2">{row.templateName || "—"}</td>
                    <td className="px-3 py-2">{row.subject}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageCount={pageCountOf(log.data.total, MESSAGE_LOG_PAGE_SIZE)}
            onPageChange={setPage}
            total={log.data.total}
            pageSize={MESSAGE_LOG_PAGE_SIZE}
            label="Message log pages"
          />
        </div>
      )}
    </Modal>
  );
}
