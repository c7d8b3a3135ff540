import type { TRenameTemplate, TTemplateFull } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type TemplateListParams, templateQueries } from "./queries";

/** GET /api/templates: one page of the history, searched by name, filtered by type, sorted. */
export function useTemplates(params: TemplateListParams) {
  return useQuery(templateQueries.list(params));
}

export function useTemplate(id: string | undefined) {
  return useQuery(templateQueries.one(id));
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string; undoUntil: string }>(`/api/templates/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateQueries.lists }),
  });
}

/** POST /api/templates/:id/restore: undoes a deletion within its undo window. */
export function useRestoreTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/templates/${id}/restore`),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateQueries.lists }),
  });
}

/** PATCH /api/templates/:id { name }. */
export function useRenameTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TRenameTemplate & { id: string }) =>
      api.patch<{ data: TTemplateFull; message?: string }>(`/api/templates/${id}`, body),
    onSuccess: (r) => {
      qc.setQueryData(templateQueries.one(r.data._id).queryKey, r.data);
      qc.invalidateQueries({ queryKey: templateQueries.lists });
    },
  });
}

/** POST /api/templates/:id/duplicate → the copy. */
export function useDuplicateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ data: TTemplateFull; message?: string }>(`/api/templates/${id}/duplicate`),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateQueries.lists }),
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/templates/${id}/send-test`),
  });
}

/** POST /api/templates/:id/images/:slot (multipart `image`): swaps one image; answers the updated template. */
export function useReplaceImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slot, file }: { id: string; slot: number; file: File }) => {
      const form = new FormData();
      form.append("image", file, file.name);
      return api.post<{ data: TTemplateFull; message?: string }>(`/api/templates/${id}/images/${slot}`, form);
    },
    onSuccess: (r) => {
      qc.setQueryData(templateQueries.one(r.data._id).queryKey, r.data);
      qc.invalidateQueries({ queryKey: templateQueries.lists });
    },
  });
}
