import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { createLocalBus, EVERYTHING, type InvalidationBus } from "../../lib/invalidation-bus.js";
import { preparedFindUserById, type UserRow } from "./users.js";

/** Topic of user-row invalidations on the bus (key: the user id). */
export const USER_TOPIC = "user";

/**
 * Per-process cache of user rows for the signed-in hot path (/api/me, access checks).
 * Every write that changes a user calls `invalidate`, which drops the row on every instance through the
 * invalidation bus (docs/decisions/062); the TTL is only a backstop. While the bus is not receiving (its
 * PostgreSQL connection is being re-established) the cache is bypassed, so a ban is never served stale.
 */
export class UserCache {
  private readonly entries = new Map<string, { row: UserRow; at: number }>();
  /**
   * Reads in flight, by user id. Concurrent misses for one user share one query; an invalidation of that user
   * (not of another one) marks its read stale, so the row is returned but never stored and later callers query again.
   */
  private readonly loading = new Map<string, { stale: boolean; row: Promise<UserRow | undefined> }>();

  constructor(
    db: Db,
    private readonly bus: InvalidationBus = createLocalBus(),
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly load: (id: string) => Promise<UserRow | undefined> = preparedFindUserById(db),
  ) {
    bus.subscribe(USER_TOPIC, (id) => {
      const spoiled = id === EVERYTHING ? [...this.loading.keys()] : [id];
      if (id === EVERYTHING) this.entries.clear();
      else this.entries.delete(id);
      for (const key of spoiled) {
        const read = this.loading.get(key);
        if (read) read.stale = true;
        this.loading.delete(key);
      }
    });
  }

  get(id: string): Promise<UserRow | undefined> {
    // While the bus is not receiving, nothing is cached or shared: every read goes to the database.
    if (!this.bus.isLive()) return this.load(id);
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return Promise.resolve(hit.row);
    const inFlight = this.loading.get(id);
    if (inFlight) return inFlight.row;
    const read = { stale: false } as { stale: boolean; row: Promise<UserRow | undefined> };
    read.row = this.load(id)
      .then((row) => {
        if (!row) this.entries.delete(id);
        else if (!read.stale && this.bus.isLive()) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(id, { row, at: Date.now() });
        }
        return row;
      })
      .finally(() => {
        if (this.loading.get(id) === read) this.loading.delete(id);
      });
    this.loading.set(id, read);
    return read.row;
  }

  /** Drops the row here and on every other instance. */
  invalidate(id: string) {
    this.bus.publish(USER_TOPIC, id);
  }

  /** The same for a change inside `tx`: the other instances (and this one again) drop the row when it commits. */
  invalidateWithin(id: string, tx: DbOrTx): Promise<void> {
    return this.bus.publishWithin(USER_TOPIC, id, (channel, payload) =>
      tx.execute(sql`select pg_notify(${channel}, ${payload})`),
    );
  }
}
