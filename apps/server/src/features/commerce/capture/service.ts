import { randomUUID } from "node:crypto";
import {
  CAPTURE_REFUSALS,
  COMMERCE_MESSAGES,
  creditsPaidOff,
  isOrderExpired,
  ORDER_EXPIRED_MESSAGE,
  ORDER_MESSAGES,
  type OrderKind,
  PAYMENT_ERROR_CODES,
  PAYMENT_MESSAGES,
  PAYMENT_STATUS,
  type TCaptureResult,
} from "@mailsmith/shared";
import { PaypalApiError } from "../../../adapters/paypal/client.js";
import type { PaypalCapture, PaypalOrder } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { findLedgerEntry } from "../../../core/ledger.js";
import { AppError, forbidden, notFound } from "../../../lib/app-error.js";
import { findAnyOrder, findOrderRow, type OrderRow } from "../orders/repo.js";
import { type PaypalRuntime, paypalFailure, paypalRuntime } from "./paypal-runtime.js";
import { refundCancelledCapture } from "./refund-cancelled.js";
import { nextCaptureAttempt, setOrderCurrency, setPaypalOrderId } from "./repo.js";
import { settle } from "./settle.js";

/** Where the payment page goes after success (decision 041). */
const SUCCESS_REDIRECT: Record<OrderKind, string> = {
  package: "/user/orders-history",
  item: "/user/orders",
};

const refuse = (code: string, reason: string, status = 409, details?: Record<string, unknown>) =>
  new AppError(code, PAYMENT_MESSAGES.processingError(reason), status, details);

const orderCancelled = () => new AppError("ORDER_CANCELLED", COMMERCE_MESSAGES.orderCancelled, 409);

async function loadOwnOrder(ctx: AppContext, kind: OrderKind, id: string, me: UserRow): Promise<OrderRow> {
  const row = await findOrderRow(ctx.db, kind, id);
  if (!row) throw notFound(PAYMENT_MESSAGES.orderNotFound, "ORDER_NOT_FOUND");
  // Paying is for the order's owner only (not even an admin pays someone else's order).
  if (row.userId !== me.id) throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
  return row;
}

const cents = (v: number | string) => Math.round(Number(v) * 100);

export async function createPaypalOrder(ctx: AppContext, me: UserRow, input: { kind: OrderKind; id: string }) {
  const order = await loadOwnOrder(ctx, input.kind, input.id, me);
  if (order.paymentStatus === PAYMENT_STATUS.cancelled) throw orderCancelled();
  if (order.paymentStatus !== PAYMENT_STATUS.pending) {
    throw new AppError("ORDER_ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaidNotice, 409);
  }
  if (isOrderExpired(order)) throw expired();
  const { client, settings } = await paypalRuntime(ctx);
  const currency = settings.currency;
  if (order.currency !== currency) await setOrderCurrency(ctx.db, input.kind, order.id, currency);
  const page = input.kind === "package" ? "pay-now" : "item-pay-now";
  const back = `${ctx.env.publicUrl}/${page}/${order.id}`;
  const total = (order.packagePrice + order.processingFee).toFixed(2);
  try {
    const pp = await client.createOrder(
      {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: order.orderId,
            description: order.packageName.slice(0, 127),
            custom_id: order.orderId,
            invoice_id: order.paymentId,
            amount: {
              currency_code: currency,
              value: total,
              breakdown: {
                item_total: { currency_code: currency, value: order.packagePrice.toFixed(2) },
                handling: { currency_code: currency, value: order.processingFee.toFixed(2) },
              },
            },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: "Mailsmith",
              shipping_preference: "NO_SHIPPING",
              user_action: "PAY_NOW",
              return_url: `${back}?paypal=return`,
              cancel_url: `${back}?paypal=cancel`,
            },
          },
        },
      },
      // One id per attempt (each press of the PayPal button): PayPal keeps ids for 6 hours but an order must be
      // approved within 3, so a fixed id could hand back a dead order. The client's network retry reuses it.
      `ms-create-${order.orderId}-${randomUUID()}`,
    );
    await setPaypalOrderId(ctx.db, input.kind, order.id, pp.id);
    const approve = pp.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
    return { id: pp.id, status: pp.status, approveUrl: approve?.href ?? null };
  } catch (err) {
    paypalFailure(err);
  }
}

/** Checks a PayPal order against ours: our order id in custom_id, the amount and the currency. */
function assertMatches(order: OrderRow, pp: PaypalOrder) {
  const unit = pp.purchase_units?.[0];
  if (!unit || unit.custom_id !== order.orderId) throw refuse("PAYPAL_ORDER_MISMATCH", CAPTURE_REFUSALS.orderMismatch);
  if (unit.amount && unit.amount.currency_code !== order.currency) {
    throw refuse("CURRENCY_MISMATCH", CAPTURE_REFUSALS.currencyMismatch);
  }
  if (unit.amount && cents(unit.amount.value) !== cents(order.totalPrice)) {
    throw refuse("AMOUNT_MISMATCH", CAPTURE_REFUSALS.amountMismatch);
  }
}

