import { CONTENT_ROUTES, type TAbout, type TAboutInput } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { type WriteAnswer, write } from "./mutate";
import { aboutQuery } from "./queries";

export function useAbout() {
  return useQuery(aboutQuery);
}

function useAboutWrite<V>(call: (v: V) => Promise<WriteAnswer<TAbout>>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (res) => qc.setQueryData(queryKeys.content.about, res.data) });
}

export const useSaveAbout = () => useAboutWrite((body: TAboutInput) => write.put<TAbout>(CONTENT_ROUTES.about, body));
export const useToggleAbout = () => useAboutWrite(() => write.patch<TAbout>(`${CONTENT_ROUTES.about}/toggle`));
export const useDeleteAbout = () => useAboutWrite(() => write.delete<TAbout>(CONTENT_ROUTES.about));
export const useResetAbout = () => useAboutWrite(() => write.post<TAbout>(`${CONTENT_ROUTES.about}/reset`));
