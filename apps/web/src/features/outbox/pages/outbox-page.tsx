import { ADMIN_TABLE_PAGE_SIZE, OUTBOX_TEXTS } from "@mailsmith/shared";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useDocumentTitle } from "@/lib/use-document-title";
import { type OutboxMail, useOutbox } from "../api/outbox";

/** Mail kept locally when the server has no SMTP_URL (password resets, messages to users). */
export function OutboxPage() {
  useDocumentTitle(OUTBOX_TEXTS.documentTitle);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const q = useOutbox();
  const columns: Column<OutboxMail>[] = [
    { key: "toEmail", header: OUTBOX_TEXTS.to, sortValue: (m) => m.toEmail, render: (m) => m.toEmail },
    {
      key: "subject",
      header: OUTBOX_TEXTS.subject,
      sortValue: (m) => m.subject,
      render: (m) => (
        <button
          type="button"
          className="text-left font-medium text-brand-700 hover:underline"
          onClick={() => setOpen(m)}
        >
          {m.subject}
        </button>
      ),
    },
    {
      key: "createdAt",
      header: OUTBOX_TEXTS.date,
      sortValue: (m) => new Date(m.createdAt),
      className: "whitespace-nowrap text-slate-600",
      render: (m) => formatDate(m.createdAt, { time: true }),
    },
  ];
  const table = useDataTable({
    rows: q.data?.data ?? [],
    columns,
    initialSort: { key: "createdAt", dir: "desc" },
    pageSize: ADMIN_TABLE_PAGE_SIZE,
    label: OUTBOX_TEXTS.pages,
  });
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">{OUTBOX_TEXTS.title}</h1>
      {q.data?.smtp ? (
        <div className="mt-2 space-y-1 text-sm text-slate-700" data-testid="outbox-delivery">
          <p className="font-medium">{OUTBOX_TEXTS.smtpDelivery(q.data.smtp.server, q.data.smtp.from)}</p>
          <p className="text-slate-600">{OUTBOX_TEXTS.smtpList}</p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {OUTBOX_TEXTS.introBeforeVariable}
          <code>SMTP_URL</code>
          {OUTBOX_TEXTS.introAfterVariable}
        </p>
      )}
      <div className="mt-6">
        {q.isError ? (
          <Alert>{errorMessage(q.error, OUTBOX_TEXTS.loadFailed)}</Alert>
        ) : (
          <DataTable
            columns={columns}
            rowKey={(m) => m._id}
            caption={OUTBOX_TEXTS.caption}
            loading={q.isPending}
            empty={OUTBOX_TEXTS.empty}
            {...table.props}
          />
        )}
      </div>
      <Modal open={Boolean(open)} onClose={() => setOpen(null)} title={open?.subject ?? ""} size="lg">
        {open && (
          <>
            {/* The mail as sent, its markup kept in a sandbox that runs nothing. */}
            <iframe
              title={OUTBOX_TEXTS.preview}
              sandbox=""
              srcDoc={open.html}
              className="h-[28rem] w-full rounded-lg border border-slate-200"
            />
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-slate-700">{OUTBOX_TEXTS.textPart}</summary>
              <pre className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
                {open.text}
              </pre>
            </details>
          </>
        )}
      </Modal>
    </div>
  );
}
