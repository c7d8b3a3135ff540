import {
  ddmmyyyy,
  ITEM_MESSAGES,
  isKnownCountry,
  membershipExpiry,
  ORDER_MESSAGES,
  ORDER_STATUS,
  PACKAGE_MESSAGES,
  PAYMENT_STATUS,
  PROCESSING_FEE,
  type TCheckoutForm,
} from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { badRequest, conflict, forbidden, notFound } from "../../../lib/app-error.js";
import { findPackage } from "../catalogue/repo.js";
import { getItemRow } from "../catalogue/service.js";
import { isUniqueViolation } from "../is-unique-violation.js";
import type { ItemOrderRow, PackageOrderRow } from "../orders/repo.js";
import { insertItemOrder, insertPackageOrder, newOrderCode } from "./repo.js";

function assertCanPurchase(user: UserRow) {
  if (user.role === "Seller") throw forbidden(ORDER_MESSAGES.sellersCannotPurchase, "SELLER_CANNOT_PURCHASE");
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

/** What every new order holds: the buyer, the billing form, a price from our own record, pending statuses. */
function newOrder(
  user: UserRow,
  form: TCheckoutForm,
  product: { name: string; price: number; validity: number },
  opts: { allowOtherCountry: boolean; now: Date },
) {
  if (!isKnownCountry(form.country, opts.allowOtherCountry)) {
    throw badRequest(ORDER_MESSAGES.countryInvalid, "VALIDATION_ERROR");
  }
  return {
    userId: user.id,
    packageName: product.name,
    packagePrice: product.price,
    processingFee: PROCESSING_FEE,
    totalPrice: product.price + PROCESSING_FEE,
    paymentStatus: PAYMENT_STATUS.pending,
    orderStatus: ORDER_STATUS.pending,
    customerEmail: user.email,
    customerName: form.customerName,
    address: form.address,
    country: form.country,
    validity: product.validity,
    createdAt: opts.now,
    updatedAt: opts.now,
  };
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
  const order = newOrder(
    user,
    input,
    { name: pkg.packageName, price: pkg.price, validity: pkg.validity },
    { allowOtherCountry: false, now },
  );
  return insertWithCodes((codes) =>
    insertPackageOrder(ctx.db, {
      ...order,
      ...codes,
      packageId: pkg.id,
      credit: pkg.credit,
      sellerEmail: pkg.sellerEmail,
      orderDate: now.toISOString(),
      membershipValidity: membershipExpiry(now, pkg.validity),
    }),
  );
}

/** An item order from the server's own item record (what it gives access to is copied onto the order). */
export async function createItemOrder(
  ctx: AppContext,
  user: UserRow,
  input: TCheckoutForm & { itemId: string },
): Promise<ItemOrderRow> {
  assertCanPurchase(user);
  const item = await getItemRow(ctx, input.itemId);
  if (item.retiredAt) throw conflict(ORDER_MESSAGES.retiredItem, "ITEM_RETIRED");
  const now = new Date();
  const order = newOrder(
    user,
    input,
    { name: item.itemName || ITEM_MESSAGES.unnamedItem, price: item.price, validity: item.validity },
    { allowOtherCountry: true, now },
  );
  return insertWithCodes((codes) =>
    insertItemOrder(ctx.db, {
      ...order,
      ...codes,
      packageId: item.id,
      orderDate: ddmmyyyy(now),
      featuredImage: item.imageUrl,
      itemId: item.itemId,
      slug: item.slug,
      imageUrl: item.imageUrl,
      guidelines: item.guidelines,
      accessUrl: item.accessUrl,
    }),
  );
}
