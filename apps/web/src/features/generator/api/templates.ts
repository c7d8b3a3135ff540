import type { TTemplate, TTemplateSummary } from "@mailsmith/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface TemplateList {
  data: TTemplateSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export function useTemplates(page: number) {
  return useQuery({
    queryKey: ["templates", page],
    queryFn: () => api.get<TemplateList>(`/api/templates?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function fetchTemplate(id: string) {
  return api.get<{ data: TTemplate }>(`/api/templates/${id}`).then((r) => r.data);
}

export function useTemplate(id: string | undefined) {
  return useQuery({ queryKey: ["template", id], queryFn: () => fetchTemplate(id!), enabled: Boolean(id) });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/templates/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["templates"] }),
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/templates/${id}/send-test`),
  });
}
