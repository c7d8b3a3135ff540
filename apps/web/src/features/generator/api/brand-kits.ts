import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The member's brand kits to pick from (GET /api/brand-kits; the generator's own call, decision 113). */
export function useBrandKitChoices() {
  return useQuery({
    queryKey: queryKeys.brandKits,
    queryFn: () => api.get<{ id: string; name: string }[]>("/api/brand-kits"),
  });
}
