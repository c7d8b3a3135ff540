import { COMMERCE_MESSAGES, PAYMENT_STATUS } from "@mailsmith/shared";
import { STANDIN_WEBHOOK_ID } from "../../../adapters/paypal/offline-demo.js";
import type { PaypalCapture, PaypalOrder, PaypalRefund, PaypalWebhookEvent } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import { AppError } from "../../../lib/app-error.js";
import { findOrderByCode } from "../orders/repo.js";
import { type PaypalRuntime, paypalFailure, paypalRuntime } from "./paypal-runtime.js";
import { completedCaptureOf, refundCancelledCapture } from "./refund-cancelled.js";
import { findOrderByCaptureId, isWebhookEventSeen, markOrderFailed, recordWebhookEvent } from "./repo.js";
import { applyReversal, captureIdOf } from "./reversal.js";
import { captureAndSettle } from "./service.js";

export interface WebhookHeaders {
  "paypal-auth-algo"?: string;
  "paypal-cert-url"?: string;
  "paypal-transmission-id"?: string;
  "paypal-transmission-sig"?: string;
  "paypal-transmission-time"?: string;
}

const SIGNATURE_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

/** The events this product subscribes to (docs/deploy.md lists them for the PayPal app's webhook). */
export const HANDLED_EVENTS = [
  "CHECKOUT.ORDER.APPROVED",
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
] as const;

const signatureInvalid = (message: string) => new AppError("WEBHOOK_SIGNATURE_INVALID", message, 400);

/**
 * A PayPal webhook delivery, as the exact bytes that arrived. The signature is checked through
 * PayPal's verify API with those bytes spliced in unchanged; orders are then re-read from PayPal where money is
 * granted, never trusted from the event body alone.
 */
export async function handleWebhook(ctx: AppContext, headers: WebhookHeaders, rawBody: string) {
  const rt = await paypalRuntime(ctx, { requireEnabled: false });
  const webhookId = ctx.env.PAYPAL_WEBHOOK_ID ?? (rt.testMode ? STANDIN_WEBHOOK_ID : undefined);
  if (!webhookId) throw new AppError("WEBHOOK_NOT_CONFIGURED", COMMERCE_MESSAGES.webhookNotConfigured, 503);
  let event: PaypalWebhookEvent;
  try {
    event = JSON.parse(rawBody) as PaypalWebhookEvent;
  } catch {
    throw signatureInvalid(COMMERCE_MESSAGES.webhookHeadersMissing);
  }
  if (SIGNATURE_HEADERS.some((h) => !headers[h]) || !event || typeof event !== "object" || !event.id) {
    throw signatureInvalid(COMMERCE_MESSAGES.webhookHeadersMissing);
  }
  const verdict = await rt.client
    .verifyWebhookSignature(
      {
        auth_algo: headers["paypal-auth-algo"]!,
        cert_url: headers["paypal-cert-url"]!,
        transmission_id: headers["paypal-transmission-id"]!,
        transmission_sig: headers["paypal-transmission-sig"]!,
        transmission_time: headers["paypal-transmission-time"]!,
        webhook_id: webhookId,
      },
      rawBody.trim(),
    )
    .catch(paypalFailure);
  if (verdict.verification_status !== "SUCCESS") throw signatureInvalid(COMMERCE_MESSAGES.webhookSignatureInvalid);
  if (await isWebhookEventSeen(ctx.db, event.id)) return { outcome: "duplicate" };
  let outcome: string;
  try {
    outcome = await processEvent(ctx, rt, event);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    ctx.log.warn({ code: err.code, eventType: event.event_type }, "webhook refused");
    outcome = `refused:${err.code}`;
  }
  await recordWebhookEvent(ctx.db, { id: event.id, eventType: event.event_type, outcome });
  return { outcome };
}

