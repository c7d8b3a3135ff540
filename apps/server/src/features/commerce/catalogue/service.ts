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
import { type AdminActor, pickFields, recordAdminChange } from "../../../core/audit.js";
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
export async function addPackage(ctx: AppContext, actor: AdminActor, input: TPackageInputParsed): Promise<TPackage> {
  const row = await ctx.db.transaction(async (tx) => {
    const added = await insertPackageWithinLimit(tx, packageValues(input), MAX_PACKAGES);
    if (added) {
      await recordAdminChange(tx, actor, {
        action: "package.create",
        targetType: "package",
        targetId: added.id,
        after: pickFields(added, PACKAGE_AUDIT),
      });
    }
    return added;
  });
  if (!row) throw new AppError("MAX_PACKAGES", PACKAGE_MESSAGES.maxReached, 409);
  invalidatePackages(ctx);
  return toPackageDto(row);
}

export async function editPackage(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: TPackageInputParsed,
): Promise<TPackage> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findPackage(tx, id);
    const updated = await updateActivePackage(tx, id, packageValues(input));
    if (!updated) return undefined;
    await recordAdminChange(tx, actor, {
      action: "package.update",
      targetType: "package",
      targetId: id,
      before: pickFields(before, PACKAGE_AUDIT),
      after: pickFields(updated, PACKAGE_AUDIT),
    });
    return updated;
  });
  if (!row) throw packageNotFound();
  invalidatePackages(ctx);
  return toPackageDto(row);
}

/** Retiring hides a package from sale; orders keep their own copy of name, price and credits. */
export async function retirePackage(ctx: AppContext, actor: AdminActor, id: string): Promise<TPackage> {
  const row = await ctx.db.transaction(async (tx) => {
    const retired = await retirePackageRow(tx, id);
    if (!retired) return undefined;
    await recordAdminChange(tx, actor, {
      action: "package.retire",
      targetType: "package",
      targetId: id,
      before: { retiredAt: null },
      after: pickFields(retired, ["retiredAt"]),
    });
    return retired;
  });
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

export async function createItem(ctx: AppContext, actor: AdminActor, input: ItemInput): Promise<TItem> {
  const row = await unlessItemIdTaken(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertItem(tx, itemValues(input, input.itemId || newItemId()));
      await recordAdminChange(tx, actor, {
        action: "item.create",
        targetType: "item",
        targetId: created.id,
        after: pickFields(created, ITEM_AUDIT),
      });
      return created;
    }),
  );
  return toItemDto(row);
}

export async function updateItem(ctx: AppContext, actor: AdminActor, id: string, input: ItemInput): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  const row = await unlessItemIdTaken(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await updateItemRow(tx, current.id, itemValues(input, input.itemId || current.itemId));
      if (!updated) return undefined;
      await recordAdminChange(tx, actor, {
        action: "item.update",
        targetType: "item",
        targetId: current.id,
        before: pickFields(current, ITEM_AUDIT),
        after: pickFields(updated, ITEM_AUDIT),
      });
      return updated;
    }),
  );
  if (!row) throw itemNotFound();
  return toItemDto(row);
}

export async function retireItem(ctx: AppContext, actor: AdminActor, id: string): Promise<TItem> {
  const current = await getItemRow(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    const retired = await retireItemRow(tx, current.id);
    if (!retired) return undefined;
    await recordAdminChange(tx, actor, {
      action: "item.retire",
      targetType: "item",
      targetId: current.id,
      before: { retiredAt: null },
      after: pickFields(retired, ["retiredAt"]),
    });
    return retired;
  });
  if (!row) throw itemNotFound();
  return toItemDto(row);
}
