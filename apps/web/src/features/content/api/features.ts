import { CONTENT_ROUTES, CONTENT_TEXTS, type TFeature, type TFeatureInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchContent } from "./fetch-content";
import { contentKeys } from "./keys";
import { write } from "./mutate";

/** Sorted by order; a visitor gets the active ones, an admin all of them. */
export function useFeatures() {
  return useQuery({
    queryKey: contentKeys.features,
    queryFn: async () => {
      const list = await fetchContent<TFeature[]>(CONTENT_ROUTES.features, CONTENT_TEXTS.features.fetchFailed);
      return [...(list ?? [])].sort((a, b) => a.order - b.order);
    },
  });
}

function useFeaturesWrite<V, R>(call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => qc.invalidateQueries({ queryKey: contentKeys.features }),
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
