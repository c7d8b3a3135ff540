import type {
  EmailAutofix,
  TEditPicture,
  TTemplateAutofix,
  TTemplateEdit,
  TTemplateFull,
  TTemplateParts,
} from "@mailsmith/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { templateQueries } from "./queries";

/** GET /api/templates/:id/parts: the parts of this version a member may change (decision 126). */
export const templatePartsQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.templateParts(id),
    queryFn: () => api.get<{ data: TTemplateParts }>(`/api/templates/${id}/parts`).then((r) => r.data),
    enabled: Boolean(id),
  });

export function useTemplateParts(id: string | undefined) {
  return useQuery(templatePartsQuery(id));
}

/** A new version saved: it is the page's template from now on; the old one's version list and the lists change. */
function useNewVersion() {
  const qc = useQueryClient();
  return (fromId: string, next: TTemplateFull) => {
    qc.setQueryData(templateQueries.one(next._id).queryKey, next);
    void qc.invalidateQueries({ queryKey: templateQueries.one(fromId).queryKey });
    void qc.invalidateQueries({ queryKey: templateQueries.lists });
    void qc.invalidateQueries({ queryKey: queryKeys.me });
  };
}

/** POST /api/templates/:id/edits { edits } → the new version (free). */
export function useSaveTemplateEdits() {
  const saved = useNewVersion();
  return useMutation({
    mutationFn: ({ id, edits }: { id: string; edits: TTemplateEdit[] }) =>
      api.post<{ data: TTemplateFull }>(`/api/templates/${id}/edits`, { edits }),
    onSuccess: (r, v) => saved(v.id, r.data),
  });
}

/** POST /api/templates/:id/pictures (multipart `image`) → the stored picture's address, for an image edit. */
export function useUploadEditPicture() {
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append("image", file, file.name);
      return api.post<{ data: TEditPicture }>(`/api/templates/${id}/pictures`, form).then((r) => r.data);
    },
  });
}

/** POST /api/templates/:id/autofix { fix, alts? } → the fixed new version (free). */
export function useAutofixTemplate() {
  const saved = useNewVersion();
  return useMutation({
    mutationFn: ({ id, ...body }: TTemplateAutofix & { id: string; fix: EmailAutofix }) =>
      api.post<{ data: TTemplateFull }>(`/api/templates/${id}/autofix`, body),
    onSuccess: (r, v) => saved(v.id, r.data),
  });
}
