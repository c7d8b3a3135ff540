import type { TemplateSort, TGeneratorStatus, TTemplateFull, TTemplateItem } from "@mailsmith/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The generator's reads: one queryOptions factory per endpoint, so hooks and invalidations share their keys. */

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

export function fetchTemplate(id: string) {
  return api.get<{ data: TTemplateFull }>(`/api/templates/${id}`).then((r) => r.data);
}

export const templateQueries = {
  /** Every page of the list: what a change to any template invalidates. */
  lists: queryKeys.templates.all,
  /** GET /api/templates: one page of the history, searched by name, filtered by type, sorted. */
  list: (params: TemplateListParams) =>
    queryOptions({
      queryKey: queryKeys.templates.list(params),
      queryFn: () => api.get<TemplateList>(templatesUrl(params)),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/templates/:id: one template with its HTML and report. */
  one: (id: string | undefined) =>
    queryOptions({ queryKey: queryKeys.template(id), queryFn: () => fetchTemplate(id!), enabled: Boolean(id) }),
};

/** GET /api/generate/status: whether an active key exists (the keys themselves never reach the browser). */
export const generatorStatusQuery = queryOptions({
  queryKey: queryKeys.generatorStatus,
  queryFn: () => api.get<TGeneratorStatus>("/api/generate/status"),
  staleTime: 30_000,
});
