import { LRUCache } from "lru-cache";

/**
 * Counts events per key in a sliding window (password reset mails per address and per client, sign-ups per
 * client). In memory and bounded: at most `maxKeys` keys are tracked, the least recently used dropped first.
 */
export class WindowLimiter {
  private readonly hits: LRUCache<string, number[]>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    maxKeys = 100_000,
  ) {
    this.hits = new LRUCache({ max: maxKeys, ttl: windowMs });
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  /** True (and nothing counted) when any key is at its limit; otherwise counts one event on every key. */
  take(keys: string[], now = Date.now()): boolean {
    const lists = keys.map((k) => this.recent(k, now));
    if (lists.some((l) => l.length >= this.limit)) return false;
    keys.forEach((k, i) => {
      this.hits.set(k, [...lists[i]!, now]);
    });
    return true;
  }
}
