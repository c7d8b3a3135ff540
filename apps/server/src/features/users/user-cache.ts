import type { Db } from "../../db/client.js";
import { findUserById, type UserRow } from "./repo.js";

/**
 * Per-process cache of user rows for the signed-in hot path (/api/me, access checks).
 * Every write that changes a user calls `invalidate`; the short TTL bounds staleness
 * when several processes share one PostgreSQL.
 */
export class UserCache {
  private readonly entries = new Map<string, { row: UserRow; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(id: string): Promise<UserRow | undefined> {
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const row = await findUserById(this.db, id);
    if (!row) {
      this.entries.delete(id);
      return undefined;
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(id, { row, at: Date.now() });
    return row;
  }

  invalidate(id: string) {
    this.entries.delete(id);
  }
}
