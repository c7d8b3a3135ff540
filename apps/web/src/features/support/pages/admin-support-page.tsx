import {
  ADMIN_TABLE_PAGE_SIZE,
  SUPPORT_UI_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TSupportTicket,
  type TTicketListQuery,
} from "@mailsmith/shared";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { inputClasses } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { scrollBehavior } from "@/lib/motion";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTicket, useTickets, useUpdateTicket } from "../api/tickets";
import { formatDateTime, TicketPriorityBadge, TicketStatusBadge } from "../components/ticket-badges";
import { TicketPane } from "../components/ticket-pane";

function useDebounced<T>(value: T, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function Select({
  label,
  value,
  onChange,
  options,
  allLabel,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly string[];
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses()}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses()} />
    </div>
  );
}

function TicketControls({ ticket }: { ticket: TSupportTicket }) {
  const update = useUpdateTicket();
  const change = async (body: Partial<Pick<TSupportTicket, "ticketStatus" | "priority">>) => {
    try {
      await update.mutateAsync({ id: ticket._id, ...body });
      toast.success(SUPPORT_UI_MESSAGES.statusUpdated);
    } catch (err) {
      toast.error(errorMessage(err, SUPPORT_UI_MESSAGES.loadFailed));
    }
  };
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      <Select
        label={SUPPORT_UI_MESSAGES.ticketStatus}
        value={ticket.ticketStatus}
        options={TICKET_STATUSES}
        onChange={(v) => void change({ ticketStatus: v as TSupportTicket["ticketStatus"] })}
      />
      <Select
        label={SUPPORT_UI_MESSAGES.ticketPriority}
        value={ticket.priority}
        options={TICKET_PRIORITIES}
        onChange={(v) => void change({ priority: v as TSupportTicket["priority"] })}
      />
    </div>
  );
}

/**
 * /admin/support-messages: every ticket (contact messages too) in the admin table with filters; the picked
 * ticket's conversation sits under the table, full width (side by side, both were too narrow at 1280 px).
 */
