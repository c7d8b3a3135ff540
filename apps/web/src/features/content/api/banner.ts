import { CONTENT_ROUTES, type TBanner, type TBannerInput, type TBannerStats } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { type WriteAnswer, write } from "./mutate";
import { bannerQuery } from "./queries";

export function useBanner() {
  return useQuery(bannerQuery);
}

export function useBannerStats() {
  return useQuery({
    queryKey: queryKeys.content.bannerStats,
    queryFn: async () => (await api.get<WriteAnswer<TBannerStats>>(`${CONTENT_ROUTES.banner}/stats`)).data,
  });
}

/** Save, toggle, delete (deactivate) and reset all answer the banner; the stats tiles follow. */
function useBannerWrite<V>(call: (v: V) => Promise<WriteAnswer<TBanner>>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (res) => {
      qc.setQueryData(queryKeys.content.banner, res.data);
      void qc.invalidateQueries({ queryKey: queryKeys.content.bannerStats });
    },
  });
}

export const useSaveBanner = () =>
  useBannerWrite((body: TBannerInput) => write.put<TBanner>(CONTENT_ROUTES.banner, body));
export const useToggleBanner = () => useBannerWrite(() => write.patch<TBanner>(`${CONTENT_ROUTES.banner}/toggle`));
export const useDeleteBanner = () => useBannerWrite(() => write.delete<TBanner>(CONTENT_ROUTES.banner));
export const useResetBanner = () => useBannerWrite(() => write.post<TBanner>(`${CONTENT_ROUTES.banner}/reset`));
