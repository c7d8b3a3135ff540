import { CONTENT_ROUTES, CONTENT_TEXTS, FOOTER_CACHE_MS, type TFooter, type TFooterInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { fetchContentAnswer } from "./fetch-content";
import { dropFooterCache, readFooterCache, writeFooterCache } from "./footer-cache";
import { type WriteAnswer, write } from "./mutate";

/**
 * The footer (and the header logo): served from local storage while less than an hour old (spec),
 * dropped when an admin saves it or when the server names a newer version (decision 011).
 */
export function useFooter() {
  return useQuery({
    queryKey: queryKeys.content.footer,
    queryFn: async () => {
      const answer = await fetchContentAnswer<TFooter | null>(CONTENT_ROUTES.footer, CONTENT_TEXTS.footer.fetchFailed);
      writeFooterCache(answer.data, answer.version);
      return answer.data;
    },
    initialData: () => readFooterCache()?.data,
    initialDataUpdatedAt: () => readFooterCache()?.timestamp,
    staleTime: FOOTER_CACHE_MS,
  });
}

function useFooterWrite<V>(call: (v: V) => Promise<WriteAnswer<TFooter>>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (res) => {
      dropFooterCache();
      qc.setQueryData(queryKeys.content.footer, res.data);
    },
  });
}

export const useSaveFooter = () =>
  useFooterWrite((body: TFooterInput) => write.put<TFooter>(CONTENT_ROUTES.footer, body));
export const useResetFooter = () => useFooterWrite(() => write.post<TFooter>(`${CONTENT_ROUTES.footer}/reset`));
