import type { TSupportTicket, TTicketListQuery, TTicketUpdate } from "@mailsmith/shared";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

type TicketReply = { success: true; message: string; data: TSupportTicket };

function toSearch(q: TTicketListQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Support tickets' reads: one queryOptions factory per endpoint, so hooks and invalidations share their keys. */
export const ticketQueries = {
  /** Every list (any filter): what a new ticket, a reply or a status change invalidates. */
  lists: queryKeys.tickets.lists,
  /** GET /api/support-messages (members: their own; admins: all, filtered). */
  list: (query: TTicketListQuery) =>
    queryOptions({
      queryKey: queryKeys.tickets.list(query),
      queryFn: () => api.get<TSupportTicket[]>(`/api/support-messages${toSearch(query)}`),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/support-message/{id} */
  one: (id: string | null) =>
    queryOptions({
      queryKey: queryKeys.tickets.one(id),
      queryFn: () => api.get<TSupportTicket>(`/api/support-message/${id}`),
      enabled: Boolean(id),
    }),
};

/** GET /api/support-messages (members: their own; admins: all, filtered). */
export function useTickets(query: TTicketListQuery = {}) {
  return useQuery(ticketQueries.list(query));
}

/** GET /api/support-message/{id} */
export function useTicket(id: string | null) {
  return useQuery(ticketQueries.one(id));
}

function useTicketMutation<V>(fn: (v: V) => Promise<TicketReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      queryClient.setQueryData(ticketQueries.one(res.data._id).queryKey, res.data);
      void queryClient.invalidateQueries({ queryKey: ticketQueries.lists });
    },
  });
}

/** POST /api/new-support-message (member ticket: subject and message). */
export function useCreateTicket() {
  return useTicketMutation((body: { subject: string; message: string }) =>
    api.post<TicketReply>("/api/new-support-message", body),
  );
}

/** POST /api/support-message/{id}/reply */
export function useReplyToTicket() {
  return useTicketMutation(({ id, message }: { id: string; message: string }) =>
    api.post<TicketReply>(`/api/support-message/${id}/reply`, { message }),
  );
}

/** PUT /api/support-message-status/{id} (admin) */
export function useUpdateTicket() {
  return useTicketMutation(({ id, ...body }: { id: string } & TTicketUpdate) =>
    api.put<TicketReply>(`/api/support-message-status/${id}`, body),
  );
}
