import { createHash } from "node:crypto";
import { createLocalBus, EVERYTHING, type InvalidationBus } from "../../lib/invalidation-bus.js";

/** Topic of ended sessions on the bus (key: `SessionCache.keyOf` of the session cookie). */
export const SESSION_TOPIC = "session";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** Whether a request carries a session cookie at all (not whether it is still valid). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/**
 * Remembers which user a signed session cookie belongs to, so the signed-in hot path needs neither Better Auth's
 * HMAC check nor a database read (docs/decisions/062, which replaces 004's cookie cache). Entries are keyed by a
 * hash of the session cookie (the cookie itself is never kept). Sign-out ends an entry on every instance through
 * the invalidation bus; ban, delete and password reset are enforced on the user row (banned, sessions_revoked_at),
 * which the user cache drops on every instance. While the bus is not receiving, the cache is bypassed.
 */
export interface CachedSession {
  userId: string;
  sessionCreatedAt: Date;
  expiresAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private generation = 0;

  constructor(
    private readonly bus: InvalidationBus = createLocalBus(),
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 50_000,
  ) {
    bus.subscribe(SESSION_TOPIC, (key) => {
      this.generation += 1;
      if (key === EVERYTHING) this.entries.clear();
      else this.entries.delete(key);
    });
  }

  /** The cache key of a request's session cookie, or undefined when it carries none. */
  static keyOf(cookieHeader: string | undefined): string | undefined {
    const value = cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
    return value ? createHash("sha256").update(value).digest("base64url") : undefined;
  }

  /** The current invalidation count: pass it to `set` so a lookup overtaken by a sign-out is not stored. */
  mark(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): CachedSession | undefined {
    if (!this.bus.isLive()) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  set(
    key: string,
    entry: { userId: string; sessionCreatedAt: Date; sessionExpiresAt: Date },
    mark = this.generation,
    now = Date.now(),
  ) {
    if (mark !== this.generation || !this.bus.isLive()) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const expiresAt = Math.min(now + this.ttlMs, entry.sessionExpiresAt.getTime());
    this.entries.set(key, { userId: entry.userId, sessionCreatedAt: entry.sessionCreatedAt, expiresAt });
  }

  /** Ends a session's entry here and on every other instance (sign-out). */
  end(key: string | undefined) {
    if (key) this.bus.publish(SESSION_TOPIC, key);
  }
}
