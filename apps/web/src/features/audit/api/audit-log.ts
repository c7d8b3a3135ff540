import type { TAuditLogPage, TAuditLogQuery } from "@mailsmith/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/admin/audit-log: admin changes, newest first, filtered and paged on the server. */
export function useAuditLog(q: TAuditLogQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") params.set(k, String(v));
  return useQuery({
    queryKey: queryKeys.auditLog(q),
    queryFn: () => api.get<TAuditLogPage>(`/api/admin/audit-log?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
