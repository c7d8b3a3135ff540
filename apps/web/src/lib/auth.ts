import {
  AUTH_STATE_CACHE_MS,
  LOGIN_REDIRECT_DEFAULT,
  type TPublicConfig,
  type TSessionResponse,
  type TUser,
} from "@mailsmith/shared";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useServerOrHydrating } from "@/lib/use-server-or-hydrating";

/** Why the last /api/me said "signed out", when the server told us (disabled account). */
let lastSignOutReason: string | null = null;
export function takeSignOutReason(): string | null {
  const reason = lastSignOutReason;
  lastSignOutReason = null;
  return reason;
}

/**
 * The last answer is kept in local storage for 5 minutes (spec: cached auth state) so a reload paints the
 * header and guarded pages at once; the server is still asked, and its answer wins.
 */
const AUTH_STORAGE_KEY = "mailsmith:auth";

function readCachedMe(): { user: TUser | null; at: number } | undefined {
  try {
    const cached = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "null") as {
      user: TUser | null;
      at: number;
    } | null;
    if (cached && typeof cached.at === "number" && Date.now() - cached.at < AUTH_STATE_CACHE_MS) return cached;
  } catch {
    // unreadable cache: ignore it
  }
  return undefined;
}

function writeCachedMe(user: TUser | null) {
  try {
    if (user) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user, at: Date.now() }));
    else localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // storage full or disabled: the cache is only an optimisation
  }
}

async function fetchMe(): Promise<TUser | null> {
  try {
    const user = (await api.get<TSessionResponse>("/api/session")).user;
    writeCachedMe(user);
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      if (err.code === "USER_DISABLED") lastSignOutReason = err.message;
      writeCachedMe(null);
      return null;
    }
    throw err;
  }
}

/** GET /api/session: the signed-in user, or null. */
export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000 });

/**
 * The signed-in user (null when signed out). The server is the source of truth for role and credits: the cached
 * answer only paints; decisions (redirects) wait for `useAuth().confirmed`.
 */
export function useMe() {
  // The prerendered landing page was rendered for a visitor: its hydration must not paint a cached user.
  const cached = useServerOrHydrating() ? undefined : readCachedMe();
  return useQuery({
    ...meQuery,
    initialData: cached?.user,
    // Older than staleTime → shown at once but refetched on mount.
    initialDataUpdatedAt: cached ? cached.at - 60_000 : undefined,
  });
}

export interface AuthState {
  /** The user to paint: the server's answer, or the cached one while the server is being asked. */
  user: TUser | null;
  /** True once the server has answered in this page's life: only then may anyone redirect on `user`. */
  confirmed: boolean;
}

/** Auth state for layouts and guards: paint from `user`, decide only when `confirmed`. */
export function useAuth(): AuthState {
  const me = useMe();
  return { user: me.data ?? null, confirmed: me.isFetched };
}

/** GET /api/config: what the server lets the browser know (sign-in providers, verification). */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: () => api.get<TPublicConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** Signs out, forgets every cached query, and lets the caller navigate. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      // Better Auth's client is loaded on first use: pages that only read /api/me stay light.
      const { authClient } = await import("@/lib/auth-client");
      await authClient.signOut();
    } finally {
      // Keep the "me" query (observers stay attached) but forget every other cached answer.
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
      writeCachedMe(null);
    }
  }, [queryClient]);
}

/** Where to go after sign-in: the remembered origin page (same-site paths only), else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : LOGIN_REDIRECT_DEFAULT;
}
