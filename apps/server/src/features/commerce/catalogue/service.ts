import { randomBytes } from "node:crypto";
import {
  COMMERCE_MESSAGES,
  DEFAULT_VALIDITY_DAYS,
  ITEM_MESSAGES,
  MAX_PACKAGES,
  PACKAGE_MESSAGES,
  slugify,
  type TItem,
  type TPackage,
  type TPackageInputParsed,
  type TPublicItem,
  type ZItemInputSchema,
} from "@mailsmith/shared";
import type { z } from "zod";
import type { AppContext } from "../../../context.js";
import { AppError, conflict, notFound } from "../../../lib/app-error.js";
import { isUniqueViolation } from "../is-unique-violation.js";
import { pointsOf, toItemDto, toPackageDto, toPublicItemDto } from "./dto.js";
import { invalidatePackages } from "./packages-cache.js";
import {
  findItem,
  findPackage,
  type ItemRow,
  type ItemValues,
  insertItem,
  insertPackageWithinLimit,
  listItemRows,
  type PackageValues,
  retireItemRow,
  retirePackageRow,
  updateActivePackage,
  updateItemRow,
} from "./repo.js";

type ItemInput = z.output<typeof ZItemInputSchema>;

const packageNotFound = () => notFound(PACKAGE_MESSAGES.notFound, "PACKAGE_NOT_FOUND");
const itemNotFound = () => notFound(ITEM_MESSAGES.notFound, "ITEM_NOT_FOUND");

function packageValues(input: TPackageInputParsed): PackageValues {
  return {
    packageName: input.packageName,
    price: input.price,
    credit: input.credit,
    validity: input.validity ?? DEFAULT_VALIDITY_DAYS,
    sellerEmail: input.sellerEmail ?? "",
    points: pointsOf(input),
  };
}

export async function getPackage(ctx: AppContext, id: string): Promise<TPackage> {
  const row = await findPackage(ctx.db, id);
  if (!row) throw packageNotFound();
  return toPackageDto(row);
}

/** At most MAX_PACKAGES on sale, checked inside the insert so two admins cannot race past it. */
export async function addPackage(ctx: AppContext, input: TPackageInputParsed): Promise<TPackage> {
  const row = await insertPackageWithinLimit(ctx.db, packageValues(input), MAX_PACKAGES);
  if (!row) throw new AppError("MAX_PACKAGES", PACKAGE_MESSAGES.maxReached, 409);
  invalidatePackages(ctx);
  return toPackageDto(row);
}

export async function editPackage(ctx: AppContext, id: string, input: TPackageInputParsed): Promise<TPackage> {
  const row = await updateActivePackage(ctx.db, id, packageValues(input));
  if (!row) throw packageNotFound();
  invalidatePackages(ctx);
  return toPackageDto(row);
}

/** Retiring hides a package from sale; orders keep their own copy of name, price and credits. */
export async function retirePackage(ctx: AppContext, id: string): Promise<TPackage> {
  const row = await retirePackageRow(ctx.db, id);
  if (!row) throw packageNotFound();
  invalidatePackages(ctx);
  return toPackageDto(row);
}

function newItemId() {
  return `TPL-${randomBytes(4).toString("hex").toUpperCase()}`;
}

function itemValues(input: ItemInput, itemId: string): ItemValues {
  return {
    itemId,
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

/** A taken itemId is the admin's to fix (409), not a server failure. */
async function unlessItemIdTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(COMMERCE_MESSAGES.itemIdTaken, "ITEM_ID_TAKEN");
    throw err;
  }
}

export async function getItemRow(ctx: AppContext, idOrItemId: string): Promise<ItemRow> {
  const row = await findItem(ctx.db, idOrItemId);
  if (!row) throw itemNotFound();
  return row;
}

/** Items on sale for visitors (no access URL or guidelines: that is what the buyer pays for), newest first. */
export async function listPublicItems(ctx: AppContext): Promise<TPublicItem[]> {
  return (await listItemRows(ctx.db, false)).map(toPublicItemDto);
}

/** Every item for the admin, retired ones included. */
export async function listAllItems(ctx: AppContext): Promise<TItem[]> {
  return (await listItemRows(ctx.db, true)).map(toItemDto);
}

export async function getPublicItem(ctx: AppContext, idOrItemId: string): Promise<TPublicItem> {
  return toPublicItemDto(await getItemRow(ctx, idOrItemId));
}

export async function createItem(ctx: AppContext, input: ItemInput): Promise<TItem> {
  const row = await unlessItemIdTaken(() => insertItem(ctx.db, itemValues(input, input.itemId || newItemId())));
  return toItemDto(row);
}

export async function updateItem(ctx: AppContext, id: string, input: ItemInput): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  const row = await unlessItemIdTaken(() =>
    updateItemRow(ctx.db, current.id, itemValues(input, input.itemId || current.itemId)),
  );
  if (!row) throw itemNotFound();
  return toItemDto(row);
}

export async function retireItem(ctx: AppContext, id: string): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  const row = await retireItemRow(ctx.db, current.id);
  if (!row) throw itemNotFound();
  return toItemDto(row);
}
