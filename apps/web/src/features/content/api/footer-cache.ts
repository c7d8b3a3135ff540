import { FOOTER_CACHE_KEY, FOOTER_CACHE_MS, type TFooter } from "@mailsmith/shared";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** The footer kept in local storage with its timestamp (spec: fresh for 1 hour) and the server's version tag. */
export interface CachedFooter {
  data: TFooter | null;
  timestamp: number;
  version: string | null;
}

function readRaw(): CachedFooter | null {
  try {
    const text = localStorage.getItem(FOOTER_CACHE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as CachedFooter;
    return typeof parsed?.timestamp === "number" ? parsed : null;
  } catch {
    return null;
  }
}

/** The cached footer while it is less than an hour old. */
export function readFooterCache(now = Date.now()): CachedFooter | null {
  const cached = readRaw();
  return cached && now - cached.timestamp < FOOTER_CACHE_MS ? cached : null;
}

export function writeFooterCache(data: TFooter | null, version: string | null) {
  try {
    localStorage.setItem(FOOTER_CACHE_KEY, JSON.stringify({ data, timestamp: Date.now(), version }));
  } catch {
    // storage full or disabled: the footer is simply fetched again next time
  }
}

export function dropFooterCache() {
  try {
    localStorage.removeItem(FOOTER_CACHE_KEY);
  } catch {
    // ignore
  }
}

/**
 * Every content answer names the footer's current version. When it differs from the cached
 * one, an admin changed the footer: forget the cached copy and fetch it again.
 */
export function noteFooterVersion(version: string | null) {
  if (!version) return;
  const cached = readRaw();
  if (cached && cached.version !== version) {
    dropFooterCache();
    void queryClient.invalidateQueries({ queryKey: queryKeys.content.footer });
  }
}
