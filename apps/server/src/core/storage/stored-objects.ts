import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { StorageAdapter } from "../../adapters/storage/storage.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { storedObjects } from "../../db/schema/index.js";

/**
 * Every stored object has an owner and a reason to exist (decision 104). `trackStorage` wraps the storage adapter
 * once, in context.ts, so every `ctx.storage.put` anywhere records its object here before the bytes are written,
 * and every `ctx.storage.delete` forgets it; the storage sweep (features/uploads/sweep.ts) deletes what no row
 * references after the grace period. Health probes (`probe/`) are written and deleted at once and not recorded.
 */

const UNTRACKED_FOLDERS = new Set(["probe"]);

/** The folder of a key (`profile/<uuid>.webp` → `profile`): what kind of object it is. */
export const folderOf = (key: string) => key.slice(0, Math.max(0, key.indexOf("/")));

const tracked = (key: string) => !UNTRACKED_FOLDERS.has(folderOf(key));

/** The adapter behind each tracked one (`untracked`). */
const inner = new WeakMap<StorageAdapter, StorageAdapter>();

/** The bare adapter of a tracked one: for the sweep, which forgets the rows itself, in batches. */
export const untracked = (storage: StorageAdapter) => inner.get(storage) ?? storage;

export function trackStorage(storage: StorageAdapter, db: Db, log?: Logger): StorageAdapter {
  const tracking: StorageAdapter = {
    ...storage,
    async put(input) {
      const { ownerId, ...file } = input;
      if (!tracked(file.key)) return storage.put(file);
      // The row first: an object whose row could not be written would never be found again.
      const inserted = await db
        .insert(storedObjects)
        .values({ key: file.key, ownerId: ownerId ?? null, kind: folderOf(file.key), bytes: file.body.length })
        .onConflictDoNothing()
        .returning({ key: storedObjects.key });
      try {
        return await storage.put(file);
      } catch (err) {
        // Only the row this put wrote goes (a put refused because the key exists leaves that object's row alone).
        if (inserted.length > 0) {
          await db
            .delete(storedObjects)
            .where(eq(storedObjects.key, file.key))
            .catch((e) => log?.warn({ err: e, key: file.key }, "stored object row left for the sweep"));
        }
        throw err;
      }
    },
    async delete(key) {
      await storage.delete(key);
      if (tracked(key)) await db.delete(storedObjects).where(eq(storedObjects.key, key));
    },
  };
  inner.set(tracking, storage);
  return tracking;
}

/** Stops (or restarts, with `hidden: false`) serving these objects: a template deleted with undo. */
export async function setHidden(db: DbOrTx, keys: string[], hidden: boolean, now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(storedObjects)
    .set({ hiddenAt: hidden ? now : null })
    .where(inArray(storedObjects.key, keys));
}

/**
 * Stops serving every object of a member at once: their account is being deleted. The sweep deletes
 * them after the grace period, as objects no row references; until then they answer 404 like a deleted template's.
 */
export async function hideAllOf(db: DbOrTx, ownerId: string, now = new Date()): Promise<void> {
  await db.update(storedObjects).set({ hiddenAt: now }).where(eq(storedObjects.ownerId, ownerId));
}

/** True when the object must not be served (hidden while its template is deleted but undoable). */
export async function isHidden(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(and(eq(storedObjects.key, key), isNotNull(storedObjects.hiddenAt)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Keeps these objects of `ownerId` at least until `until` whatever references them (crops a sent email may show),
 * while the member's account exists (the sweep releases the hold of a deleted account's objects).
 */
export async function holdUntil(db: DbOrTx, keys: string[], until: Date, ownerId: string): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(storedObjects)
    .set({
      keepUntil: sql`greatest(${storedObjects.keepUntil}, ${until.toISOString()}::timestamptz)`,
      ownerId: sql`coalesce(${storedObjects.ownerId}, ${ownerId})`,
    })
    .where(inArray(storedObjects.key, keys));
}

export interface StorageUsage {
  bytes: number;
  objects: number;
}

/**
 * Storage used by each member (bytes, object count), or only by `ownerIds`; members with nothing stored are absent.
 */
export async function storageUsage(db: DbOrTx, ownerIds?: string[]): Promise<Map<string, StorageUsage>> {
  if (ownerIds?.length === 0) return new Map();
  const rows = await db
    .select({
      ownerId: storedObjects.ownerId,
      bytes: sql<string>`coalesce(sum(${storedObjects.bytes}), 0)`,
      objects: sql<string>`count(*)`,
    })
    .from(storedObjects)
    .where(ownerIds ? inArray(storedObjects.ownerId, ownerIds) : isNotNull(storedObjects.ownerId))
    .groupBy(storedObjects.ownerId);
  return new Map(rows.map((r) => [r.ownerId ?? "", { bytes: Number(r.bytes), objects: Number(r.objects) }]));
}
