import { createHash } from "node:crypto";
import { createLocalBus, EVERYTHING, type InvalidationBus } from "../../lib/invalidation-bus.js";
import type { StillCurrent } from "../../lib/replayable.js";

/** Topic of content invalidations on the bus (key: the resource prefix). */
export const CONTENT_TOPIC = "content";

/** A public answer serialised once: the JSON text and its entity tag. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * Public content answers kept in memory (PGlite runs one query at a time, so public reads must not
 * reach the database on every request). Every admin write drops the entries of its resource on every
 * instance through the invalidation bus; the TTL is a backstop only.
 */
export class ContentCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  /** When each stored answer expires (an answer served once but not stored has none). */
  private readonly expiresAt = new WeakMap<CachedAnswer, number>();
  /** Bumped by every invalidation: a load that started before it is served once but never stored. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly bus: InvalidationBus = createLocalBus(),
  ) {
    bus.subscribe(CONTENT_TOPIC, (prefix) => this.drop(prefix === EVERYTHING ? "" : prefix));
  }

  /**
   * The answer for `key`: at once when cached (no promise: a hit is most of the traffic, and on a cached read each
   * promise is a measurable share of the work), else a promise of it, one load shared by concurrent callers.
   */
  get(key: string, load: () => Promise<unknown>): CachedAnswer | Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.answer;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = (async () => {
      const body = JSON.stringify(await load());
      const answer = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
      if (startedAt === this.generation) {
        const expires = this.now() + this.ttlMs;
        this.entries.set(key, { answer, expires });
        this.expiresAt.set(answer, expires);
      }
      return answer;
    })().finally(() => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    });
    this.inflight.set(key, promise);
    return promise;
  }

  /** Changes whenever an entry is dropped: a page built from these answers is current while it stays the same. */
  get version(): number {
    return this.generation;
  }

  /**
   * For an answer sent again without asking the cache: true until any entry is dropped (an admin's
   * write on any instance) or one of these answers expires. Null for an answer that was never stored.
   */
  stillCurrent(...answers: CachedAnswer[]): StillCurrent | null {
    let until = Number.POSITIVE_INFINITY;
    for (const answer of answers) {
      const expires = this.expiresAt.get(answer);
      if (expires === undefined) return null;
      until = Math.min(until, expires);
    }
    const generation = this.generation;
    return () => this.generation === generation && this.now() < until;
  }

  /** Drops every entry whose key starts with `prefix` (a resource may be cached in several variants), everywhere. */
  invalidate(prefix: string) {
    this.bus.publish(CONTENT_TOPIC, prefix);
  }

  private drop(prefix: string) {
    this.generation += 1;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of [...this.inflight.keys()]) if (key.startsWith(prefix)) this.inflight.delete(key);
  }
}
