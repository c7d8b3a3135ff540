import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { newestFirst, oldestFirst } from "../../../db/creation-order.js";
import { items, packages } from "../../../db/schema/index.js";

export type PackageRow = typeof packages.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type PackageValues = Omit<typeof packages.$inferInsert, "id" | "retiredAt" | "createdAt" | "updatedAt">;
export type ItemValues = Omit<typeof items.$inferInsert, "id" | "retiredAt" | "createdAt" | "updatedAt">;

/** Packages and items share their life cycle columns: both are retired, never deleted (orders keep a copy). */
type CatalogueTable = typeof packages | typeof items;

export function listActivePackages(db: DbOrTx) {
  return db
    .select()
    .from(packages)
    .where(isNull(packages.retiredAt))
    .orderBy(...oldestFirst(packages));
}

export function findPackage(db: DbOrTx, id: string) {
  return db.query.packages.findFirst({ where: eq(packages.id, id) });
}

/**
 * Inserts a package unless `max` are already on sale. Concurrent adds are serialised by one advisory lock for
 * the table, so two admins cannot race past the limit. Returns undefined when the limit is reached.
 */
export function insertPackageWithinLimit(db: DbOrTx, values: PackageValues, max: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('packages:add'))`);
    const active = await tx.select({ id: packages.id }).from(packages).where(isNull(packages.retiredAt));
    if (active.length >= max) return undefined;
    const [inserted] = await tx.insert(packages).values(values).returning();
    return inserted;
  });
}

export async function updateActivePackage(db: DbOrTx, id: string, values: PackageValues) {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(packages.id, id), isNull(packages.retiredAt)))
    .returning();
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By database id or by the public itemId (both appear in links). */
export function findItem(db: DbOrTx, idOrItemId: string) {
  return db.query.items.findFirst({
    where: UUID.test(idOrItemId)
      ? or(eq(items.id, idOrItemId), eq(items.itemId, idOrItemId))
      : eq(items.itemId, idOrItemId),
  });
}

export function listItemRows(db: DbOrTx, includeRetired: boolean) {
  return db
    .select()
    .from(items)
    .where(includeRetired ? undefined : isNull(items.retiredAt))
    .orderBy(...newestFirst(items));
}

export async function insertItem(db: DbOrTx, values: ItemValues) {
  const [row] = await db.insert(items).values(values).returning();
  return row!;
}

export async function updateItemRow(db: DbOrTx, id: string, values: ItemValues) {
  const [row] = await db
    .update(items)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(items.id, id))
    .returning();
  return row;
}

/** Takes a package or an item off sale; undefined when it is unknown or already retired. */
async function retire<T extends CatalogueTable>(db: DbOrTx, table: T, id: string) {
  const now = new Date();
  const [row] = await db
    .update(table as CatalogueTable)
    .set({ retiredAt: now, updatedAt: now })
    .where(and(eq(table.id, id), isNull(table.retiredAt)))
    .returning();
  return row as T["$inferSelect"] | undefined;
}

export const retirePackageRow = (db: DbOrTx, id: string) => retire(db, packages, id);
export const retireItemRow = (db: DbOrTx, id: string) => retire(db, items, id);
