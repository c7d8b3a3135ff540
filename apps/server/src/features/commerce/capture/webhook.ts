import { COMMERCE_MESSAGES, PAYMENT_STATUS } from "@mailsmith/shared";
import { STANDIN_WEBHOOK_ID } from "../../../adapters/paypal/stand-in.js";
import type { PaypalCapture, PaypalWebhookEvent } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import { AppError } from "../../../lib/app-error.js";
import { findOrderByCode } from "../orders/repo.js";
import { type PaypalRuntime, paypalFailure, paypalRuntime } from "./paypal-runtime.js";
import { isWebhookEventSeen, recordWebhookEvent } from "./repo.js";
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

/**
 * PAYMENT.CAPTURE.COMPLETED settles an order whose browser flow was interrupted. The signature is checked
 * through PayPal's verify API; the order is then re-read from PayPal, never trusted from the event body.
 */
export async function handleWebhook(ctx: AppContext, headers: WebhookHeaders, event: PaypalWebhookEvent) {
  const rt = await paypalRuntime(ctx, { requireEnabled: false });
  const webhookId = ctx.env.PAYPAL_WEBHOOK_ID ?? (rt.testMode ? STANDIN_WEBHOOK_ID : undefined);
  if (!webhookId) throw new AppError("WEBHOOK_NOT_CONFIGURED", COMMERCE_MESSAGES.webhookNotConfigured, 503);
  if (SIGNATURE_HEADERS.some((h) => !headers[h]) || !event?.id) {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", COMMERCE_MESSAGES.webhookHeadersMissing, 400);
  }
  const verdict = await rt.client
    .verifyWebhookSignature({
      auth_algo: headers["paypal-auth-algo"]!,
      cert_url: headers["paypal-cert-url"]!,
      transmission_id: headers["paypal-transmission-id"]!,
      transmission_sig: headers["paypal-transmission-sig"]!,
      transmission_time: headers["paypal-transmission-time"]!,
      webhook_id: webhookId,
      webhook_event: event,
    })
    .catch(paypalFailure);
  if (verdict.verification_status !== "SUCCESS") {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", COMMERCE_MESSAGES.webhookSignatureInvalid, 400);
  }
  if (await isWebhookEventSeen(ctx.db, event.id)) return { outcome: "duplicate" };
  const outcome = await processEvent(ctx, rt, event);
  await recordWebhookEvent(ctx.db, { id: event.id, eventType: event.event_type, outcome });
  return { outcome };
}

async function processEvent(ctx: AppContext, rt: PaypalRuntime, event: PaypalWebhookEvent): Promise<string> {
  if (event.event_type !== "PAYMENT.CAPTURE.COMPLETED") return "ignored";
  const resource = (event.resource ?? {}) as Partial<PaypalCapture>;
  const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
  const ourId = resource.custom_id;
  if (!paypalOrderId || !ourId) return "unmatched";
  const found = await findOrderByCode(ctx.db, ourId);
  if (!found) return "unmatched";
  if (found.row.paymentStatus === PAYMENT_STATUS.cancelled) {
    ctx.log.error({ orderId: ourId, paypalOrderId }, "webhook: PayPal completed a capture for a cancelled order");
    return "refused:ORDER_CANCELLED";
  }
  if (found.row.paymentStatus !== PAYMENT_STATUS.pending) return "already_paid";
  try {
    const { changed } = await captureAndSettle(ctx, rt, found.kind, found.row, paypalOrderId);
    return changed ? "paid" : "already_paid";
  } catch (err) {
    if (err instanceof AppError) {
      ctx.log.warn({ code: err.code, orderId: ourId }, "webhook capture refused");
      return `refused:${err.code}`;
    }
    throw err;
  }
}
