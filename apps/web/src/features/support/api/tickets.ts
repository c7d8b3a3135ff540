import type { TSupportTicket, TTicketListQuery, TTicketUpdate } from "@mailsmith/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

type TicketReply = { success: true; message: string; data: TSupportTicket };

export const ticketKeys = {
  all: ["support-tickets"] as const,
  list: (q: TTicketListQuery) => ["support-tickets", "list", q] as const,
  one: (id: string) => ["support-tickets", "one", id] as const,
};

function toSearch(q: TTicketListQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** GET /api/support-messages (members: their own; admins: all, filtered). */
export function useTickets(query: TTicketListQuery = {}) {
  return useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: () => api.get<TSupportTicket[]>(`/api/support-messages${toSearch(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/support-message/{id} */
export function useTicket(id: string | null) {
  return useQuery({
    queryKey: ticketKeys.one(id ?? ""),
    queryFn: () => api.get<TSupportTicket>(`/api/support-message/${id}`),
    enabled: Boolean(id),
  });
}

function useTicketMutation<V>(fn: (v: V) => Promise<TicketReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      queryClient.setQueryData(ticketKeys.one(res.data._id), res.data);
      void queryClient.invalidateQueries({ queryKey: [...ticketKeys.all, "list"] });
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
