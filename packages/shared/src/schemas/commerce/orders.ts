import { z } from "zod";
import { COUNTRIES, OTHER_COUNTRY } from "../../countries.js";

/** Spec §9: processing fee 0, ids of 8 characters A-Z 0-9, page size 10, admin orders 5 per page. */
export const PROCESSING_FEE = 0;
export const ORDER_ID_LENGTH = 8;
export const ORDER_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const ORDER_PAGE_SIZE = 10;
export const ADMIN_ORDERS_PAGE_SIZE = 5;
export const ADMIN_ITEM_ORDERS_PAGE_SIZE = 10;

/** "cancelled" is the spec's red status colour: an unpaid order its member (or an admin) cancelled. */
export const PAYMENT_STATUS = { pending: "pending", paid: "Paid", cancelled: "cancelled" } as const;
/** What the lists show for a pending order past PENDING_ORDER_TTL_MS (it can no longer be paid). */
export const PAYMENT_STATUS_EXPIRED = "Expired";
/** Unpaid orders expire after 24 hours, in the spirit of PayPal's own order lifetime. */
export const PENDING_ORDER_TTL_MS = 24 * 60 * 60 * 1000;
export const ORDER_EXPIRED_MESSAGE = "This order has expired. Please place a new order.";

/** True when an unpaid order is older than PENDING_ORDER_TTL_MS. */
export function isOrderExpired(order: { paymentStatus: string; createdAt: Date | string }, now = Date.now()): boolean {
  if (order.paymentStatus !== PAYMENT_STATUS.pending) return false;
  return now - new Date(order.createdAt).getTime() > PENDING_ORDER_TTL_MS;
}
export const ORDER_STATUS = { pending: "pending", completed: "Completed", cancelled: "cancelled" } as const;
export const PAYMENT_METHOD_PAYPAL = "Paypal";

export const ORDER_MESSAGES = {
  /** An unpaid order's state where a paid one shows its days left. */
  awaitingPayment: "Awaiting payment",
  notPaid: "Not paid: no membership",
  accessNeedsPayment: "Buy this item to open it.",
  accessMissing: "This item has no content to open.",
  checkoutTitle: "Complete Your Order",
  proceed: "Proceed to Payment",
  processing: "Processing...",
  sellersCannotPurchase: "Sellers cannot purchase products",
  fullNameRequired: "Full name is required",
  addressRequired: "Address is required",
  countryRequired: "Country is required",
  countryInvalid: "Choose a country from the list",
  loadFailed: "Could not load orders. Please try again.",
  loadItemFailed: "Could not load item orders. Please try again.",
  fetchFailed: (message: string) => `Failed to fetch data: ${message}`,
  userEmailNotFound: "User email not found",
  noOrders: "No orders found",
  notFound: "Order not found.",
  notYours: "You can only access your own orders.",
  deleted: "Order deleted successfully!",
  deleteFailed: "Failed to delete order.",
  somethingWrong: "Something went wrong.",
  somethingWrongDeleting: "Something went wrong while deleting.",
  deleteOnlyPending: "Only pending orders can be deleted.",
  deleteConfirm: "Delete this pending order?",
  /** Names the order and says what deleting does. */
  deleteConfirmNamed: (orderId: string) =>
    `Delete pending order ${orderId}? It is removed for good; the customer can order again.`,
  pendingTitle: "My Pending Orders",
  pendingItemTitle: "My Pending item Orders",
  noPendingTitle: "No Pending Orders",
  noPendingText: "You're all caught up with your payments.",
  completeYourPurchase: "Complete Your Purchase",
  payFirstOrder: "Pay First Order",
  noPaymentsDue: "No payments due",
  payNow: "Pay Now",
  expired: "Expired",
  retiredPackage: "This package is no longer available.",
  retiredItem: "This item is no longer available.",
  /** A member cancels an unpaid order; the confirmation names what was ordered. */
  cancelOrder: "Cancel order",
  keepOrder: "Keep order",
  cancelConfirmNamed: (name: string) => `Cancel your order for ${name}? It can no longer be paid; you can order again.`,
  cancelled: "Order cancelled.",
  cancelFailed: "Could not cancel the order.",
} as const;

const required = (msg: string, max: number) => z.string({ error: msg }).trim().min(1, msg).max(max);

