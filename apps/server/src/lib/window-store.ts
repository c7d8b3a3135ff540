import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";

/**
 * Sliding-window event counts behind every limiter that is not a route's `config.rateLimit` (failed sign-ins, reset
 * and verification mails, sign-ups). In memory for one instance; in Redis with REDIS_URL, so several instances share
 * one count (decision 063). Keys are the limiter's own (e.g. `login:e:ann@x`); Redis adds the run's key prefix.
 */
export interface WindowStore {
  readonly kind: "memory" | "redis";
  /** Events recorded on `key` in the last `windowMs`. */
  count(key: string, windowMs: number, now?: number): Promise<number>;
  /** When every key is under `limit`, records one event on each and answers true; otherwise records nothing. */
  take(keys: string[], limit: number, windowMs: number, now?: number): Promise<boolean>;
  /** Records one event on every key. */
  add(keys: string[], windowMs: number, now?: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createMemoryWindowStore(maxKeys = 100_000): WindowStore {
  const hits = new LRUCache<string, number[]>({ max: maxKeys });
  const recent = (key: string, windowMs: number, now: number) =>
    (hits.get(key) ?? []).filter((t) => now - t < windowMs);
  return {
    kind: "memory",
    async count(key, windowMs, now = Date.now()) {
      return recent(key, windowMs, now).length;
    },
    async take(keys, limit, windowMs, now = Date.now()) {
      const lists = keys.map((k) => recent(k, windowMs, now));
      if (lists.some((l) => l.length >= limit)) return false;
      keys.forEach((k, i) => {
        hits.set(k, [...lists[i]!, now], { ttl: windowMs });
      });
      return true;
    },
    async add(keys, windowMs, now = Date.now()) {
      for (const k of keys) hits.set(k, [...recent(k, windowMs, now), now], { ttl: windowMs });
    },
    async clear(key) {
      hits.delete(key);
    },
  };
}

// One sorted set per key (score = event time). Atomic: checked and recorded in one script on the Redis server.
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
for _, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
end
return 1
`;

const COUNT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
return redis.call('ZCARD', KEYS[1])
`;

type WindowCommands = {
  msTake(...args: (string | number)[]): Promise<number>;
  msCount(key: string, now: number, windowMs: number): Promise<number>;
};

/**
 * Redis answers for every instance. If Redis cannot be reached the limiters let the request through (logged as an
 * error) rather than refuse every sign-in: the outage is visible in the logs and /api/health, not to members.
 */
export function createRedisWindowStore(redis: Redis, log?: Logger): WindowStore {
  redis.defineCommand("msTake", { lua: TAKE });
  redis.defineCommand("msCount", { numberOfKeys: 1, lua: COUNT });
  const r = redis as Redis & WindowCommands;
  let seq = 0;
  // A unique member per event, so two events in the same millisecond both count.
  const member = (now: number) => `${now}:${process.pid}:${++seq}:${Math.random().toString(36).slice(2, 8)}`;
  async function orElse<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (err) {
      log?.error({ err }, "limit store (Redis) unreachable: request let through");
      return fallback;
    }
  }
  return {
    kind: "redis",
    count: (key, windowMs, now = Date.now()) => orElse(async () => Number(await r.msCount(key, now, windowMs)), 0),
    take: (keys, limit, windowMs, now = Date.now()) =>
      orElse(async () => Number(await r.msTake(keys.length, ...keys, now, windowMs, limit, member(now))) === 1, true),
    add: (keys, windowMs, now = Date.now()) =>
      orElse(async () => {
        await r.msTake(keys.length, ...keys, now, windowMs, Number.MAX_SAFE_INTEGER, member(now));
      }, undefined),
    clear: (key) =>
      orElse(async () => {
        await redis.del(key);
      }, undefined),
  };
}
