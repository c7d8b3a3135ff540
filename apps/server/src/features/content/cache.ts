import { createHash } from "node:crypto";

/** A public answer serialised once: the JSON text and its entity tag. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * Public content answers kept in memory (PGlite runs one query at a time, so public reads must not
 * reach the database on every request). Every admin write drops the entries of its resource; the TTL
 * only bounds staleness when several server processes share one PostgreSQL database.
 */
export class ContentCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  /** Bumped by every invalidation: a load that started before it is served once but never stored. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.answer;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = (async () => {
      const body = JSON.stringify(await load());
      const answer = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
      if (startedAt === this.generation) this.entries.set(key, { answer, expires: this.now() + this.ttlMs });
      return answer;
    })().finally(() => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    });
    this.inflight.set(key, promise);
    return promise;
  }

  /** Drops every entry whose key starts with `prefix` (a resource may be cached in several variants). */
  invalidate(prefix: string) {
    this.generation += 1;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of [...this.inflight.keys()]) if (key.startsWith(prefix)) this.inflight.delete(key);
  }
}
