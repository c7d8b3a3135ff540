import type { TLocalReaderSettings, TLocalReaderSettingsResponse } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The local reader's price and when members use it (decision 122; admins only). */
export function useLocalReaderSettings() {
  return useQuery({
    queryKey: queryKeys.localReader,
    queryFn: () => api.get<TLocalReaderSettingsResponse>("/api/local-reader").then((r) => r.data),
  });
}

export function useSaveLocalReaderSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TLocalReaderSettings) => api.put<TLocalReaderSettingsResponse>("/api/local-reader", body),
    onSuccess: (r) => {
      qc.setQueryData(queryKeys.localReader, r.data);
      // What the generator page says about the next generation changes with it.
      qc.invalidateQueries({ queryKey: queryKeys.generatorStatus });
    },
  });
}
