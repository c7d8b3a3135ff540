import { z } from "zod";
import { PAYPAL_ORDER_ID_RE, SECURITY_MESSAGES } from "../security.js";

export const PAYPAL_MODES = ["sandbox", "live"] as const;
export const PAYPAL_CURRENCIES = ["USD", "EUR", "GBP", "CAD"] as const;
export const PAYPAL_LAYOUTS = ["vertical", "horizontal"] as const;
export const PAYPAL_COLORS = ["gold", "blue", "silver", "white", "black"] as const;
export const PAYPAL_SHAPES = ["rect", "pill"] as const;
export const PAYPAL_LABELS = ["paypal", "checkout", "buynow", "pay"] as const;

/** Admin §9 defaults (the payment page falls back to label "pay" when settings carry none, customer §3). */
export const PAYPAL_DEFAULTS = {
  clientId: "",
  mode: "sandbox",
  currency: "USD",
  enablePayPal: true,
  buttonStyles: { layout: "vertical", color: "blue", shape: "rect", label: "paypal" },
} as const;
export const PAYMENT_PAGE_FALLBACK_LABEL = "pay";

/** Spec §9 delays. */
export const PAYMENT_SUCCESS_REDIRECT_MS = 2000;
export const PAYMENT_UNCHANGED_REDIRECT_MS = 1000;
export const PAYMENT_CANCEL_REDIRECT_MS = 3000;
export const PAYMENT_FAILURE_REDIRECT_MS = 3000;

export const ZButtonStylesSchema = z.object({
  layout: z.enum(PAYPAL_LAYOUTS),
  color: z.enum(PAYPAL_COLORS),
  shape: z.enum(PAYPAL_SHAPES),
  label: z.enum(PAYPAL_LABELS),
});
export type TButtonStyles = z.infer<typeof ZButtonStylesSchema>;

