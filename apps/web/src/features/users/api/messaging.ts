import type { TEmailTemplate, TEmailTemplateInput, TMessageLogPage, TSendMessage } from "@mailsmith/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const templatesQueryKey = ["email-templates"] as const;

/** GET /api/user-emails */
export function useEmailTemplates(enabled = true) {
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: () => api.get<TEmailTemplate[]>("/api/user-emails"),
    enabled,
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TEmailTemplateInput }) =>
      id ? api.put(`/api/user-emails/${id}`, body) : api.post("/api/user-emails", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/user-emails/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

/** POST /api/send-message */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendMessage) => api.post<{ success: true; message: string }>("/api/send-message", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["message-logs"] }),
  });
}

/** GET /api/message-logs?toEmail=&page= (5 per page, newest first). */
export function useMessageLog(toEmail: string | null, page: number) {
  return useQuery({
    queryKey: ["message-logs", toEmail, page],
    queryFn: () =>
      api.get<TMessageLogPage>(`/api/message-logs?toEmail=${encodeURIComponent(toEmail ?? "")}&page=${page}`),
    enabled: Boolean(toEmail),
    placeholderData: keepPreviousData,
  });
}
