import { AUDIT_PAGE_SIZE, AUDIT_TEXTS, auditActionWords, auditTargetWords, type TAuditEntry } from "@mailsmith/shared";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/field";
import { pageCountOf } from "@/components/ui/pager";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuditLog } from "../api/audit-log";
import { AuditDiff } from "../components/audit-diff";

interface Filters {
  actor: string;
  action: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: "", action: "", from: "", to: "" };

const columns: Column<TAuditEntry>[] = [
  {
    key: "createdAt",
    header: AUDIT_TEXTS.when,
    className: "whitespace-nowrap text-slate-600",
    render: (e) => <time dateTime={e.createdAt}>{formatDate(e.createdAt, { time: true })}</time>,
  },
  {
    key: "actor",
    header: AUDIT_TEXTS.actor,
    render: (e) => (
      <div>
        <div className="font-medium text-slate-900">{e.actorEmail}</div>
        <div className="text-xs text-slate-500" title={e.userAgent}>
          {e.ip || AUDIT_TEXTS.none}
        </div>
      </div>
    ),
  },
  {
    key: "action",
    header: AUDIT_TEXTS.action,
    // In words; the code (what the Action filter takes) in the tooltip (decision 127).
    render: (e) => (
      <span className="font-medium text-slate-900" title={e.action} data-action={e.action}>
        {auditActionWords(e.action)}
      </span>
    ),
  },
  {
    key: "target",
    header: AUDIT_TEXTS.target,
    className: "text-sm text-slate-700",
    render: (e) => <span title={e.targetId || undefined}>{auditTargetWords(e)}</span>,
  },
  { key: "change", header: AUDIT_TEXTS.change, render: (e) => <AuditDiff before={e.before} after={e.after} /> },
];

/** /admin/audit-log: every admin change, newest first, filtered by admin, action and time. */
export function AuditLogPage() {
  useDocumentTitle(AUDIT_TEXTS.pageTitle);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const q = useAuditLog({ ...filters, page, pageSize: AUDIT_PAGE_SIZE });
  const total = q.data?.total ?? 0;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  const toolbar = (
    <form
      onSubmit={apply}
      className="grid w-full gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
    >
      <TextField label={AUDIT_TEXTS.actor} placeholder={AUDIT_TEXTS.actorPlaceholder} {...field("actor")} />
      <TextField label={AUDIT_TEXTS.action} placeholder={AUDIT_TEXTS.actionPlaceholder} {...field("action")} />
      <TextField label={AUDIT_TEXTS.from} type="date" {...field("from")} />
      <TextField label={AUDIT_TEXTS.to} type="date" {...field("to")} />
      <div className="flex gap-2">
        <Button type="submit">{AUDIT_TEXTS.apply}</Button>
        <Button variant="secondary" onClick={clear}>
          {AUDIT_TEXTS.clear}
        </Button>
      </div>
    </form>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">{AUDIT_TEXTS.pageTitle}</h1>
      <p className="mt-1 text-sm text-slate-600">{AUDIT_TEXTS.intro}</p>
      <div className="mt-6">
        {q.isError ? (
          <Alert>{errorMessage(q.error, AUDIT_TEXTS.loadError)}</Alert>
        ) : (
          <DataTable
            columns={columns}
            rows={q.data?.data ?? []}
            rowKey={(e) => e._id}
            caption={AUDIT_TEXTS.pageTitle}
            loading={q.isPending}
            empty={AUDIT_TEXTS.empty}
            toolbar={toolbar}
            compact
            paging={{
              page,
              pageCount: pageCountOf(total, AUDIT_PAGE_SIZE),
              onPageChange: setPage,
              total,
              pageSize: AUDIT_PAGE_SIZE,
              label: AUDIT_TEXTS.pages,
            }}
          />
        )}
      </div>
    </div>
  );
}
