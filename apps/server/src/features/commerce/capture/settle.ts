import { COMMERCE_MESSAGES, type OrderKind, PAYMENT_MESSAGES, PAYMENT_STATUS } from "@mailsmith/shared";
import type { PaypalCapture, PaypalOrder } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import { extendPremiumMembership } from "../../../core/identity/membership.js";
import { AppError } from "../../../lib/app-error.js";
import { findOrderRow, type OrderRow, type PackageOrderRow } from "../orders/repo.js";
import { sendReceipt } from "./receipt.js";
import { markOrderPaid } from "./repo.js";

class OrderCancelled extends Error {}

/**
 * Records a completed PayPal capture in ONE transaction: the order becomes Paid / Completed / Paypal (only if it
 * is still pending), and for a package the credits go through the kernel ledger (sourceKey purchase:<orderId>,
 * so exactly once) and the membership becomes premium until the order's expiry. Writes commerce tables plus the
 * kernel's ledger and membership calls, nothing else. Then, once committed, the purchase receipt (receipt.ts).
 * Returns false when the order was already paid.
 */
export async function settle(
  ctx: AppContext,
  kind: OrderKind,
  order: OrderRow,
  pp: PaypalOrder,
  capture: PaypalCapture,
): Promise<boolean> {
  const now = new Date();
  let changed = false;
  let receipt: OrderRow | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const paid = await markOrderPaid(tx, kind, order.id, {
        paypalOrderId: pp.id,
        paypalTransactionId: capture.id,
        payerEmail: pp.payment_source?.paypal?.email_address ?? pp.payer?.email_address ?? null,
        captureTime: capture.create_time ? new Date(capture.create_time) : now,
        paidAt: now,
      });
      if (!paid) {
        // Not pending: paid by a racing capture (fine), or cancelled while PayPal was capturing.
        const current = await findOrderRow(tx, kind, order.id);
        if (current?.paymentStatus === PAYMENT_STATUS.cancelled) throw new OrderCancelled();
        return;
      }
      changed = true;
      receipt = paid;
      if (kind !== "package" || !paid.userId) return;
      const pkgOrder = paid as PackageOrderRow;
      if (pkgOrder.credit > 0) {
        // The kernel's ledger (core/ledger.ts) inside this transaction; it tells other instances on commit.
        await ctx.credits.apply(
          { userId: paid.userId, delta: pkgOrder.credit, reason: "purchase", sourceKey: `purchase:${paid.orderId}` },
          tx,
        );
      }
      await extendPremiumMembership(tx, paid.userId, pkgOrder.membershipValidity);
    });
  } catch (err) {
    if (err instanceof OrderCancelled) {
      // The money moved at PayPal but the order was cancelled a moment before: support refunds it.
      ctx.log.error({ orderId: order.orderId, transactionId: capture.id }, "capture completed for a cancelled order");
      throw new AppError("ORDER_CANCELLED", COMMERCE_MESSAGES.orderCancelled, 409, { transactionId: capture.id });
    }
    ctx.log.error({ err, orderId: order.orderId, transactionId: capture.id }, "capture completed but not recorded");
    throw new AppError("PAYMENT_NOT_RECORDED", PAYMENT_MESSAGES.updateFailed, 500, { transactionId: capture.id });
  }
  if (order.userId) ctx.users.invalidate(order.userId);
  if (changed) ctx.log.info({ orderId: order.orderId, kind, transactionId: capture.id }, "payment recorded");
  // After the commit, by the one caller that recorded the payment: the receipt goes out once per order.
  if (receipt) await sendReceipt(ctx, kind, receipt);
  return changed;
}
