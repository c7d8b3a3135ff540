import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { createLocalBus, EVERYTHING, type InvalidationBus } from "../../lib/invalidation-bus.js";
import { findUserById, type UserRow } from "./users.js";

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
  /** Bumped by every invalidation: a row read before it is returned but never stored. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus = createLocalBus(),
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {
    bus.subscribe(USER_TOPIC, (id) => {
      this.generation += 1;
      if (id === EVERYTHING) this.entries.clear();
      else this.entries.delete(id);
    });
  }

  async get(id: string): Promise<UserRow | undefined> {
    const live = this.bus.isLive();
    const hit = live ? this.entries.get(id) : undefined;
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const startedAt = this.generation;
    const row = await findUserById(this.db, id);
    if (!row) {
      this.entries.delete(id);
      return undefined;
    }
    if (!live || startedAt !== this.generation) return row;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(id, { row, at: Date.now() });
    return row;
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
