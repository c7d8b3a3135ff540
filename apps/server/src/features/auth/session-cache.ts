/**
 * Remembers, for a few seconds, which user a Cookie header belongs to, so the hot signed-in path skips
 * Better Auth's per-request HMAC verification of the cookie cache. It adds no exposure beyond
 * Better Auth's own 5-minute cookie cache: revocation is still enforced by the user row
 * (banned, sessions_revoked_at), and signing out evicts the entry.
 */
export interface CachedSession {
  userId: string;
  sessionCreatedAt: Date;
  expiresAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(cookieHeader: string, now = Date.now()): CachedSession | undefined {
    const hit = this.entries.get(cookieHeader);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.entries.delete(cookieHeader);
      return undefined;
    }
    return hit;
  }

  set(cookieHeader: string, userId: string, sessionCreatedAt: Date, sessionExpiresAt: Date, now = Date.now()) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const expiresAt = Math.min(now + this.ttlMs, sessionExpiresAt.getTime());
    this.entries.set(cookieHeader, { userId, sessionCreatedAt, expiresAt });
  }

  delete(cookieHeader: string | undefined) {
    if (cookieHeader) this.entries.delete(cookieHeader);
  }
}
