import { SUPPORT_UI_MESSAGES, type TSupportTicket } from "@mailsmith/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { Conversation } from "./conversation";

/** The selected ticket's conversation in its card: the conversation once loaded, else its error or a spinner. */
export function TicketPane({
  ticket,
  viewer,
  toolbar,
}: {
  ticket: UseQueryResult<TSupportTicket>;
  viewer: "admin" | "user";
  toolbar?: (ticket: TSupportTicket) => ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {ticket.data ? (
        <Conversation ticket={ticket.data} viewer={viewer} toolbar={toolbar?.(ticket.data)} />
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
  );
}