/** What the admin screen reads: the secret is write-only (only whether one is stored). */
export const ZPaypalSettingsSchema = z.object({
  clientId: z.string(),
  mode: z.enum(PAYPAL_MODES),
  currency: z.enum(PAYPAL_CURRENCIES),
  enablePayPal: z.boolean(),
  buttonStyles: ZButtonStylesSchema,
  hasClientSecret: z.boolean(),
  /** No credentials stored: payments go through the built-in offline PayPal stand-in (never in production). */
  testMode: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TPaypalSettings = z.infer<typeof ZPaypalSettingsSchema>;

/** PUT /api/paypal-settings: an empty or missing clientSecret keeps the stored one. */
export const ZPaypalSettingsInputSchema = z.object({
  clientId: z.string().trim().max(200),
  clientSecret: z.string().trim().max(200).optional(),
  mode: z.enum(PAYPAL_MODES),
  currency: z.enum(PAYPAL_CURRENCIES),
  enablePayPal: z.boolean(),
  buttonStyles: ZButtonStylesSchema,
});
export type TPaypalSettingsInput = z.infer<typeof ZPaypalSettingsInputSchema>;

/** GET /api/paypal-settings (public): only what the browser needs to render the buttons. */
export const ZPublicPaypalSettingsSchema = z.object({
  clientId: z.string(),
  currency: z.enum(PAYPAL_CURRENCIES),
  enablePayPal: z.boolean(),
  buttonStyles: ZButtonStylesSchema,
  testMode: z.boolean(),
});
export type TPublicPaypalSettings = z.infer<typeof ZPublicPaypalSettingsSchema>;

export const ORDER_KINDS = ["package", "item"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ZCreatePaypalOrderSchema = z.object({ kind: z.enum(ORDER_KINDS), id: z.string().uuid() });
export const ZCreatePaypalOrderResponseSchema = z.object({
  success: z.literal(true),
  /** PayPal's order id (what the JS SDK's createOrder returns). */
  id: z.string(),
  status: z.string(),
  /** Where the buyer approves (test mode: the stand-in's approval page). */
  approveUrl: z.string().nullable(),
});

export const ZCapturePaypalOrderSchema = z.object({
  kind: z.enum(ORDER_KINDS),
  id: z.string().uuid(),
  /** Checked before PayPal is called: an id like ".." must not become a path on PayPal's API. */
  paypalOrderId: z.string().regex(PAYPAL_ORDER_ID_RE, SECURITY_MESSAGES.invalidPaypalOrderId),
});

/** "paid": this call recorded the payment; "already_paid": it was recorded before (nothing changed). */
export const ZCaptureResultSchema = z.object({
  success: z.literal(true),
  result: z.enum(["paid", "already_paid"]),
  message: z.string(),
  orderId: z.string(),
  transactionId: z.string().nullable(),
  redirectTo: z.string(),
  /**
   * A package's credits as the ledger recorded them ("paid" only): how many were added, how many of those paid off a
   * balance below zero, and the balance right after.
   */
  credited: z.object({ added: z.number().int(), paidOff: z.number().int(), balance: z.number().int() }).optional(),
});
export type TCaptureResult = z.infer<typeof ZCaptureResultSchema>;

export const ZVerifyOrderResultSchema = z.object({
  success: z.literal(true),
  paymentStatus: z.string(),
  paypalStatus: z.string().nullable(),
  changed: z.boolean(),
  message: z.string(),
});

/** Customer §8 payment texts, verbatim. */
export const PAYMENT_MESSAGES = {
  title: "Complete Your Payment",
  success: "Payment successful! Redirecting to your subscription history...",
  itemSuccess: "Payment successful! Redirecting to your orders...",
  alreadyPaid: "This order is already paid. Redirecting...",
  loadOrderFailed: "Failed to load order details",
  loadOrderFailedUrl: "Failed to load order details. Please check the URL or try again.",
  orderNotFound: "Order not found.",
  settingsFailed: "Failed to load payment gateway settings",
  settingsFailedSupport: "Failed to load payment gateway settings. Please contact support.",
  settingsFailedNetwork: "Failed to load payment gateway settings. Network issue or server error.",
  orderNotFoundTitle: "Order Not Found",
  orderNotFoundText: "We couldn't find the order you're looking for.",
  unavailableTitle: "Payment Unavailable",
  unavailableText: "PayPal payments are currently unavailable. Please contact support for alternative payment methods.",
  failed: "Payment failed. Please try again.",
  paypalError: "There was an error with PayPal. Please try again.",
  paypalErrorLong:
    "There was an error with PayPal. Please refresh the page and try again, or contact support if the issue persists.",
  setupIncomplete: "Payment setup incomplete. Please refresh the page or contact support.",
  cancelled: "Payment was cancelled. You can try again or contact support if you need assistance.",
  captureMissing: "Payment processing error: Could not retrieve transaction details from PayPal. Please try again.",
  updateFailed:
    "Payment completed successfully, but we couldn't update your order status. Please contact support with your transaction details.",
  processingError: (message: string) => `Payment processing error: ${message}`,
  statusTitle: "Payment Status",
  issueTitle: "Payment Issue",
  alreadyPaidNotice: "This order is already paid.",
  testButton: "Pay with the test PayPal (offline demo)",
  testNotice:
    "Test mode: no PayPal credentials are configured, so this payment uses the built-in offline PayPal stand-in. No real money moves.",
} as const;

/** Why a capture was refused: clear texts the payment page shows after "Payment processing error: ". */
export const CAPTURE_REFUSALS = {
  notApproved: "the payment has not been approved in PayPal yet, so nothing was charged.",
  amountMismatch: "the PayPal amount does not match this order, so it was not accepted.",
  currencyMismatch: "the PayPal currency does not match this order, so it was not accepted.",
  orderMismatch: "this PayPal payment belongs to a different order, so it was not accepted.",
  paypalOrderUnknown: "PayPal does not know this payment.",
  paypalOrderVoided: "this PayPal payment was voided.",
  captureNotCompleted: (status: string) =>
    `PayPal reports the payment as ${status}; it will be recorded once PayPal completes it.`,
  alreadyUsed: "this PayPal payment was already used for another order.",
  notPending: "this order is not waiting for payment.",
} as const;

export const PAYPAL_SETTINGS_MESSAGES = {
  title: "PayPal Integration Settings",
  fetchFailed: "Failed to fetch PayPal data",
  fetchError: "Error fetching PayPal data",
  updateFailed: "Failed to update PayPal settings",
  updateError: "Error updating PayPal settings",
  resetFailed: "Failed to reset PayPal settings",
  resetError: "Error resetting PayPal settings",
  updated: "PayPal settings updated successfully",
  reset: "PayPal settings reset successfully",
  resetConfirm: "Are you sure you want to reset to default values?",
  secretKept: "Leave blank to keep the stored secret",
} as const;
