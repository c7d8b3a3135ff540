import {
  ORDER_STATUS,
  type OrderKind,
  PAYMENT_STATUS,
  type TAdminOrderQuery,
  ZAdminOrderQuerySchema,
} from "@mailsmith/shared";
import { and, asc, type Column, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { newestFirst } from "../../../db/creation-order.js";
import { itemOrders, packageOrders } from "../../../db/schema/index.js";

export type PackageOrderRow = typeof packageOrders.$inferSelect;
export type ItemOrderRow = typeof itemOrders.$inferSelect;
export type OrderRow = PackageOrderRow | ItemOrderRow;

/** Package orders and item orders share their order columns (db/schema/commerce.ts): one query serves both. */
export const orderTables = { package: packageOrders, item: itemOrders } as const;

/** An order and the table it lives in. */
export type KindedOrder = { kind: "package"; row: PackageOrderRow } | { kind: "item"; row: ItemOrderRow };

export async function findOrderRow(db: DbOrTx, kind: "package", id: string): Promise<PackageOrderRow | undefined>;
export async function findOrderRow(db: DbOrTx, kind: "item", id: string): Promise<ItemOrderRow | undefined>;
export async function findOrderRow(db: DbOrTx, kind: OrderKind, id: string): Promise<OrderRow | undefined>;
export async function findOrderRow(db: DbOrTx, kind: OrderKind, id: string) {
  const table = orderTables[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  return row;
}

/** A package or item order by its _id (the routes that serve both kinds take the id alone). */
export async function findAnyOrder(db: DbOrTx, id: string): Promise<KindedOrder | undefined> {
  const pkg = await findOrderRow(db, "package", id);
  if (pkg) return { kind: "package", row: pkg };
  const item = await findOrderRow(db, "item", id);
  return item ? { kind: "item", row: item } : undefined;
}

/** A package or item order by its 8-character orderId (what PayPal carries as custom_id). */
export async function findOrderByCode(db: DbOrTx, orderId: string): Promise<KindedOrder | undefined> {
  const t = orderTables;
  const [pkg] = await db.select().from(t.package).where(eq(t.package.orderId, orderId)).limit(1);
  if (pkg) return { kind: "package", row: pkg };
  const [item] = await db.select().from(t.item).where(eq(t.item.orderId, orderId)).limit(1);
  return item ? { kind: "item", row: item } : undefined;
}

export function listUserOrders(db: DbOrTx, kind: "package", userId: string): Promise<PackageOrderRow[]>;
export function listUserOrders(db: DbOrTx, kind: "item", userId: string): Promise<ItemOrderRow[]>;
export function listUserOrders(db: DbOrTx, kind: OrderKind, userId: string): Promise<OrderRow[]> {
  const table = orderTables[kind];
  return db
    .select()
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(...newestFirst(table))
    .limit(1000);
}

/** Admin lists: search, sort and paging in the database. */
export async function pageOrders(db: DbOrTx, kind: OrderKind, rawQuery: TAdminOrderQuery) {
  const query = ZAdminOrderQuerySchema.parse(rawQuery);
  const t = orderTables[kind];
  const term = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const searchable: Column[] = [t.orderId, t.customerName, t.orderStatus, t.packageName, t.customerEmail];
  if (kind === "item") searchable.push(t.paymentStatus);
  const where: SQL | undefined = term ? or(...searchable.map((c) => ilike(c, term))) : undefined;
  const sortColumn = {
    orderId: t.orderId,
    customerName: t.customerName,
    packageName: t.packageName,
    orderDate: t.createdAt,
    totalPrice: t.totalPrice,
    paymentStatus: t.paymentStatus,
    orderStatus: t.orderStatus,
  }[query.sort];
  const order = query.dir === "asc" ? asc(sortColumn) : desc(sortColumn);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(order, desc(t.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Deletes the order only while it is pending; false when it is not (unknown, paid or cancelled). */
export async function deletePendingOrder(db: DbOrTx, kind: OrderKind, id: string): Promise<boolean> {
  const t = orderTables[kind];
  const deleted = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.paymentStatus, PAYMENT_STATUS.pending)))
    .returning({ id: t.id });
  return deleted.length > 0;
}

/**
 * Marks the order cancelled only while it is pending: the same guard the capture's settle uses, so a
 * cancel and a capture racing on one order cannot both win. False when it was not pending.
 */
export async function cancelPendingOrder(db: DbOrTx, kind: OrderKind, id: string): Promise<boolean> {
  const t = orderTables[kind];
  const updated = await db
    .update(t)
    .set({ paymentStatus: PAYMENT_STATUS.cancelled, orderStatus: ORDER_STATUS.cancelled, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.paymentStatus, PAYMENT_STATUS.pending)))
    .returning({ id: t.id });
  return updated.length > 0;
}
