import type { TAdminStats } from "@mailsmith/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/stats: card counts and 30 days of revenue, paid orders and credits spent. */
export function useAdminStats() {
  return useQuery({ queryKey: ["admin-stats"], queryFn: () => api.get<TAdminStats>("/api/admin/stats") });
}
