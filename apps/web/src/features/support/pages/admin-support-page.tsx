import {
  SUPPORT_UI_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TSupportTicket,
  type TTicketListQuery,
} from "@mailsmith/shared";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTicket, useTickets, useUpdateTicket } from "../api/tickets";
import { Conversation } from "../components/conversation";
import { TicketList } from "../components/ticket-list";

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
        label="Ticket status"
        value={ticket.ticketStatus}
        options={TICKET_STATUSES}
        onChange={(v) => void change({ ticketStatus: v as TSupportTicket["ticketStatus"] })}
      />
      <Select
        label="Ticket priority"
        value={ticket.priority}
        options={TICKET_PRIORITIES}
        onChange={(v) => void change({ priority: v as TSupportTicket["priority"] })}
      />
    </div>
  );
}

/** /admin/support-messages: every ticket (contact messages too) with filters, and a conversation pane. */
export function AdminSupportPage() {
  useDocumentTitle("Support Messages - Mailsmith Admin");
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
  // The picked ticket stays open even when a status change moves it out of the filtered list.
  const selectedId = picked ?? list.data?.[0]?._id ?? null;
  const ticket = useTicket(selectedId);
  const emailId = useId();
  const filtered = Boolean(status || priority || from || to || userEmail);

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold text-slate-900">Support Messages</h1>
      <p className="mt-1 text-slate-600">Member tickets and contact-form messages.</p>
      <section
        aria-label="Filters"
        className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <Select label="Status" value={status} onChange={setStatus} options={TICKET_STATUSES} allLabel="All statuses" />
        <Select
          label="Priority"
          value={priority}
          onChange={setPriority}
          options={TICKET_PRIORITIES}
          allLabel="All priorities"
        />
        <DateInput label="From" value={from} onChange={setFrom} />
        <DateInput label="To" value={to} onChange={setTo} />
        <div>
          <label htmlFor={emailId} className="mb-1 block text-xs font-medium text-slate-600">
            User email
          </label>
          <input
            id={emailId}
            type="search"
            value={email}
            placeholder="name@example.com"
            onChange={(e) => setEmail(e.target.value)}
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
            }}
          >
            Clear filters
          </Button>
        </div>
      </section>
      <div className="mt-4 grid gap-4 lg:grid-cols-[22rem_1fr]">
        <div className="max-h-[75vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white">
          {list.isPending ? (
            <div className="flex justify-center p-10 text-brand-600">
              <Spinner />
            </div>
          ) : list.isError ? (
            <div className="p-4">
              <Alert>{errorMessage(list.error, SUPPORT_UI_MESSAGES.loadFailed)}</Alert>
            </div>
          ) : list.data.length === 0 ? (
            <p className="p-8 text-center text-sm text-slate-500">
              {filtered ? SUPPORT_UI_MESSAGES.noTicketsMatch : SUPPORT_UI_MESSAGES.noTickets}
            </p>
          ) : (
            <>
              <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">{list.data.length} tickets</p>
              <TicketList tickets={list.data} selectedId={selectedId} onSelect={setPicked} showUser />
            </>
          )}
        </div>
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {!selectedId ? (
            <p className="p-10 text-center text-sm text-slate-500">{SUPPORT_UI_MESSAGES.selectTicket}</p>
          ) : ticket.data ? (
            <Conversation ticket={ticket.data} viewer="admin" toolbar={<TicketControls ticket={ticket.data} />} />
          ) : ticket.isError ? (
            <div className="p-4">
              <Alert>{errorMessage(ticket.error, SUPPORT_UI_MESSAGES.loadFailed)}</Alert>
            </div>
          ) : (
            <div className="flex justify-center p-10 text-brand-600">
              <Spinner />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
