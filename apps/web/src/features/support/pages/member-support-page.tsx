import { SUPPORT_UI_MESSAGES } from "@mailsmith/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTicket, useTickets } from "../api/tickets";
import { TicketList } from "../components/ticket-list";
import { TicketPane } from "../components/ticket-pane";

/** /user/support: the member's tickets and a conversation where they can reply. */
export function MemberSupportPage() {
  useDocumentTitle(SUPPORT_UI_MESSAGES.memberDocumentTitle);
  const list = useTickets();
  const [picked, setPicked] = useState<string | null>(null);
  const selectedId = picked ?? list.data?.[0]?._id ?? null;
  const ticket = useTicket(selectedId);
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{SUPPORT_UI_MESSAGES.memberTitle}</h1>
          <p className="mt-1 text-slate-600">{SUPPORT_UI_MESSAGES.memberIntro}</p>
        </div>
        <Link to={paths.user.createSupport} className={buttonClasses("primary")}>
          {SUPPORT_UI_MESSAGES.createTicket}
        </Link>
      </div>
      {list.isPending ? (
        <div className="flex justify-center p-10 text-brand-600">
          <Spinner />
        </div>
      ) : list.isError ? (
        <Alert>{errorMessage(list.error, SUPPORT_UI_MESSAGES.loadFailed)}</Alert>
      ) : list.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {SUPPORT_UI_MESSAGES.noTickets}
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
          <div className="max-h-[70vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white">
            <TicketList tickets={list.data} selectedId={selectedId} onSelect={setPicked} />
          </div>
          <TicketPane ticket={ticket} viewer="user" />
        </div>
      )}
    </div>
  );
}
