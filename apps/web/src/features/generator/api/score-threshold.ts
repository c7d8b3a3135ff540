import type { TScoreThresholdSettings, TScoreThresholdSettingsResponse } from "@mailsmith/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const SCORE_THRESHOLD_URL = "/api/score-threshold";

/** The score below which a generation is repaired and not announced as a success (decision 136; admins only). */
export function useScoreThreshold() {
  return useQuery({
    queryKey: queryKeys.scoreThreshold,
    queryFn: async () => (await api.get<TScoreThresholdSettingsResponse>(SCORE_THRESHOLD_URL)).data,
  });
}

export function useSaveScoreThreshold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TScoreThresholdSettings) => api.put<TScoreThresholdSettingsResponse>(SCORE_THRESHOLD_URL, body),
    onSuccess: (r) => qc.setQueryData(queryKeys.scoreThreshold, r.data),
  });
}
