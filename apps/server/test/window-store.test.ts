import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { FailedLoginLimiter } from "../src/core/identity/failed-login-limiter.js";
import { createMemoryWindowStore, createRedisWindowStore, type WindowStore } from "../src/lib/window-store.js";

// Redis runs on the test machine (scripts/test-all.sh, .ci/run); every run uses its own key prefix.
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `mailsmith-test:${randomBytes(6).toString("hex")}:`;
const clients: Redis[] = [];
function redisStore(): WindowStore {
  const client = new Redis(redisUrl, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
  clients.push(client);
  return createRedisWindowStore(client);
}

afterAll(async () => {
  const cleaner = new Redis(redisUrl);
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length) await cleaner.del(...keys);
  await cleaner.quit();
  for (const c of clients) await c.quit();
});

describe.each([
  { kind: "memory", make: () => createMemoryWindowStore() },
  { kind: "redis", make: () => redisStore() },
])("$kind window store", ({ make }) => {
  it("takes up to the limit inside the window, refuses without counting, and forgives after it", async () => {
    const store = make();
    const key = `k-${randomBytes(3).toString("hex")}`;
    expect(await store.take([key], 2, 1000, 100)).toBe(true);
    expect(await store.take([key], 2, 1000, 200)).toBe(true);
    expect(await store.take([key], 2, 1000, 300)).toBe(false);
    expect(await store.count(key, 1000, 300)).toBe(2);
    // The first event leaves the window at 1100: one slot opens.
    expect(await store.take([key], 2, 1000, 1150)).toBe(true);
    expect(await store.take([key], 2, 1000, 1160)).toBe(false);
  });

  it("refuses when any key is at its limit, and then counts none of them", async () => {
    const store = make();
    const [a, b] = [`a-${randomBytes(3).toString("hex")}`, `b-${randomBytes(3).toString("hex")}`];
    expect(await store.take([a], 1, 1000, 0)).toBe(true);
    expect(await store.take([a, b], 1, 1000, 1)).toBe(false);
    expect(await store.count(b, 1000, 1)).toBe(0);
  });
});

describe("shared across instances (Redis)", () => {
  it("two instances count failed sign-ins against one limit", async () => {
    const email = `ann-${randomBytes(3).toString("hex")}@x`;
    const a = new FailedLoginLimiter(3, 60_000, redisStore());
    const b = new FailedLoginLimiter(3, 60_000, redisStore());
    await a.recordFailure(email, "1.1.1.1");
    await b.recordFailure(email, "2.2.2.2");
    expect(await a.isBlocked(email, "3.3.3.3")).toBe(false);
    await a.recordFailure(email, "1.1.1.1");
    expect(await b.isBlocked(email, "4.4.4.4")).toBe(true);
    await b.recordSuccess(email);
    expect(await a.isBlocked(email, "4.4.4.4")).toBe(false);
  });

  it("lets requests through when Redis cannot be reached", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const store = createRedisWindowStore(down);
    expect(await store.take(["x"], 1, 1000)).toBe(true);
    expect(await store.count("x", 1000)).toBe(0);
    down.disconnect();
  });
});