const expired = () => new AppError("ORDER_EXPIRED", ORDER_EXPIRED_MESSAGE, 410);

/**
 * The completed capture of a PayPal order (refunded since or not), checked against ours once more (what PayPal
 * actually charged).
 */
function completedCapture(order: OrderRow, pp: PaypalOrder): PaypalCapture {
  const capture = pp.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture?.id) throw new AppError("CAPTURE_MISSING", PAYMENT_MESSAGES.captureMissing, 502);
  const details = { transactionId: capture.id };
  // A capture made after our order expired is never credited, whoever reports it (support refunds it).
  const capturedAt = capture.create_time ? Date.parse(capture.create_time) : Date.now();
  if (isOrderExpired(order, capturedAt)) {
    throw new AppError("ORDER_EXPIRED", ORDER_EXPIRED_MESSAGE, 410, details);
  }
  if (capture.custom_id && capture.custom_id !== order.orderId) {
    throw refuse("PAYPAL_ORDER_MISMATCH", CAPTURE_REFUSALS.orderMismatch, 409, details);
  }
  if (capture.amount.currency_code !== order.currency) {
    throw refuse("CURRENCY_MISMATCH", CAPTURE_REFUSALS.currencyMismatch, 409, details);
  }
  if (cents(capture.amount.value) !== cents(order.totalPrice)) {
    throw refuse("AMOUNT_MISMATCH", CAPTURE_REFUSALS.amountMismatch, 409, details);
  }
  if (capture.status === "PENDING") {
    throw new AppError(PAYMENT_ERROR_CODES.capturePending, COMMERCE_MESSAGES.capturePending, 409, details);
  }
  // Refunded since (in part or in full) still means PayPal took the money: it is recorded, and each refund's own
  // event takes its share of the credits back.
  if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED" && capture.status !== "REFUNDED") {
    throw refuse("CAPTURE_NOT_COMPLETED", CAPTURE_REFUSALS.captureNotCompleted(capture.status), 409, details);
  }
  return capture;
}

/**
 * The capture path: PayPal adapter (read the PayPal order, capture it if approved) → checks against our order →
 * settle (one transaction: paid + credits + membership). Used by the capture route and by the webhook.
 */
export async function captureAndSettle(
  ctx: AppContext,
  rt: PaypalRuntime,
  kind: OrderKind,
  order: OrderRow,
  paypalOrderId: string,
) {
  let pp: PaypalOrder;
  try {
    pp = await rt.client.getOrder(paypalOrderId);
  } catch (err) {
    if (err instanceof PaypalApiError && err.status === 404) {
      throw refuse("PAYPAL_ORDER_UNKNOWN", CAPTURE_REFUSALS.paypalOrderUnknown, 404);
    }
    paypalFailure(err);
  }
  assertMatches(order, pp);
  if (pp.status === "APPROVED") {
    if (isOrderExpired(order)) throw expired();
    try {
      // One request id per attempt: the capture route and a racing webhook share it (PayPal answers both alike);
      // after a decline the attempt number moves on, so the buyer's next approval is not answered with the decline.
      pp = await rt.client.captureOrder(pp.id, `ms-capture-${pp.id}-${order.captureAttempt}`);
    } catch (err) {
      if (err instanceof PaypalApiError && err.issue === "INSTRUMENT_DECLINED") {
        await nextCaptureAttempt(ctx.db, kind, order.id, order.captureAttempt);
        const again = await rt.client.getOrder(paypalOrderId).catch(() => null);
        const restartUrl = again?.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null;
        throw new AppError(PAYMENT_ERROR_CODES.instrumentDeclined, COMMERCE_MESSAGES.instrumentDeclined, 422, {
          retryable: true,
          restartUrl,
        });
      }
      if (err instanceof PaypalApiError && err.issue === "ORDER_ALREADY_CAPTURED") {
        pp = await rt.client.getOrder(paypalOrderId).catch(paypalFailure);
      } else if (err instanceof PaypalApiError && err.issue === "ORDER_NOT_APPROVED") {
        throw refuse("PAYPAL_ORDER_NOT_APPROVED", CAPTURE_REFUSALS.notApproved, 409);
      } else {
        paypalFailure(err);
      }
    }
  } else if (pp.status === "VOIDED") {
    throw refuse("PAYPAL_ORDER_VOIDED", CAPTURE_REFUSALS.paypalOrderVoided, 409);
  } else if (pp.status !== "COMPLETED") {
    throw refuse("PAYPAL_ORDER_NOT_APPROVED", CAPTURE_REFUSALS.notApproved, 409);
  }
  const capture = completedCapture(order, pp);
  const changed = await settle(ctx, kind, order, pp, capture).catch(async (err: unknown) => {
    // Cancelled while PayPal captured (by its member, or by deleting the account): the money goes back at once.
    if (err instanceof AppError && err.code === "ORDER_CANCELLED") {
      await refundCancelledCapture(ctx, rt, kind, order.orderId, capture);
    }
    throw err;
  });
  return { changed, transactionId: capture.id };
}

