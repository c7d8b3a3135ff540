import type { TItem, TPublicItem } from "@mailsmith/shared";
import { eq, or } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { items } from "../../../db/schema/index.js";

export type ItemRow = typeof items.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By database id or by the public itemId (both appear in links). */
export function findItem(db: DbOrTx, idOrItemId: string) {
  return db.query.items.findFirst({
    where: UUID.test(idOrItemId)
      ? or(eq(items.id, idOrItemId), eq(items.itemId, idOrItemId))
      : eq(items.itemId, idOrItemId),
  });
}

export function toPublicItemDto(row: ItemRow): TPublicItem {
  return {
    _id: row.id,
    itemId: row.itemId,
    itemName: row.itemName,
    slug: row.slug,
    price: row.price,
    description: row.description,
    imageUrl: row.imageUrl,
    validity: row.validity,
    retired: row.retiredAt !== null,
  };
}

export function toItemDto(row: ItemRow): TItem {
  return {
    ...toPublicItemDto(row),
    guidelines: row.guidelines,
    accessUrl: row.accessUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
