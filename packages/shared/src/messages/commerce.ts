/**
 * Texts the commerce server answers with that the spec does not word (catalogue, checkout, orders, capture).
 * The spec's own texts stay beside their schemas (PACKAGE_MESSAGES, ITEM_MESSAGES, ORDER_MESSAGES,
 * PAYMENT_MESSAGES, CAPTURE_REFUSALS).
 */
export const COMMERCE_MESSAGES = {
  itemIdTaken: "An item with this Item ID already exists.",
  noPaymentStarted: "No PayPal payment started yet.",
  paypalReports: (status: string) => `PayPal reports ${status}.`,
  paymentRecorded: "Payment recorded.",
  webhookNotConfigured: "PAYPAL_WEBHOOK_ID is not configured.",
  webhookHeadersMissing: "Missing PayPal signature headers.",
  webhookSignatureInvalid: "The webhook signature did not verify.",
  /** Issue 13 item 3: a member cancels an unpaid order; a paid one is the accounting record. */
  cancelPaid: "This order is already paid, so it cannot be cancelled.",
  /** A cancelled order is refused at payment (create, capture, webhook). */
  orderCancelled: "This order was cancelled. Please place a new order.",
} as const;
