import { type OrderKind, PAYMENT_STATUS, PAYPAL_OUTCOME_STATUS } from "@mailsmith/shared";
import { and, eq } from "drizzle-orm";
import { PaypalApiError } from "../../../adapters/paypal/client.js";
import type { PaypalCapture, PaypalOrder } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import { orderTables } from "../orders/repo.js";
import { type PaypalRuntime, paypalFailure } from "./paypal-runtime.js";

/** The capture PayPal completed for this PayPal order, if any (what a webhook or a late page capture found). */
export function completedCaptureOf(pp: PaypalOrder): PaypalCapture | undefined {
  return pp.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === "COMPLETED");
}

/**
 * PayPal took money for an order we had cancelled — its member cancelled it, or deleted their account, while PayPal
 * was capturing. Nobody is credited for it, so the money goes back at once: the whole capture is
 * refunded through PayPal's refund API (one request id per capture, so the page and the webhook racing here refund
 * once), and the order records it: Refunded, with the capture id and the amount, kept for the accounting record.
 * PAYMENT.CAPTURE.REFUNDED then finds the order already refunded and takes no credits. A refund PayPal did not take
 * throws (a 5xx), so the webhook is not marked handled and PayPal's resend tries again.
 */
export async function refundCancelledCapture(
  ctx: AppContext,
  rt: PaypalRuntime,
  kind: OrderKind,
  orderId: string,
  capture: Pick<PaypalCapture, "id" | "amount">,
): Promise<"refunded"> {
  try {
    await rt.client.refundCapture(capture.id, {}, `ms-refund-cancelled-${capture.id}`);
  } catch (err) {
    // Already refunded in full (an earlier attempt with another request id, or the merchant in PayPal): done.
    if (!(err instanceof PaypalApiError && err.issue === "CAPTURE_FULLY_REFUNDED")) {
      // Not recorded as handled: PayPal resends its webhook, and the next one tries again.
      ctx.log.error({ err, orderId, transactionId: capture.id }, "capture of a cancelled order not refunded yet");
      paypalFailure(err);
    }
  }
  const t = orderTables[kind];
  await ctx.db
    .update(t)
    .set({
      paymentStatus: PAYPAL_OUTCOME_STATUS.refunded,
      orderStatus: PAYPAL_OUTCOME_STATUS.refunded,
      paypalTransactionId: capture.id,
      refundedAmount: Number(capture.amount.value),
      updatedAt: new Date(),
    })
    .where(and(eq(t.orderId, orderId), eq(t.paymentStatus, PAYMENT_STATUS.cancelled)));
  ctx.log.warn(
    { orderId, transactionId: capture.id, amount: capture.amount },
    "capture of a cancelled order refunded automatically",
  );
  return "refunded";
}
