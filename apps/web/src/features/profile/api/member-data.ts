import { FETCH_MESSAGES, type TDataExportResponse } from "@mailsmith/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/me/export, polled every second while the export is being prepared. */
export const dataExportQuery = queryOptions({
  queryKey: queryKeys.dataExport,
  queryFn: () => api.get<TDataExportResponse>("/api/me/export"),
  refetchInterval: (q) => {
    const status = q.state.data?.export?.status;
    return status === "queued" || status === "running" ? 1000 : false;
  },
});

export function useDataExport() {
  return useQuery(dataExportQuery);
}

/** POST /api/me/export: starts preparing the zip (or answers the one in progress). */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TDataExportResponse>("/api/me/export"),
    onSuccess: (res) => queryClient.setQueryData(queryKeys.dataExport, res),
  });
}

/** DELETE /api/me with the password (a Google-only account sends none); the api client's DELETE carries no body. */
export async function deleteMyAccount(password: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch("/api/me", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(password ? { password } : {}),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NETWORK", FETCH_MESSAGES.network);
  }
  if (res.ok) return;
  const data = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  throw new ApiError(
    res.status,
    data.code ?? `HTTP_${res.status}`,
    data.message ?? FETCH_MESSAGES.httpError(res.status),
  );
}