/** Billing fields of both checkouts (email comes from the account, never from the form). */
export const ZCheckoutFormSchema = z.object({
  customerName: required(ORDER_MESSAGES.fullNameRequired, 120),
  address: required(ORDER_MESSAGES.addressRequired, 300),
  country: required(ORDER_MESSAGES.countryRequired, 80),
});
export type TCheckoutForm = z.infer<typeof ZCheckoutFormSchema>;

export function isKnownCountry(country: string, allowOther: boolean): boolean {
  return (COUNTRIES as readonly string[]).includes(country) || (allowOther && country === OTHER_COUNTRY);
}

/** POST /api/new-order: prices, credits, ids and statuses sent by a client are ignored. */
export const ZNewOrderSchema = ZCheckoutFormSchema.extend({ packageId: z.string().uuid() }).passthrough();
/** POST /api/new-item-order. */
export const ZNewItemOrderSchema = ZCheckoutFormSchema.extend({ itemId: z.string().min(1).max(64) }).passthrough();

const orderBase = {
  _id: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  packageName: z.string(),
  packagePrice: z.number(),
  processingFee: z.number(),
  totalPrice: z.number(),
  currency: z.string(),
  paymentStatus: z.string(),
  orderStatus: z.string(),
  paymentMethod: z.string().nullable(),
  customerEmail: z.string(),
  customerName: z.string(),
  address: z.string(),
  country: z.string(),
  orderDate: z.string(),
  Validity: z.number().int(),
  featuredImage: z.string(),
  paypalTransactionID: z.string().nullable(),
  payerEmail: z.string().nullable(),
  captureTime: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
};

export const ZPackageOrderSchema = z.object({
  ...orderBase,
  packageId: z.string().nullable(),
  credit: z.number().int(),
  sellerEmail: z.string(),
  MembershipValidity: z.string(),
});
export type TPackageOrder = z.infer<typeof ZPackageOrderSchema>;

/** accessUrl and guidelines are empty until the order is paid. */
export const ZItemOrderSchema = z.object({
  ...orderBase,
  packageId: z.string().nullable(),
  itemId: z.string(),
  slug: z.string(),
  imageUrl: z.string(),
  guidelines: z.string(),
  accessUrl: z.string(),
});
export type TItemOrder = z.infer<typeof ZItemOrderSchema>;

/** Admin lists: server-side search, sort and paging. */
export const ORDER_SORT_FIELDS = [
  "orderId",
  "customerName",
  "packageName",
  "orderDate",
  "totalPrice",
  "paymentStatus",
  "orderStatus",
] as const;
export const ZAdminOrderQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  sort: z.enum(ORDER_SORT_FIELDS).optional().default("orderDate"),
  dir: z.enum(["asc", "desc"]).optional().default("desc"),
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_ORDERS_PAGE_SIZE),
});
export type TAdminOrderQuery = z.input<typeof ZAdminOrderQuerySchema>;

/** POST /api/orders/{id}/cancel (no body): a package or item order, found by its _id. */
export const ZCancelOrderResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  kind: z.enum(["package", "item"]),
  _id: z.string(),
  orderId: z.string(),
  paymentStatus: z.literal(PAYMENT_STATUS.cancelled),
  orderStatus: z.literal(ORDER_STATUS.cancelled),
});
export type TCancelOrderResult = z.infer<typeof ZCancelOrderResultSchema>;

export const ZOrderPageSchema = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** Spec §5: creation date plus validity days; invalid date → now; non-positive or non-numeric days → 30. */
export function membershipExpiry(createdAt: Date | string | number, validity: unknown): Date {
  let start = new Date(createdAt);
  if (Number.isNaN(start.getTime())) start = new Date();
  const n = typeof validity === "number" ? validity : Number(validity);
  const days = Number.isFinite(n) && n > 0 ? n : 30;
  return new Date(start.getTime() + days * 24 * 60 * 60 * 1000);
}

/** Ceiling of days until the expiry, or "Expired" when past. */
export function daysLeft(expiry: Date | string, now: Date = new Date()): number | "Expired" {
  const t = new Date(expiry).getTime();
  if (Number.isNaN(t)) return ORDER_MESSAGES.expired;
  const days = Math.ceil((t - now.getTime()) / (24 * 60 * 60 * 1000));
  return days > 0 ? days : ORDER_MESSAGES.expired;
}

/** dd/mm/yyyy of a date (item order date, spec §5). */
export function ddmmyyyy(d: Date = new Date()): string {
  const dd = String(d.getDate()).padStart(2, "0");
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  return `${dd}/${mm}/${d.getFullYear()}`;
}
