import {
  isOrderExpired,
  PAYMENT_STATUS,
  PAYMENT_STATUS_EXPIRED,
  type TItemOrder,
  type TPackageOrder,
} from "@mailsmith/shared";
import type { ItemOrderRow, OrderRow, PackageOrderRow } from "./repo.js";

function base(row: OrderRow) {
  return {
    _id: row.id,
    orderId: row.orderId,
    paymentId: row.paymentId,
    packageName: row.packageName,
    packagePrice: row.packagePrice,
    processingFee: row.processingFee,
    totalPrice: row.totalPrice,
    currency: row.currency,
    paymentStatus: isOrderExpired(row) ? PAYMENT_STATUS_EXPIRED : row.paymentStatus,
    orderStatus: row.orderStatus,
    paymentMethod: row.paymentMethod ?? null,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    address: row.address,
    country: row.country,
    orderDate: row.orderDate,
    Validity: row.validity,
    featuredImage: row.featuredImage,
    paypalTransactionID: row.paypalTransactionId ?? null,
    payerEmail: row.payerEmail ?? null,
    captureTime: row.captureTime ? row.captureTime.toISOString() : null,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPackageOrderDto(row: PackageOrderRow): TPackageOrder {
  return {
    ...base(row),
    packageId: row.packageId ?? null,
    credit: row.credit,
    sellerEmail: row.sellerEmail,
    MembershipValidity: row.membershipValidity.toISOString(),
  };
}

/** Premium content this server hosts (under PREMIUM_CONTENT_PREFIX), never served as a public static file. */
export const PREMIUM_CONTENT_PREFIX = "/demo/items/";
export const isHostedAccess = (url: string) => url.startsWith(PREMIUM_CONTENT_PREFIX) && !url.includes("..");
export const itemAccessPath = (orderId: string) => `/api/item-order/${orderId}/access`;

/** What the buyer pays for (access URL, guidelines) is shown once the order is paid, or to admins. */
export function toItemOrderDto(row: ItemOrderRow, reveal = false): TItemOrder {
  const paid = row.paymentStatus === PAYMENT_STATUS.paid;
  return {
    ...base(row),
    packageId: row.packageId ?? null,
    itemId: row.itemId,
    slug: row.slug,
    imageUrl: row.imageUrl,
    guidelines: paid || reveal ? row.guidelines : "",
    // Content we host is opened through the access route, which checks the payment each time.
    accessUrl: paid || reveal ? (isHostedAccess(row.accessUrl) ? itemAccessPath(row.id) : row.accessUrl) : "",
  };
}
