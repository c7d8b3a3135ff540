import { PACKAGE_POINT_KEYS, type TPackage, type TPackageInputParsed } from "@mailsmith/shared";
import { asc, count, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { packages } from "../../../db/schema/index.js";

export type PackageRow = typeof packages.$inferSelect;

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

export function listActivePackages(db: DbOrTx) {
  return db.select().from(packages).where(isNull(packages.retiredAt)).orderBy(asc(packages.createdAt));
}

export async function countActivePackages(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(packages).where(isNull(packages.retiredAt));
  return row?.n ?? 0;
}

export function findPackage(db: DbOrTx, id: string) {
  return db.query.packages.findFirst({ where: eq(packages.id, id) });
}
