import { CONTENT_ROUTES, type TFeature, type TFeatureInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { write } from "./mutate";
import { loadFeatures } from "./queries";

/**
 * The landing's list, or with `admin` the settings table's (inactive rows included) under its own key,
 * so the landing's copy never stands in for it.
 */
export function useFeatures(opts: { admin?: boolean } = {}) {
  return useQuery<TFeature[]>({
    queryKey: opts.admin ? queryKeys.content.featuresAdmin : queryKeys.content.features,
    queryFn: loadFeatures,
  });
}

function useFeaturesWrite<V, R>(call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.content.features }),
  });
}

export const useCreateFeature = () =>
  useFeaturesWrite((body: TFeatureInput) => write.post<TFeature>(CONTENT_ROUTES.features, body));
export const useUpdateFeature = () =>
  useFeaturesWrite(({ id, body }: { id: string; body: TFeatureInput }) =>
    write.put<TFeature>(`${CONTENT_ROUTES.features}/${id}`, body),
  );
export const useToggleFeature = () =>
  useFeaturesWrite((id: string) => write.patch<TFeature>(`${CONTENT_ROUTES.features}/${id}/toggle`));
export const useDeleteFeature = () =>
  useFeaturesWrite((id: string) => write.delete<null>(`${CONTENT_ROUTES.features}/${id}`));
export const useResetFeatures = () =>
  useFeaturesWrite(() => write.post<TFeature[]>(`${CONTENT_ROUTES.features}/reset`));
