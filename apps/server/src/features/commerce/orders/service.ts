import {
  ddmmyyyy,
  ITEM_MESSAGES,
  isKnownCountry,
  membershipExpiry,
  ORDER_MESSAGES,
  ORDER_STATUS,
  type OrderKind,
  PACKAGE_MESSAGES,
  PAYMENT_STATUS,
  PROCESSING_FEE,
  type TAdminOrderQuery,
  type TCheckoutForm,
  ZAdminOrderQuerySchema,
} from "@mailsmith/shared";
import { and, asc, type Column, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AppContext } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { badRequest, conflict, forbidden, notFound } from "../../../lib/app-error.js";
import { isAdmin } from "../../../plugins/access.js";
import { getItemRow } from "../catalogue/item-service.js";
import { findPackage } from "../catalogue/repo.js";
import { type ItemOrderRow, isUniqueViolation, newOrderCode, orderTables, type PackageOrderRow } from "./repo.js";

function assertCanPurchase(user: UserRow) {
  if (user.role === "Seller") throw forbidden(ORDER_MESSAGES.sellersCannotPurchase, "SELLER_CANNOT_PURCHASE");
}

function billing(form: TCheckoutForm, allowOther: boolean) {
  if (!isKnownCountry(form.country, allowOther)) throw badRequest(ORDER_MESSAGES.countryInvalid, "VALIDATION_ERROR");
  return { customerName: form.customerName, address: form.address, country: form.country };
}

/** Inserts with fresh 8-character ids, retrying the (rare) collision. */
async function insertWithCodes<T>(insert: (codes: { orderId: string; paymentId: string }) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert({ orderId: newOrderCode(), paymentId: newOrderCode() });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}

/** A package order from the server's own package record: client prices, credits and statuses are ignored. */
export async function createPackageOrder(
  ctx: AppContext,
  user: UserRow,
  input: TCheckoutForm & { packageId: string },
): Promise<PackageOrderRow> {
  assertCanPurchase(user);
  const pkg = await findPackage(ctx.db, input.packageId);
  if (!pkg) throw notFound(PACKAGE_MESSAGES.notFound, "PACKAGE_NOT_FOUND");
  if (pkg.retiredAt) throw conflict(ORDER_MESSAGES.retiredPackage, "PACKAGE_RETIRED");
  const now = new Date();
  return insertWithCodes(async (codes) => {
    const [row] = await ctx.db
      .insert(orderTables.package)
      .values({
        ...codes,
        userId: user.id,
        packageId: pkg.id,
        packageName: pkg.packageName,
        packagePrice: pkg.price,
        processingFee: PROCESSING_FEE,
        totalPrice: pkg.price + PROCESSING_FEE,
        credit: pkg.credit,
        sellerEmail: pkg.sellerEmail,
        paymentStatus: PAYMENT_STATUS.pending,
        orderStatus: ORDER_STATUS.pending,
        customerEmail: user.email,
        ...billing(input, false),
        orderDate: now.toISOString(),
        validity: pkg.validity,
        membershipValidity: membershipExpiry(now, pkg.validity),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
}

export async function createItemOrder(
  ctx: AppContext,
  user: UserRow,
  input: TCheckoutForm & { itemId: string },
): Promise<ItemOrderRow> {
  assertCanPurchase(user);
  const item = await getItemRow(ctx, input.itemId);
  if (item.retiredAt) throw conflict(ORDER_MESSAGES.retiredItem, "ITEM_RETIRED");
  const now = new Date();
  return insertWithCodes(async (codes) => {
    const [row] = await ctx.db
      .insert(orderTables.item)
      .values({
        ...codes,
        userId: user.id,
        packageId: item.id,
        packageName: item.itemName || ITEM_MESSAGES.unnamedItem,
        packagePrice: item.price,
        processingFee: PROCESSING_FEE,
        totalPrice: item.price + PROCESSING_FEE,
        paymentStatus: PAYMENT_STATUS.pending,
        orderStatus: ORDER_STATUS.pending,
        customerEmail: user.email,
        ...billing(input, true),
        orderDate: ddmmyyyy(now),
        validity: item.validity,
        featuredImage: item.imageUrl,
        itemId: item.itemId,
        slug: item.slug,
        imageUrl: item.imageUrl,
        guidelines: item.guidelines,
        accessUrl: item.accessUrl,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
}

export async function findOrderRow(ctx: AppContext, kind: "package", id: string): Promise<PackageOrderRow | undefined>;
export async function findOrderRow(ctx: AppContext, kind: "item", id: string): Promise<ItemOrderRow | undefined>;
export async function findOrderRow(ctx: AppContext, kind: OrderKind, id: string) {
  const table = orderTables[kind];
  const [row] = await ctx.db.select().from(table).where(eq(table.id, id)).limit(1);
  return row;
}

/** The caller's own order (admins may read any). */
export async function getOwnOrder(
  ctx: AppContext,
  kind: "package",
  id: string,
  user: UserRow,
): Promise<PackageOrderRow>;
export async function getOwnOrder(ctx: AppContext, kind: "item", id: string, user: UserRow): Promise<ItemOrderRow>;
export async function getOwnOrder(ctx: AppContext, kind: OrderKind, id: string, user: UserRow) {
  const row = kind === "package" ? await findOrderRow(ctx, "package", id) : await findOrderRow(ctx, "item", id);
  if (!row) throw notFound(ORDER_MESSAGES.notFound, "ORDER_NOT_FOUND");
  if (!isAdmin(user) && row.userId !== user.id) throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
  return row;
}

export async function listOwnOrders(ctx: AppContext, kind: "package", user: UserRow): Promise<PackageOrderRow[]>;
export async function listOwnOrders(ctx: AppContext, kind: "item", user: UserRow): Promise<ItemOrderRow[]>;
export async function listOwnOrders(ctx: AppContext, kind: OrderKind, user: UserRow) {
  const table = orderTables[kind];
  return ctx.db.select().from(table).where(eq(table.userId, user.id)).orderBy(desc(table.createdAt)).limit(1000);
}

/** Admin lists: search, sort and paging in the database. */
export async function listAllOrders(ctx: AppContext, kind: OrderKind, rawQuery: TAdminOrderQuery) {
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
    ctx.db
      .select()
      .from(t)
      .where(where)
      .orderBy(order, desc(t.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Admins delete pending orders only; paid ones are the accounting record. */
export async function deletePendingOrder(ctx: AppContext, kind: OrderKind, id: string) {
  const t = orderTables[kind];
  const deleted = await ctx.db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.paymentStatus, PAYMENT_STATUS.pending)))
    .returning({ id: t.id });
  if (deleted.length > 0) return;
  const [exists] = await ctx.db.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1);
  if (!exists) throw notFound(ORDER_MESSAGES.notFound, "ORDER_NOT_FOUND");
  throw conflict(ORDER_MESSAGES.deleteOnlyPending, "ORDER_NOT_PENDING");
}
