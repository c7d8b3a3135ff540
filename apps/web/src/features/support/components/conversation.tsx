import { REPLY_SCROLL_DELAY_MS, SUPPORT_UI_MESSAGES, type TSupportTicket } from "@mailsmith/shared";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { scrollBehavior } from "@/lib/motion";
import { useReplyToTicket } from "../api/tickets";
import { formatDateTime, TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

/**
 * The ticket's first message and every reply, with a reply box. Blank replies are ignored, one reply
 * is sent at a time, none on a closed ticket; the view scrolls to the newest message 100 ms after it arrives.
 * `viewer` decides which side a message sits on.
 */
export function Conversation({
  ticket,
  viewer,
  toolbar,
}: {
  ticket: TSupportTicket;
  viewer: "admin" | "user";
  toolbar?: ReactNode;
}) {
  const reply = useReplyToTicket();
  const [text, setText] = useState("");
  const bottom = useRef<HTMLLIElement>(null);
  const fieldId = useId();
  const count = ticket.adminMessage.length;
  const closed = ticket.ticketStatus === "closed";

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message is added or the ticket changes
  useEffect(() => {
    const timer = setTimeout(
      () => bottom.current?.scrollIntoView({ behavior: scrollBehavior(), block: "nearest" }),
      REPLY_SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [count, ticket._id]);

  async function send() {
    const message = text.trim();
    if (!message || reply.isPending || closed) return;
    try {
      await reply.mutateAsync({ id: ticket._id, message });
      setText("");
    } catch (err) {
      toast.error(errorMessage(err, SUPPORT_UI_MESSAGES.ticketClosed));
    }
  }

  const bubbles = [
    {
      key: "first",
      sender: "user" as const,
      message: ticket.message,
      timestamp: ticket.createdAt,
      author: ticket.ticketUserName,
    },
    ...ticket.adminMessage.map((m, i) => ({
      key: String(i),
      sender: m.sender,
      message: m.message,
      timestamp: m.timestamp,
      author: m.sender === "admin" ? SUPPORT_UI_MESSAGES.supportTeam : ticket.ticketUserName,
    })),
  ];

  return (
    <div className="flex h-full min-h-[28rem] flex-col">
      <header className="border-b border-slate-200 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold break-words text-slate-900">{ticket.subject}</h2>
            <p className="text-xs text-slate-500">
              {ticket.ticketUserName} · {ticket.ticketUserEmail}
              {ticket.phone ? ` · ${ticket.phone}` : ""} · {formatDateTime(ticket.createdAt)}
            </p>
          </div>
          <div className="flex gap-2">
            <TicketStatusBadge status={ticket.ticketStatus} />
            <TicketPriorityBadge priority={ticket.priority} />
          </div>
        </div>
        {toolbar && <div className="mt-3">{toolbar}</div>}
      </header>
      <ol
        className="flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4"
        aria-label={SUPPORT_UI_MESSAGES.conversation}
        aria-live="polite"
      >
        {bubbles.map((b) => {
          const mine = b.sender === viewer;
          return (
            <li key={b.key} className={`flex ${mine ? "justify-end" : "justify-start"}`}>
              <div
                className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm shadow-sm ${mine ? "bg-brand-600 text-white" : "bg-white text-slate-800 ring-1 ring-slate-200"}`}
              >
                <p className={`text-xs font-semibold ${mine ? "text-brand-100" : "text-slate-500"}`}>{b.author}</p>
                <p className="mt-0.5 whitespace-pre-wrap break-words">{b.message}</p>
                <p className={`mt-1 text-[11px] ${mine ? "text-brand-100" : "text-slate-500"}`}>
                  {formatDateTime(b.timestamp)}
                </p>
              </div>
            </li>
          );
        })}
        <li ref={bottom} aria-hidden="true" />
      </ol>
      <form
        className="border-t border-slate-200 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {closed ? (
          <p className="text-sm text-slate-500">{SUPPORT_UI_MESSAGES.ticketClosed}</p>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex-1">
              <label htmlFor={fieldId} className="sr-only">
                {SUPPORT_UI_MESSAGES.replyLabel}
              </label>
              <textarea
                id={fieldId}
                rows={2}
                value={text}
                placeholder={SUPPORT_UI_MESSAGES.replyPlaceholder}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void send();
                }}
                className={inputClasses()}
              />
            </div>
            <Button type="submit" loading={reply.isPending} disabled={reply.isPending}>
              {reply.isPending ? SUPPORT_UI_MESSAGES.sending : SUPPORT_UI_MESSAGES.sendReply}
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
