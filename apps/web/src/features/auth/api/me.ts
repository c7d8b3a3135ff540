import type { TMeResponse, TPublicConfig, TUser } from "@mailsmith/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, api } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";

export const meQueryKey = ["me"] as const;

/** Why the last /api/me said "signed out", when the server told us (disabled account). */
let lastSignOutReason: string | null = null;
export function takeSignOutReason(): string | null {
  const reason = lastSignOutReason;
  lastSignOutReason = null;
  return reason;
}

async function fetchMe(): Promise<TUser | null> {
  try {
    return (await api.get<TMeResponse>("/api/me")).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      if (err.code === "USER_DISABLED") lastSignOutReason = err.message;
      return null;
    }
    throw err;
  }
}

/** The signed-in user (null when signed out). The server is the source of truth for role and credits. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => api.get<TPublicConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Signs out, forgets every cached query, and lets the caller navigate. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await authClient.signOut();
    } finally {
      // Keep the "me" query (observers stay attached) but forget every other cached answer.
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      localStorage.removeItem("mailsmith:user");
    }
  }, [queryClient]);
}
