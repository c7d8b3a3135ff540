import type {
  EmailAutofix,
  TemplateSort,
  TRenameTemplate,
  TTemplate,
  TTemplateFull,
  TTemplateItem,
} from "@mailsmith/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface TemplateList {
  data: TTemplateItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface TemplateListParams {
  page: number;
  q?: string;
  type?: string;
  sort?: TemplateSort;
}

export function templatesUrl({ page, q, type, sort }: TemplateListParams) {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set("q", q);
  if (type) params.set("type", type);
  if (sort) params.set("sort", sort);
  return `/api/templates?${params}`;
}

/** GET /api/templates: one page of the history, searched by name, filtered by type, sorted. */
export function useTemplates(params: TemplateListParams) {
  return useQuery({
    queryKey: ["templates", params],
    queryFn: () => api.get<TemplateList>(templatesUrl(params)),
    placeholderData: keepPreviousData,
  });
}

export function fetchTemplate(id: string) {
  return api.get<{ data: TTemplateFull }>(`/api/templates/${id}`).then((r) => r.data);
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

/** PATCH /api/templates/:id { name }. */
export function useRenameTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TRenameTemplate & { id: string }) =>
      api.patch<{ data: TTemplateFull; message?: string }>(`/api/templates/${id}`, body),
    onSuccess: (r) => {
      qc.setQueryData(["template", r.data._id], r.data);
      qc.invalidateQueries({ queryKey: ["templates"] });
    },
  });
}

/** POST /api/templates/:id/duplicate → the copy. */
export function useDuplicateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ data: TTemplateFull; message?: string }>(`/api/templates/${id}/duplicate`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["templates"] }),
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/templates/${id}/send-test`),
  });
}

/** POST /api/templates/:id/autofix { fix } → the template with the fix applied and a fresh report. */
export function useAutofixTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fix }: { id: string; fix: EmailAutofix }) =>
      api.post<{ data: TTemplate }>(`/api/templates/${id}/autofix`, { fix }),
    onSuccess: (r) => {
      qc.invalidateQueries({ queryKey: ["template", r.data._id] });
      qc.invalidateQueries({ queryKey: ["templates"] });
    },
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
      qc.setQueryData(["template", r.data._id], r.data);
      qc.invalidateQueries({ queryKey: ["templates"] });
    },
  });
}
