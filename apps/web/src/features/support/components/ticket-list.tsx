import type { TSupportTicket } from "@mailsmith/shared";
import { SUPPORT_UI_MESSAGES } from "@mailsmith/shared";
import { formatDateTime, TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

/** A member's tickets as a selectable list (newest first); admins get the ticket table. */
export function TicketList({
  tickets,
  selectedId,
  onSelect,
}: {
  tickets: TSupportTicket[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={SUPPORT_UI_MESSAGES.tickets}>
      {tickets.map((t) => {
        const selected = t._id === selectedId;
        return (
          <li key={t._id}>
            <button
              type="button"
              onClick={() => onSelect(t._id)}
              aria-current={selected ? "true" : undefined}
              className={`w-full px-4 py-3 text-left transition-colors ${selected ? "bg-brand-50" : "hover:bg-slate-50"}`}
            >
              <div className="flex items-start justify-between gap-2">
                <span className="line-clamp-1 font-medium text-slate-900">{t.subject}</span>
                <TicketStatusBadge status={t.ticketStatus} />
              </div>
              <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-600">
                <span>{formatDateTime(t.createdAt)}</span>
                <TicketPriorityBadge priority={t.priority} />
              </div>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