/**
 * POST /api/paypal/capture-order. Safe to repeat and to race: PayPal replays the capture for the same
 * PayPal-Request-Id, and only the first transaction that finds the order pending records it. A cancelled order
 * is refused before PayPal is asked to capture anything.
 */
export async function capturePaypalOrder(
  ctx: AppContext,
  me: UserRow,
  input: { kind: OrderKind; id: string; paypalOrderId: string },
): Promise<TCaptureResult> {
  const order = await loadOwnOrder(ctx, input.kind, input.id, me);
  const redirectTo = SUCCESS_REDIRECT[input.kind];
  const base = { success: true as const, orderId: order.orderId, redirectTo };
  if (order.paymentStatus === PAYMENT_STATUS.cancelled) throw orderCancelled();
  if (order.paymentStatus !== PAYMENT_STATUS.pending) {
    return {
      ...base,
      result: "already_paid",
      message: PAYMENT_MESSAGES.alreadyPaid,
      transactionId: order.paypalTransactionId ?? null,
    };
  }
  if (isOrderExpired(order)) throw expired();
  const rt = await paypalRuntime(ctx);
  const { changed, transactionId } = await captureAndSettle(ctx, rt, input.kind, order, input.paypalOrderId);
  if (!changed) return { ...base, result: "already_paid", message: PAYMENT_MESSAGES.alreadyPaid, transactionId };
  if (input.kind !== "package")
    return { ...base, result: "paid", message: PAYMENT_MESSAGES.itemSuccess, transactionId };
  const credited = await creditedBy(ctx, order.orderId);
  return {
    ...base,
    result: "paid",
    message: PAYMENT_MESSAGES.success,
    transactionId,
    ...(credited ? { credited } : {}),
  };
}

/**
 * What a package's purchase did to the balance, from its ledger row (so a generation charged a moment later does not
 * blur it): the success screen says how much of it paid off a balance a refund or reversal left below zero.
 */
async function creditedBy(ctx: AppContext, orderId: string): Promise<TCaptureResult["credited"]> {
  const row = await findLedgerEntry(ctx.db, `purchase:${orderId}`);
  if (!row) return undefined;
  return { added: row.delta, paidOff: creditsPaidOff(row.delta, row.balanceAfter), balance: row.balanceAfter };
}

/** GET /api/verify-order/{id}: re-checks a pending order with PayPal and records a capture PayPal already made. */
export async function verifyOrder(ctx: AppContext, me: UserRow, id: string) {
  const found = await findAnyOrder(ctx.db, id);
  if (!found) throw notFound(PAYMENT_MESSAGES.orderNotFound, "ORDER_NOT_FOUND");
  const { kind, row: order } = found;
  if (order.userId !== me.id && me.role !== "Admin") throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
  const unchanged = (message: string, paypalStatus: string | null = null) => ({
    success: true as const,
    paymentStatus: order.paymentStatus,
    paypalStatus,
    changed: false,
    message,
  });
  if (order.paymentStatus === PAYMENT_STATUS.cancelled) return unchanged(COMMERCE_MESSAGES.orderCancelled);
  if (order.paymentStatus !== PAYMENT_STATUS.pending) return unchanged(PAYMENT_MESSAGES.alreadyPaidNotice);
  if (!order.paypalOrderId) return unchanged(COMMERCE_MESSAGES.noPaymentStarted);
  const rt = await paypalRuntime(ctx, { requireEnabled: false });
  const pp = await rt.client.getOrder(order.paypalOrderId).catch(paypalFailure);
  if (pp.status !== "COMPLETED") return unchanged(COMMERCE_MESSAGES.paypalReports(pp.status), pp.status);
  assertMatches(order, pp);
  const changed = await settle(ctx, kind, order, pp, completedCapture(order, pp));
  return {
    success: true as const,
    paymentStatus: PAYMENT_STATUS.paid,
    paypalStatus: pp.status,
    changed,
    message: changed ? COMMERCE_MESSAGES.paymentRecorded : PAYMENT_MESSAGES.alreadyPaidNotice,
  };
}
