import {
  PACKAGE_POINT_KEYS,
  type TItem,
  type TPackage,
  type TPackageInputParsed,
  type TPublicItem,
} from "@mailsmith/shared";
import type { ItemRow, PackageRow } from "./repo.js";

export function toPackageDto(row: PackageRow): TPackage {
  const points = Object.fromEntries(PACKAGE_POINT_KEYS.map((k, i) => [k, row.points[i] ?? ""])) as Record<
    (typeof PACKAGE_POINT_KEYS)[number],
    string
  >;
  return {
    _id: row.id,
    packageName: row.packageName,
    price: row.price,
    credit: row.credit,
    validity: row.validity,
    sellerEmail: row.sellerEmail,
    ...points,
    retired: row.retiredAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** pointOne…pointTen → the stored array (trailing blanks dropped, inner blanks kept for slot positions). */
export function pointsOf(input: TPackageInputParsed): string[] {
  const values = PACKAGE_POINT_KEYS.map((k) => input[k] ?? "");
  while (values.length && values[values.length - 1] === "") values.pop();
  return values;
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

/** The admin's view: what the buyer pays for (access URL, guidelines) included. */
export function toItemDto(row: ItemRow): TItem {
  return {
    ...toPublicItemDto(row),
    guidelines: row.guidelines,
    accessUrl: row.accessUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
