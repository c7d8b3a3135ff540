import { MESSAGE_LOG_PAGE_SIZE, type TMessageLogPage, type TUser, USERS_MESSAGES } from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { type Column, DataTable } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { pageCountOf } from "@/components/ui/pager";
import { errorMessage } from "@/lib/api-client";
import { useMessageLog } from "../api/messaging";

type LogRow = TMessageLogPage["data"][number];
const columns: Column<LogRow>[] = [
  { key: "day", header: USERS_MESSAGES.day, render: (row) => row.day },
  { key: "date", header: USERS_MESSAGES.date, className: "whitespace-nowrap", render: (row) => row.date },
  { key: "templateName", header: USERS_MESSAGES.template, render: (row) => row.templateName || "—" },
  { key: "subject", header: USERS_MESSAGES.subject, render: (row) => row.subject },
];

/** Message Log History of one user: day, date, template name and subject, 5 per page. */
export function MessageLogModal({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to page 1 for each user
  useEffect(() => setPage(1), [user?._id]);
  const log = useMessageLog(user?.email ?? null, page);
  return (
    <Modal open={Boolean(user)} onClose={onClose} title={USERS_MESSAGES.logTitle} size="lg">
      <p className="mb-4 text-sm text-slate-600">
        Messages sent to <strong>{user?.email}</strong>
      </p>
      {log.isError ? (
        <Alert>{errorMessage(log.error, USERS_MESSAGES.logLoadFailed)}</Alert>
      ) : (
        // Paged on the server: the table shows the page it got.
        <DataTable
          columns={columns}
          rows={log.data?.data ?? []}
          rowKey={(row) => row._id}
          caption={USERS_MESSAGES.logCaption}
          loading={log.isPending}
          empty={USERS_MESSAGES.logEmpty}
          paging={{
            page,
            pageCount: pageCountOf(log.data?.total ?? 0, MESSAGE_LOG_PAGE_SIZE),
            onPageChange: setPage,
            total: log.data?.total ?? 0,
            pageSize: MESSAGE_LOG_PAGE_SIZE,
            label: USERS_MESSAGES.logPages,
          }}
        />
      )}
    </Modal>
  );
}
