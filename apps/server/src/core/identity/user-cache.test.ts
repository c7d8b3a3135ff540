import { expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { createLocalBus } from "../../lib/invalidation-bus.js";
import { UserCache } from "./user-cache.js";
import type { UserRow } from "./users.js";

/** A database stand-in whose reads the test answers by hand, in any order. */
function manualDb() {
  const version = new Map<string, number>();
  const pending: { id: string; answer: () => void }[] = [];
  let queries = 0;
  const load = (id: string) =>
    new Promise<UserRow | undefined>((resolve) => {
      queries += 1;
      // The row as it is when the query runs, answered when the test says so.
      const row = { id, name: `v${version.get(id) ?? 0}` } as UserRow;
      pending.push({ id, answer: () => resolve(row) });
    });
  return {
    load,
    write: (id: string) => version.set(id, (version.get(id) ?? 0) + 1),
    answerAll: async () => {
      for (const p of pending.splice(0)) p.answer();
      await new Promise((r) => setImmediate(r));
    },
    queries: () => queries,
  };
}

function cacheOn(db: ReturnType<typeof manualDb>, bus = createLocalBus()) {
  return new UserCache({} as Db, bus, 60_000, 10_000, db.load);
}

it("shares one database read between concurrent requests for the same user, then answers from memory", async () => {
  const db = manualDb();
  const cache = cacheOn(db);
  const a = cache.get("u1");
  const b = cache.get("u1");
  await db.answerAll();
  expect((await a)?.name).toBe("v0");
  expect((await b)?.name).toBe("v0");
  expect((await cache.get("u1"))?.name).toBe("v0");
  expect(db.queries()).toBe(1);
});

it("keeps caching a user while other users' rows change (writes of others do not spoil the read)", async () => {
  const db = manualDb();
  const cache = cacheOn(db);
  const read = cache.get("u1");
  db.write("u2");
  cache.invalidate("u2");
  await db.answerAll();
  await read;
  await cache.get("u1");
  expect(db.queries()).toBe(1);
});

it("never stores a read that an invalidation of the same user overtook, and reads afresh afterwards", async () => {
  const db = manualDb();
  const cache = cacheOn(db);
  const before = cache.get("u1");
  db.write("u1");
  cache.invalidate("u1");
  const after = cache.get("u1");
  await db.answerAll();
  expect((await before)?.name).toBe("v0");
  expect((await after)?.name).toBe("v1");
  expect((await cache.get("u1"))?.name).toBe("v1");
  expect(db.queries()).toBe(2);
});

it("an invalidation from another instance drops the cached row", async () => {
  const db = manualDb();
  const bus = createLocalBus();
  const here = cacheOn(db, bus);
  const there = cacheOn(db, bus);
  const first = here.get("u1");
  await db.answerAll();
  await first;
  db.write("u1");
  there.invalidate("u1");
  const next = here.get("u1");
  await db.answerAll();
  expect((await next)?.name).toBe("v1");
});

it("a failed read is not remembered: the next request queries again", async () => {
  let calls = 0;
  const cache = new UserCache({} as Db, createLocalBus(), 60_000, 10_000, async (id) => {
    calls += 1;
    if (calls === 1) throw new Error("connection reset");
    return { id } as UserRow;
  });
  await expect(cache.get("u1")).rejects.toThrow("connection reset");
  expect((await cache.get("u1"))?.id).toBe("u1");
});
