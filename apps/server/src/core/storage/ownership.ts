import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { storedObjects } from "../../db/schema/index.js";

/**
 * Files belong to their owner everywhere (decision 125): every reader that hands a stored file to a member — Download
 * my data, the profile photo a member saves — first asks stored_objects whose it is. A file of another member, a site
 * file (no owner) or a hidden one (a template deleted with undo) is not the member's to save or to take away.
 */

/** A storage key as written inside a URL, JSON or HTML (adapters/storage/storage.ts STORAGE_KEY_RE, unanchored). */
const STORED_KEY = /[a-z0-9-]+\/[a-z0-9-]+\.(?:jpg|png|gif|webp)/g;

/** Every stored key a value names (a URL, a key, HTML, or JSON of any of them), once each. */
export function storedKeysIn(value: unknown): string[] {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
  return [...new Set(text.match(STORED_KEY) ?? [])];
}

/** Of these keys, the ones that are stored objects of this member and not hidden. */
export async function servableKeysOf(db: DbOrTx, ownerId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(
      and(
        inArray(storedObjects.key, [...new Set(keys)]),
        eq(storedObjects.ownerId, ownerId),
        isNull(storedObjects.hiddenAt),
      ),
    );
  return new Set(rows.map((r) => r.key));
}

/**
 * The stored keys an address names that are stored objects but not this member's own servable ones (another member's,
 * the site's, or hidden). An address naming no stored object at all (an outside https address) answers none.
 */
export async function foreignStoredKeys(db: DbOrTx, ownerId: string, value: unknown): Promise<string[]> {
  const keys = storedKeysIn(value);
  if (keys.length === 0) return [];
  const known = await db
    .select({ key: storedObjects.key, ownerId: storedObjects.ownerId, hiddenAt: storedObjects.hiddenAt })
    .from(storedObjects)
    .where(inArray(storedObjects.key, keys));
  return known.filter((o) => o.ownerId !== ownerId || o.hiddenAt !== null).map((o) => o.key);
}
