import { createMemoryWindowStore, type WindowStore } from "../../lib/window-store.js";

/**
 * Counts events per key in a sliding window (password reset mails per address and per client, sign-ups per
 * client). The counts live in the shared window store: Redis with REDIS_URL (one count for every instance), else
 * memory (bounded: the least recently used keys are dropped first).
 */
export class WindowLimiter {
  constructor(
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store: WindowStore = createMemoryWindowStore(),
  ) {}

  /** False (and nothing counted) when any key is at its limit; otherwise counts one event on every key and answers true. */
  take(keys: string[], now = Date.now()): Promise<boolean> {
    return this.store.take(
      keys.map((k) => `${this.name}:${k}`),
      this.limit,
      this.windowMs,
      now,
    );
  }
}
