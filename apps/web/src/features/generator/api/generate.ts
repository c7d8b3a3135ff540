import type { TGeneratorStatus } from "@mailsmith/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Whether an active key exists (the keys themselves never reach the browser). */
export function useGeneratorStatus(enabled: boolean) {
  return useQuery({
    queryKey: ["generator-status"],
    queryFn: () => api.get<TGeneratorStatus>("/api/generate/status"),
    enabled,
    staleTime: 30_000,
  });
}
