import type { TAdminStats } from "@mailsmith/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sharedKeys } from "@/lib/query-keys";

/** GET /api/admin/stats: card counts and 30 days of revenue, paid orders and credits spent. */
export const adminStatsQuery = queryOptions({
  queryKey: sharedKeys.adminStats,
  queryFn: () => api.get<TAdminStats>("/api/admin/stats"),
});

export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