export function AdminSupportPage() {
  useDocumentTitle(SUPPORT_UI_MESSAGES.adminDocumentTitle);
  const [status, setStatus] = useState("");
  const [priority, setPriority] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [email, setEmail] = useState("");
  const userEmail = useDebounced(email.trim(), 300);
  const query: TTicketListQuery = {
    status: (status || undefined) as TTicketListQuery["status"],
    priority: (priority || undefined) as TTicketListQuery["priority"],
    from: from || undefined,
    to: to || undefined,
    userEmail: userEmail || undefined,
  };
  const list = useTickets(query);
  const [picked, setPicked] = useState<string | null>(null);
  // The picked ticket (clicked, or worked on: pinShown) stays open even when a status change moves it out of the
  // filtered list; until then the pane shows the list's first ticket.
  const selectedId = picked ?? list.data?.[0]?._id ?? null;
  const ticket = useTicket(selectedId);
  const emailId = useId();
  const filtered = Boolean(status || priority || from || to || userEmail);
  const paneRef = useRef<HTMLDivElement>(null);
  const pinShown = () => {
    if (!picked && selectedId) setPicked(selectedId);
  };
  const select = (id: string) => {
    setPicked(id);
    paneRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
  };

  const columns: Column<TSupportTicket>[] = [
    {
      key: "subject",
      header: SUPPORT_UI_MESSAGES.subject,
      sortValue: (t) => t.subject,
      // Wide enough to read a subject when the table scrolls sideways on a phone.
      className: "min-w-44",
      render: (t) => (
        <button
          type="button"
          onClick={() => select(t._id)}
          aria-current={t._id === selectedId ? "true" : undefined}
          className="line-clamp-2 text-left font-medium text-brand-700 hover:underline"
        >
          {t.subject}
        </button>
      ),
    },
    {
      key: "from",
      header: SUPPORT_UI_MESSAGES.from,
      sortValue: (t) => t.ticketUserName,
      render: (t) => (
        <div className="min-w-0">
          <p className="text-slate-900">{t.ticketUserName}</p>
          <p className="truncate text-xs text-slate-600">
            {t.ticketUserEmail}
            {t.source === "contact" ? " · contact form" : ""}
          </p>
        </div>
      ),
    },
    {
      key: "status",
      header: SUPPORT_UI_MESSAGES.status,
      sortValue: (t) => TICKET_STATUSES.indexOf(t.ticketStatus),
      render: (t) => <TicketStatusBadge status={t.ticketStatus} />,
    },
    {
      key: "priority",
      header: SUPPORT_UI_MESSAGES.priority,
      sortValue: (t) => TICKET_PRIORITIES.indexOf(t.priority),
      className: "whitespace-nowrap",
      render: (t) => <TicketPriorityBadge priority={t.priority} />,
    },
    {
      key: "createdAt",
      header: SUPPORT_UI_MESSAGES.created,
      sortValue: (t) => new Date(t.createdAt),
      className: "whitespace-nowrap text-slate-600",
      render: (t) => formatDateTime(t.createdAt),
    },
  ];
  const table = useDataTable({
    rows: list.data ?? [],
    columns,
    initialSort: { key: "createdAt", dir: "desc" },
    pageSize: ADMIN_TABLE_PAGE_SIZE,
    label: SUPPORT_UI_MESSAGES.ticketPages,
  });
  // A filter change shows the first page of the new list.
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    table.resetPage();
  };

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold text-slate-900">{SUPPORT_UI_MESSAGES.adminTitle}</h1>
      <p className="mt-1 text-slate-600">{SUPPORT_UI_MESSAGES.adminIntro}</p>
      <section
        aria-label={SUPPORT_UI_MESSAGES.filters}
        className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <Select
          label={SUPPORT_UI_MESSAGES.status}
          value={status}
          onChange={filter(setStatus)}
          options={TICKET_STATUSES}
          allLabel={SUPPORT_UI_MESSAGES.allStatuses}
        />
        <Select
          label={SUPPORT_UI_MESSAGES.priority}
          value={priority}
          onChange={filter(setPriority)}
          options={TICKET_PRIORITIES}
          allLabel={SUPPORT_UI_MESSAGES.allPriorities}
        />
        <DateInput label={SUPPORT_UI_MESSAGES.from} value={from} onChange={filter(setFrom)} />
        <DateInput label={SUPPORT_UI_MESSAGES.to} value={to} onChange={filter(setTo)} />
        <div>
          <label htmlFor={emailId} className="mb-1 block text-xs font-medium text-slate-600">
            {SUPPORT_UI_MESSAGES.userEmail}
          </label>
          <input
            id={emailId}
            type="search"
            value={email}
            placeholder="name@example.com"
            onChange={(e) => filter(setEmail)(e.target.value)}
            className={inputClasses()}
          />
        </div>
        <div className="flex items-end">
          <Button
            variant="secondary"
            className="w-full"
            disabled={!filtered}
            onClick={() => {
              setStatus("");
              setPriority("");
              setFrom("");
              setTo("");
              setEmail("");
              table.resetPage();
            }}
          >
            {SUPPORT_UI_MESSAGES.clearFilters}
          </Button>
        </div>
      </section>
      <div className="mt-4 space-y-4">
        {list.isError ? (
          <Alert>{errorMessage(list.error, SUPPORT_UI_MESSAGES.loadFailed)}</Alert>
        ) : (
          <DataTable
            columns={columns}
            rowKey={(t) => t._id}
            caption={SUPPORT_UI_MESSAGES.tickets}
            loading={list.isPending}
            empty={filtered ? SUPPORT_UI_MESSAGES.noTicketsMatch : SUPPORT_UI_MESSAGES.noTickets}
            rowClassName={(t) => (t._id === selectedId ? "bg-brand-50" : "hover:bg-slate-50")}
            {...table.props}
          />
        )}
        <div
          ref={paneRef}
          className="scroll-mt-4"
          // Working on the ticket shown (typing a reply, changing its status or priority) pins it: an answer that moves
          // it out of the filtered list, or below another ticket, must not swap the conversation under the admin's hands.
          onFocusCapture={pinShown}
          onChangeCapture={pinShown}
        >
          {selectedId ? (
            <TicketPane ticket={ticket} viewer="admin" toolbar={(t) => <TicketControls ticket={t} />} />
          ) : (
            <p className="rounded-2xl border border-slate-200 bg-white p-10 text-center text-sm text-slate-500">
              {SUPPORT_UI_MESSAGES.selectTicket}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