async function processEvent(ctx: AppContext, rt: PaypalRuntime, event: PaypalWebhookEvent): Promise<string> {
  switch (event.event_type) {
    case "CHECKOUT.ORDER.APPROVED": {
      // The buyer approved but the page never asked us to capture (closed tab, lost network): capture it here.
      const order = event.resource as Partial<PaypalOrder>;
      return settleOrder(ctx, rt, order.purchase_units?.[0]?.custom_id, order.id);
    }
    case "PAYMENT.CAPTURE.COMPLETED": {
      const capture = event.resource as Partial<PaypalCapture>;
      return settleOrder(ctx, rt, capture.custom_id, capture.supplementary_data?.related_ids?.order_id);
    }
    case "PAYMENT.CAPTURE.PENDING":
      // Nothing to record yet: PAYMENT.CAPTURE.COMPLETED (or DENIED) follows.
      return "pending";
    case "PAYMENT.CAPTURE.DENIED":
      return denied(ctx, rt, event.resource as Partial<PaypalCapture>);
    case "PAYMENT.CAPTURE.REFUNDED":
    case "PAYMENT.CAPTURE.REVERSED": {
      const refund = event.resource as unknown as PaypalRefund;
      await recordCaptureFirst(ctx, rt, refund);
      return applyReversal(ctx, event.event_type === "PAYMENT.CAPTURE.REFUNDED" ? "REFUNDED" : "REVERSED", refund);
    }
    default:
      return "ignored";
  }
}

/**
 * A refund or reversal of a capture we have not recorded yet: PayPal captured and gave the money back before its
 * capture events reached us (or while they were refused: a capture no longer COMPLETED). The money was taken, so the
 * capture is recorded first — paid, credited — and the refund then takes its credits back; otherwise our order
 * would stay pending for a payment PayPal made and returned.
 */
async function recordCaptureFirst(ctx: AppContext, rt: PaypalRuntime, refund: PaypalRefund) {
  const captureId = captureIdOf(refund);
  if (!captureId || (await findOrderByCaptureId(ctx.db, captureId))) return;
  const capture = await rt.client.getCapture(captureId).catch(paypalFailure);
  const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
  const found = capture.custom_id ? await findOrderByCode(ctx.db, capture.custom_id) : undefined;
  if (!paypalOrderId || found?.row.paymentStatus !== PAYMENT_STATUS.pending) return;
  await captureAndSettle(ctx, rt, found.kind, found.row, paypalOrderId);
}

/** Captures (if only approved) and settles our order through the one capture path (service.ts → settle.ts). */
async function settleOrder(ctx: AppContext, rt: PaypalRuntime, ourId?: string, paypalOrderId?: string) {
  if (!paypalOrderId || !ourId) return "unmatched";
  const found = await findOrderByCode(ctx.db, ourId);
  if (!found) return "unmatched";
  if (found.row.paymentStatus === PAYMENT_STATUS.cancelled) {
    // Never captured for a cancelled order; but if PayPal already took the money (a capture racing the cancel or
    // the account's deletion), it is refunded now rather than kept with nobody credited.
    const pp = await rt.client.getOrder(paypalOrderId).catch(paypalFailure);
    const captured = pp.purchase_units?.[0]?.custom_id === ourId ? completedCaptureOf(pp) : undefined;
    if (captured) return `${await refundCancelledCapture(ctx, rt, found.kind, ourId, captured)}:ORDER_CANCELLED`;
    ctx.log.warn({ orderId: ourId, paypalOrderId }, "webhook: PayPal reports a payment for a cancelled order");
    return "refused:ORDER_CANCELLED";
  }
  if (found.row.paymentStatus !== PAYMENT_STATUS.pending) return "already_paid";
  const { changed } = await captureAndSettle(ctx, rt, found.kind, found.row, paypalOrderId);
  return changed ? "paid" : "already_paid";
}

/** PAYMENT.CAPTURE.DENIED: confirmed with PayPal, the pending order is marked Failed (it was never paid). */
async function denied(ctx: AppContext, rt: PaypalRuntime, capture: Partial<PaypalCapture>) {
  const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
  if (!capture.custom_id || !paypalOrderId) return "unmatched";
  const found = await findOrderByCode(ctx.db, capture.custom_id);
  if (!found) return "unmatched";
  const pp = await rt.client.getOrder(paypalOrderId).catch(paypalFailure);
  const now = pp.purchase_units?.[0]?.payments?.captures?.find((c) => c.id === capture.id);
  if (pp.purchase_units?.[0]?.custom_id !== found.row.orderId || !now) return "unmatched";
  if (now.status !== "DECLINED" && now.status !== "FAILED") return `ignored:${now.status}`;
  const failed = await markOrderFailed(ctx.db, found.kind, found.row.id);
  return failed ? "failed" : "ignored:not_pending";
}
