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
import type { AdminActor } from "../../../core/audit.js";
import { AppError, conflict, notFound } from "../../../lib/app-error.js";
import { isUniqueViolation } from "../is-unique-violation.js";
import { auditedWrite, type CatalogueKind, retireEntry } from "./catalogue-kind.js";
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
  type PackageRow,
  type PackageValues,
  retireItemRow,
  retirePackageRow,
  updateActivePackage,
  updateItemRow,
} from "./repo.js";

type ItemInput = z.output<typeof ZItemInputSchema>;

const PACKAGE_AUDIT = ["packageName", "price", "credit", "validity", "sellerEmail", "points", "retiredAt"] as const;
const ITEM_AUDIT = [
  "itemId",
  "itemName",
  "slug",
  "price",
  "description",
  "guidelines",
  "accessUrl",
  "imageUrl",
  "validity",
  "retiredAt",
] as const;

const PACKAGE: CatalogueKind<PackageRow> = {
  targetType: "package",
  auditFields: PACKAGE_AUDIT,
  notFound: () => notFound(PACKAGE_MESSAGES.notFound, "PACKAGE_NOT_FOUND"),
  afterWrite: invalidatePackages,
};
const ITEM: CatalogueKind<ItemRow> = {
  targetType: "item",
  auditFields: ITEM_AUDIT,
  notFound: () => notFound(ITEM_MESSAGES.notFound, "ITEM_NOT_FOUND"),
};

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
  if (!row) throw PACKAGE.notFound();
  return toPackageDto(row);
}

/** At most MAX_PACKAGES on sale, checked inside the insert so two admins cannot race past it. */
export async function addPackage(ctx: AppContext, actor: AdminActor, input: TPackageInputParsed): Promise<TPackage> {
  const row = await auditedWrite(ctx, PACKAGE, actor, "create", async (tx) => {
    const added = await insertPackageWithinLimit(tx, packageValues(input), MAX_PACKAGES);
    return added && { row: added };
  });
  if (!row) throw new AppError("MAX_PACKAGES", PACKAGE_MESSAGES.maxReached, 409);
  return toPackageDto(row);
}

export async function editPackage(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: TPackageInputParsed,
): Promise<TPackage> {
  const row = await auditedWrite(ctx, PACKAGE, actor, "update", async (tx) => {
    const before = await findPackage(tx, id);
    const updated = await updateActivePackage(tx, id, packageValues(input));
    return updated && { row: updated, before };
  });
  if (!row) throw PACKAGE.notFound();
  return toPackageDto(row);
}

/** Retiring hides a package from sale; orders keep their own copy of name, price and credits. */
export async function retirePackage(ctx: AppContext, actor: AdminActor, id: string): Promise<TPackage> {
  return toPackageDto(await retireEntry(ctx, PACKAGE, actor, id, retirePackageRow));
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
  if (!row) throw ITEM.notFound();
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

export async function createItem(ctx: AppContext, actor: AdminActor, input: ItemInput): Promise<TItem> {
  const row = await unlessItemIdTaken(() =>
    auditedWrite(ctx, ITEM, actor, "create", async (tx) => ({
      row: await insertItem(tx, itemValues(input, input.itemId || newItemId())),
    })),
  );
  return toItemDto(row!);
}

export async function updateItem(ctx: AppContext, actor: AdminActor, id: string, input: ItemInput): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  const row = await unlessItemIdTaken(() =>
    auditedWrite(ctx, ITEM, actor, "update", async (tx) => {
      const updated = await updateItemRow(tx, current.id, itemValues(input, input.itemId || current.itemId));
      return updated && { row: updated, before: current };
    }),
  );
  if (!row) throw ITEM.notFound();
  return toItemDto(row);
}

export async function retireItem(ctx: AppContext, actor: AdminActor, id: string): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  return toItemDto(await retireEntry(ctx, ITEM, actor, current.id, retireItemRow));
}
