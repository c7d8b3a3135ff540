import { PAYMENT_STATUS, PAYMENT_STATUS_EXPIRED } from "@mailsmith/shared";

type WithStatus = { paymentStatus: string };

/** Only a pending order can still be paid or cancelled by its member (expired, cancelled and paid ones cannot). */
export function isPayable(order: WithStatus): boolean {
  return order.paymentStatus === PAYMENT_STATUS.pending;
}

/**
 * What the pending pages list and an admin may delete: unpaid orders still open (pending, or expired by age).
 * A paid order is the accounting record (also once refunded, reversed or failed at PayPal); a cancelled one was its
 * member's choice and stays cancelled.
 */
export function isOpenUnpaid(order: WithStatus): boolean {
  // Failed, refunded and reversed orders (PayPal reported back) are records too, never "open".
  return order.paymentStatus === PAYMENT_STATUS.pending || order.paymentStatus === PAYMENT_STATUS_EXPIRED;
}
