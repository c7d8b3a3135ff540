import { randomBytes } from "node:crypto";
import { DEFAULT_VALIDITY_DAYS, ITEM_MESSAGES, slugify, type TItem, type ZItemInputSchema } from "@mailsmith/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../../context.js";
import { items } from "../../../db/schema/index.js";
import { conflict, notFound } from "../../../lib/app-error.js";
import { findItem, type ItemRow, toItemDto } from "./item-repo.js";

type ItemInput = z.output<typeof ZItemInputSchema>;

function newItemId() {
  return `TPL-${randomBytes(4).toString("hex").toUpperCase()}`;
}

function values(input: ItemInput) {
  return {
    itemName: input.itemName,
    slug: input.slug || slugify(input.itemName) || "item",
    price: input.price,
    description: input.description ?? "",
    guidelines: input.guidelines ?? "",
    accessUrl: input.accessUrl ?? "",
    imageUrl: input.imageUrl ?? "",
    validity: input.validity ?? DEFAULT_VALIDITY_DAYS,
  };
}

function isUniqueViolation(err: unknown) {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export async function getItemRow(ctx: AppContext, idOrItemId: string): Promise<ItemRow> {
  const row = await findItem(ctx.db, idOrItemId);
  if (!row) throw notFound(ITEM_MESSAGES.notFound, "ITEM_NOT_FOUND");
  return row;
}

export async function listItems(ctx: AppContext, includeRetired: boolean): Promise<TItem[]> {
  const rows = await ctx.db
    .select()
    .from(items)
    .where(includeRetired ? undefined : isNull(items.retiredAt))
    .orderBy(desc(items.createdAt));
  return rows.map(toItemDto);
}

export async function createItem(ctx: AppContext, input: ItemInput): Promise<TItem> {
  try {
    const [row] = await ctx.db
      .insert(items)
      .values({ ...values(input), itemId: input.itemId || newItemId() })
      .returning();
    return toItemDto(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("An item with this Item ID already exists.", "ITEM_ID_TAKEN");
    throw err;
  }
}

export async function updateItem(ctx: AppContext, id: string, input: ItemInput): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  try {
    const [row] = await ctx.db
      .update(items)
      .set({ ...values(input), itemId: input.itemId || current.itemId, updatedAt: new Date() })
      .where(eq(items.id, current.id))
      .returning();
    return toItemDto(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("An item with this Item ID already exists.", "ITEM_ID_TAKEN");
    throw err;
  }
}

export async function retireItem(ctx: AppContext, id: string): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  const [row] = await ctx.db
    .update(items)
    .set({ retiredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(items.id, current.id), isNull(items.retiredAt)))
    .returning();
  if (!row) throw notFound(ITEM_MESSAGES.notFound, "ITEM_NOT_FOUND");
  return toItemDto(row);
}
