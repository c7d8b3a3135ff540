import { type OrderKind, PAYMENT_STATUS, PAYPAL_OUTCOME_STATUS } from "@mailsmith/shared";
import { and, eq } from "drizzle-orm";
import { PaypalApiError } from "../../../adapters/paypal/client.js";
import type { PaypalCapture, PaypalOrder, PaypalRefund } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import { orderTables } from "../orders/repo.js";
import { type PaypalRuntime, paypalFailure } from "./paypal-runtime.js";

/**
 * The capture PayPal completed for this PayPal order, if any, refunded since or not (what a webhook or a late page
 * capture found): a refunded one is still recorded on the order, e.g. when our refund went through but the order's
 * update did not and PayPal resends its webhook.
 */
export function completedCaptureOf(pp: PaypalOrder): PaypalCapture | undefined {
  const taken = new Set<PaypalCapture["status"]>(["COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED"]);
  return pp.purchase_units?.[0]?.payments?.captures?.find((c) => taken.has(c.status));
}

/**
 * PayPal took money for an order we had cancelled — its member cancelled it, or deleted their account, while PayPal
 * was capturing. Nobody is credited for it, so the money goes back at once: the whole capture is
 * refunded through PayPal's refund API (one request id per capture, so the page and the webhook racing here refund
 * once), and the order records it: Refunded, with the capture id and the amount, kept for the accounting record.
 * PAYMENT.CAPTURE.REFUNDED then finds the order already refunded and takes no credits. PayPal's answers: 201 with the
 * refund COMPLETED or PENDING (an eCheck balance, finished by PayPal) is done; 422 CAPTURE_FULLY_REFUNDED means an
 * earlier attempt or the merchant already gave the money back, so it is done too. 201 with the refund FAILED or
 * CANCELLED is PayPal's final word for this request id (it replays it to every resend): the order records
 * "Refund failed" with the capture id, which the admin's order view words, and the refund is left to someone in
 * PayPal — whose PAYMENT.CAPTURE.REFUNDED then turns the order Refunded, taking no credits (decision 141). Any other
 * failure (network, 5xx) throws, so the webhook is not marked handled and PayPal's resend tries again.
 */
export async function refundCancelledCapture(
  ctx: AppContext,
  rt: PaypalRuntime,
  kind: OrderKind,
  orderId: string,
  capture: Pick<PaypalCapture, "id" | "amount">,
): Promise<"refunded" | "refund_failed"> {
  let failed: PaypalRefund | null = null;
  try {
    const refund = await rt.client.refundCapture(capture.id, {}, `ms-refund-cancelled-${capture.id}`);
    if (refund.status !== "COMPLETED" && refund.status !== "PENDING") failed = refund;
  } catch (err) {
    // Already refunded in full (an earlier attempt with another request id, or the merchant in PayPal): done.
    if (!(err instanceof PaypalApiError && err.issue === "CAPTURE_FULLY_REFUNDED")) {
      // Not recorded as handled: PayPal resends its webhook, and the next one tries again.
      ctx.log.error({ err, orderId, transactionId: capture.id }, "capture of a cancelled order not refunded yet");
      paypalFailure(err);
    }
  }
  const status = failed ? PAYPAL_OUTCOME_STATUS.refundFailed : PAYPAL_OUTCOME_STATUS.refunded;
  const t = orderTables[kind];
  await ctx.db
    .update(t)
    .set({
      paymentStatus: status,
      orderStatus: status,
      paypalTransactionId: capture.id,
      refundedAmount: failed ? 0 : Number(capture.amount.value),
      updatedAt: new Date(),
    })
    .where(and(eq(t.orderId, orderId), eq(t.paymentStatus, PAYMENT_STATUS.cancelled)));
  if (failed) {
    ctx.log.error(
      { orderId, transactionId: capture.id, amount: capture.amount, refundId: failed.id, refundStatus: failed.status },
      "capture of a cancelled order: PayPal did not complete the refund; refund it in PayPal",
    );
    return "refund_failed";
  }
  ctx.log.warn(
    { orderId, transactionId: capture.id, amount: capture.amount },
    "capture of a cancelled order refunded automatically",
  );
  return "refunded";
}
