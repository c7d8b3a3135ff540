import type { TEmailTemplateInput, TSendMessage } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { userQueries } from "./queries";

/** GET /api/user-emails */
export function useEmailTemplates(enabled = true) {
  return useQuery(userQueries.emailTemplates(enabled));
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TEmailTemplateInput }) =>
      id ? api.put(`/api/user-emails/${id}`, body) : api.post("/api/user-emails", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.emailTemplates }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/user-emails/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.emailTemplates }),
  });
}

/** POST /api/send-message */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendMessage) => api.post<{ success: true; message: string }>("/api/send-message", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.messageLogs.all }),
  });
}

/** GET /api/message-logs?toEmail=&page= (5 per page, newest first). */
export function useMessageLog(toEmail: string | null, page: number) {
  return useQuery(userQueries.messageLog(toEmail, page));
}
