import type { TSystemStatusResponse } from "@mailsmith/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/admin/system-status: every outside service checked for real (slow by nature: never refetched on focus). */
export const systemStatusQuery = queryOptions({
  queryKey: queryKeys.systemStatus,
  queryFn: () => api.get<TSystemStatusResponse>("/api/admin/system-status"),
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

export function useSystemStatus() {
  return useQuery(systemStatusQuery);
}
