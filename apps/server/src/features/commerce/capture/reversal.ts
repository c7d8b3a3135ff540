import { PAYMENT_STATUS, PAYPAL_OUTCOME_STATUS } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import type { PaypalRefund } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import { paypalWebhookEvents } from "../../../db/schema/index.js";
import { orderTables } from "../orders/repo.js";
import { findOrderByCaptureId } from "./repo.js";

const cents = (v: number | string) => Math.round(Number(v) * 100);
/**
 * Statuses a refund or reversal may follow: a paid order, one already partly refunded, or a cancelled order's capture
 * whose automatic refund PayPal did not complete (never credited, so its refund takes no credits back).
 */
const REFUNDABLE = new Set<string>([
  PAYMENT_STATUS.paid,
  PAYPAL_OUTCOME_STATUS.partiallyRefunded,
  PAYPAL_OUTCOME_STATUS.refundFailed,
]);
/** A refund PayPal reports with one of these moved no money: nothing is recorded, no credits are taken. */
const NO_MONEY_MOVED = new Set<PaypalRefund["status"]>(["FAILED", "CANCELLED"]);

/** The capture a refund belongs to: PayPal links it as rel "up". */
export function captureIdOf(refund: PaypalRefund): string | null {
  const up = refund.links?.find((l) => l.rel === "up")?.href ?? "";
  return /\/captures\/([^/?#]+)/.exec(up)?.[1] ?? null;
}

/**
 * PAYMENT.CAPTURE.REFUNDED / REVERSED: in ONE transaction the refund id is recorded (so each refund
 * counts once, whatever PayPal resends), the order's refunded amount and status move on, and for a package the
 * credits bought with the refunded share go back through the ledger (sourceKey reversal:<refund id>), even below
 * zero: that is the ledger's one exception. A partial refund takes back its share of the credits, rounded up.
 */
export async function applyReversal(
  ctx: AppContext,
  kind: "REFUNDED" | "REVERSED",
  refund: PaypalRefund,
): Promise<string> {
  const captureId = captureIdOf(refund);
  if (!refund.id || !captureId || !refund.amount) return "unmatched";
  if (NO_MONEY_MOVED.has(refund.status)) return `ignored:refund_${refund.status.toLowerCase()}`;
  const found = await findOrderByCaptureId(ctx.db, captureId);
  if (!found) return "unmatched";
  if (refund.amount.currency_code !== found.row.currency) return "refused:CURRENCY_MISMATCH";
  const outcome = await ctx.db.transaction(async (tx) => {
    const first = await tx
      .insert(paypalWebhookEvents)
      .values({ id: `refund:${refund.id}`, eventType: `PAYMENT.CAPTURE.${kind}`, outcome: "applied" })
      .onConflictDoNothing()
      .returning({ id: paypalWebhookEvents.id });
    if (first.length === 0) return "duplicate";
    const t = orderTables[found.kind];
    const [row] = await tx.select().from(t).where(eq(t.id, found.row.id)).for("update");
    if (!row || !REFUNDABLE.has(row.paymentStatus)) return "ignored:not_paid";
    const total = cents(row.totalPrice);
    const refunded = Math.min(total, cents(row.refundedAmount) + cents(refund.amount!.value));
    const full = refunded >= total;
    const status =
      kind === "REVERSED"
        ? PAYPAL_OUTCOME_STATUS.reversed
        : full
          ? PAYPAL_OUTCOME_STATUS.refunded
          : PAYPAL_OUTCOME_STATUS.partiallyRefunded;
    let taken = 0;
    let creditsReversed: number | undefined;
    const credited = row.paymentStatus !== PAYPAL_OUTCOME_STATUS.refundFailed;
    if (found.kind === "package" && "credit" in row && credited) {
      const target = full || total === 0 ? row.credit : Math.ceil((row.credit * refunded) / total);
      taken = Math.max(0, Math.min(row.credit, target) - row.creditsReversed);
      creditsReversed = row.creditsReversed + taken;
      if (taken > 0 && row.userId) {
        await ctx.credits.apply(
          {
            userId: row.userId,
            delta: -taken,
            reason: "payment_reversal",
            sourceKey: `reversal:${refund.id}`,
            meta: { orderId: row.orderId, refundId: refund.id, captureId, event: kind },
          },
          tx,
        );
      }
    }
    await tx
      .update(t)
      .set({
        refundedAmount: refunded / 100,
        ...(creditsReversed === undefined ? {} : { creditsReversed }),
        paymentStatus: status,
        orderStatus: status,
        updatedAt: new Date(),
      })
      .where(eq(t.id, row.id));
    return `${status.toLowerCase()}:${taken}`;
  });
  ctx.log.info({ orderId: found.row.orderId, refundId: refund.id, kind, outcome }, "paypal refund/reversal");
  return outcome;
}
