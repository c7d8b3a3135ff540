import type { TAdminStats } from "@mailsmith/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/admin/stats: card counts and 30 days of revenue, paid orders and credits spent. */
export const adminStatsQuery = queryOptions({
  queryKey: queryKeys.adminStats,
  queryFn: () => api.get<TAdminStats>("/api/admin/stats"),
});

export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
