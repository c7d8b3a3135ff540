import {
  CAPTURE_REFUSALS,
  isOrderExpired,
  ORDER_EXPIRED_MESSAGE,
  ORDER_MESSAGES,
  ORDER_STATUS,
  type OrderKind,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_PAYPAL,
  PAYMENT_STATUS,
  type TCaptureResult,
} from "@mailsmith/shared";
import { and, eq, sql } from "drizzle-orm";
import { PAYPAL_HOSTS, PaypalApiError, PaypalClient, PaypalUnavailableError } from "../../../adapters/paypal/client.js";
import {
  STANDIN_CLIENT_ID,
  STANDIN_CLIENT_SECRET,
  STANDIN_PREFIX,
  STANDIN_WEBHOOK_ID,
} from "../../../adapters/paypal/stand-in.js";
import type { PaypalCapture, PaypalOrder, PaypalWebhookEvent } from "../../../adapters/paypal/types.js";
import type { AppContext } from "../../../context.js";
import type { UserRow } from "../../../core/identity/users.js";
import { paypalWebhookEvents, user } from "../../../db/schema/index.js";
import { AppError, forbidden, notFound } from "../../../lib/app-error.js";
import { type ItemOrderRow, type OrderRow, orderTables, type PackageOrderRow } from "../orders/repo.js";
import { findOrderRow } from "../orders/service.js";
import { isTestMode, loadSettings, type SettingsRow } from "./settings.js";

/** Where the payment page goes after success (decision 041). */
export const SUCCESS_REDIRECT: Record<OrderKind, string> = {
  package: "/user/orders-history",
  item: "/user/orders",
};

const refuse = (code: string, reason: string, status = 409, details?: Record<string, unknown>) =>
  new AppError(code, PAYMENT_MESSAGES.processingError(reason), status, details);

interface Runtime {
  client: PaypalClient;
  settings: SettingsRow;
  testMode: boolean;
}

/** The PayPal client for the current settings: real credentials, or the offline stand-in (never in production). */
export function embeddedStandInBase(ctx: AppContext): string {
  const host = ["0.0.0.0", "::", "", "localhost"].includes(ctx.env.HOST) ? "127.0.0.1" : ctx.env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${ctx.env.PORT}${STANDIN_PREFIX}`;
}

export async function paypalRuntime(ctx: AppContext, opts: { requireEnabled?: boolean } = {}): Promise<Runtime> {
  const settings = await loadSettings(ctx);
  if (opts.requireEnabled !== false && !settings.enablePayPal) {
    throw new AppError("PAYMENTS_DISABLED", PAYMENT_MESSAGES.unavailableText, 503);
  }
  if (settings.clientId && settings.clientSecret) {
    const baseUrl = ctx.env.PAYPAL_API_BASE ?? PAYPAL_HOSTS[settings.mode];
    return {
      client: new PaypalClient({ baseUrl, clientId: settings.clientId, clientSecret: settings.clientSecret }),
      settings,
      testMode: false,
    };
  }
  if (isTestMode(ctx, settings)) {
    const baseUrl = ctx.env.PAYPAL_API_BASE ?? embeddedStandInBase(ctx);
    return {
      client: new PaypalClient({ baseUrl, clientId: STANDIN_CLIENT_ID, clientSecret: STANDIN_CLIENT_SECRET }),
      settings,
      testMode: true,
    };
  }
  throw new AppError("PAYMENT_SETUP_INCOMPLETE", PAYMENT_MESSAGES.setupIncomplete, 503);
}

function paypalFailure(err: unknown): never {
  if (err instanceof AppError) throw err;
  if (err instanceof PaypalApiError) {
    throw new AppError("PAYPAL_ERROR", PAYMENT_MESSAGES.paypalError, 502, {
      paypalError: err.body.name ?? err.body.error,
      paypalIssue: err.issue,
    });
  }
  if (err instanceof PaypalUnavailableError)
    throw new AppError("PAYPAL_UNAVAILABLE", PAYMENT_MESSAGES.paypalErrorLong, 502);
  throw err;
}

async function loadOwnOrder(ctx: AppContext, kind: OrderKind, id: string, me: UserRow): Promise<OrderRow> {
  const row = kind === "package" ? await findOrderRow(ctx, "package", id) : await findOrderRow(ctx, "item", id);
  if (!row) throw notFound(PAYMENT_MESSAGES.orderNotFound, "ORDER_NOT_FOUND");
  // Paying is for the order's owner only (not even an admin pays someone else's order).
  if (row.userId !== me.id) throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
  return row;
}

const cents = (v: number | string) => Math.round(Number(v) * 100);

export async function createPaypalOrder(ctx: AppContext, me: UserRow, input: { kind: OrderKind; id: string }) {
  const order = await loadOwnOrder(ctx, input.kind, input.id, me);
  if (order.paymentStatus !== PAYMENT_STATUS.pending) {
    throw new AppError("ORDER_ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaidNotice, 409);
  }
  if (isOrderExpired(order)) throw new AppError("ORDER_EXPIRED", ORDER_EXPIRED_MESSAGE, 410);
  const { client, settings } = await paypalRuntime(ctx);
  const currency = settings.currency;
  const table = orderTables[input.kind];
  if (order.currency !== currency) {
    await ctx.db.update(table).set({ currency, updatedAt: new Date() }).where(eq(table.id, order.id));
  }
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
      // Same order, amount and currency → PayPal answers with the same PayPal order.
      `ms-create-${order.orderId}-${currency}-${cents(total)}`,
    );
    await ctx.db
      .update(table)
      .set({ paypalOrderId: pp.id, updatedAt: new Date() })
      .where(and(eq(table.id, order.id), eq(table.paymentStatus, PAYMENT_STATUS.pending)));
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

function completedCapture(order: OrderRow, pp: PaypalOrder): PaypalCapture {
  const capture = pp.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture?.id) throw new AppError("CAPTURE_MISSING", PAYMENT_MESSAGES.captureMissing, 502);
  const details = { transactionId: capture.id };
  if (capture.custom_id && capture.custom_id !== order.orderId) {
    throw refuse("PAYPAL_ORDER_MISMATCH", CAPTURE_REFUSALS.orderMismatch, 409, details);
  }
  if (capture.amount.currency_code !== order.currency) {
    throw refuse("CURRENCY_MISMATCH", CAPTURE_REFUSALS.currencyMismatch, 409, details);
  }
  if (cents(capture.amount.value) !== cents(order.totalPrice)) {
    throw refuse("AMOUNT_MISMATCH", CAPTURE_REFUSALS.amountMismatch, 409, details);
  }
  if (capture.status !== "COMPLETED") {
    throw refuse("CAPTURE_NOT_COMPLETED", CAPTURE_REFUSALS.captureNotCompleted(capture.status), 409, details);
  }
  return capture;
}

/**
 * Records a completed capture in one transaction: the order becomes Paid / Completed / Paypal, and for a
 * package the credits go through the ledger (sourceKey purchase:<orderId>, so exactly once) and the
 * membership becomes premium until the order's expiry. Returns false when the order was already paid.
 */
async function settle(ctx: AppContext, kind: OrderKind, order: OrderRow, pp: PaypalOrder, capture: PaypalCapture) {
  const table = orderTables[kind];
  const now = new Date();
  const payerEmail = pp.payment_source?.paypal?.email_address ?? pp.payer?.email_address ?? null;
  let changed = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(table)
        .set({
          paymentStatus: PAYMENT_STATUS.paid,
          orderStatus: ORDER_STATUS.completed,
          paymentMethod: PAYMENT_METHOD_PAYPAL,
          paypalOrderId: pp.id,
          paypalTransactionId: capture.id,
          payerEmail,
          captureTime: capture.create_time ? new Date(capture.create_time) : now,
          paidAt: now,
          updatedAt: now,
        })
        .where(and(eq(table.id, order.id), eq(table.paymentStatus, PAYMENT_STATUS.pending)))
        .returning();
      if (!updated) return;
      changed = true;
      if (kind !== "package" || !updated.userId) return;
      const paid = updated as PackageOrderRow;
      if (paid.credit > 0) {
        await ctx.credits.apply(
          { userId: paid.userId!, delta: paid.credit, reason: "purchase", sourceKey: `purchase:${paid.orderId}` },
          tx,
        );
      }
      const expiry = paid.membershipValidity.toISOString();
      await tx
        .update(user)
        .set({
          membership: "premium",
          membershipValidity: sql`greatest(coalesce(${user.membershipValidity}, ${expiry}::timestamptz), ${expiry}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(user.id, paid.userId!));
    });
  } catch (err) {
    ctx.log.error({ err, orderId: order.orderId, transactionId: capture.id }, "capture completed but not recorded");
    throw new AppError("PAYMENT_NOT_RECORDED", PAYMENT_MESSAGES.updateFailed, 500, { transactionId: capture.id });
  }
  if (order.userId) ctx.users.invalidate(order.userId);
  if (changed) ctx.log.info({ orderId: order.orderId, kind, transactionId: capture.id }, "payment recorded");
  return changed;
}

/** Brings a PayPal order to COMPLETED (capturing it if approved) and records it against ours. */
async function captureAndSettle(ctx: AppContext, rt: Runtime, kind: OrderKind, order: OrderRow, paypalOrderId: string) {
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
    try {
      pp = await rt.client.captureOrder(pp.id, `ms-capture-${pp.id}`);
    } catch (err) {
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
  const changed = await settle(ctx, kind, order, pp, capture);
  return { changed, transactionId: capture.id };
}

/**
 * POST /api/paypal/capture-order. Safe to repeat and to race: PayPal replays the capture for the same
 * PayPal-Request-Id, and only the first transaction that finds the order pending records it.
 */
export async function capturePaypalOrder(
  ctx: AppContext,
  me: UserRow,
  input: { kind: OrderKind; id: string; paypalOrderId: string },
): Promise<TCaptureResult> {
  const order = await loadOwnOrder(ctx, input.kind, input.id, me);
  const redirectTo = SUCCESS_REDIRECT[input.kind];
  const base = { success: true as const, orderId: order.orderId, redirectTo };
  if (order.paymentStatus !== PAYMENT_STATUS.pending) {
    return {
      ...base,
      result: "already_paid",
      message: PAYMENT_MESSAGES.alreadyPaid,
      transactionId: order.paypalTransactionId ?? null,
    };
  }
  if (isOrderExpired(order)) throw new AppError("ORDER_EXPIRED", ORDER_EXPIRED_MESSAGE, 410);
  const rt = await paypalRuntime(ctx);
  const { changed, transactionId } = await captureAndSettle(ctx, rt, input.kind, order, input.paypalOrderId);
  if (!changed) return { ...base, result: "already_paid", message: PAYMENT_MESSAGES.alreadyPaid, transactionId };
  const message = input.kind === "package" ? PAYMENT_MESSAGES.success : PAYMENT_MESSAGES.itemSuccess;
  return { ...base, result: "paid", message, transactionId };
}

/** GET /api/verify-order/{id}: re-checks a pending order with PayPal and records a capture PayPal already made. */
export async function verifyOrder(ctx: AppContext, me: UserRow, id: string) {
  const pkg = await findOrderRow(ctx, "package", id);
  const kind: OrderKind = pkg ? "package" : "item";
  const order: OrderRow | undefined = pkg ?? (await findOrderRow(ctx, "item", id));
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound, "ORDER_NOT_FOUND");
  if (order.userId !== me.id && me.role !== "Admin") throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
  if (order.paymentStatus !== PAYMENT_STATUS.pending || !order.paypalOrderId) {
    return {
      success: true as const,
      paymentStatus: order.paymentStatus,
      paypalStatus: null,
      changed: false,
      message:
        order.paymentStatus === PAYMENT_STATUS.pending
          ? "No PayPal payment started yet."
          : PAYMENT_MESSAGES.alreadyPaidNotice,
    };
  }
  const rt = await paypalRuntime(ctx, { requireEnabled: false });
  const pp = await rt.client.getOrder(order.paypalOrderId).catch(paypalFailure);
  if (pp.status !== "COMPLETED") {
    return {
      success: true as const,
      paymentStatus: order.paymentStatus,
      paypalStatus: pp.status,
      changed: false,
      message: `PayPal reports ${pp.status}.`,
    };
  }
  assertMatches(order, pp);
  const changed = await settle(ctx, kind, order, pp, completedCapture(order, pp));
  return {
    success: true as const,
    paymentStatus: PAYMENT_STATUS.paid,
    paypalStatus: pp.status,
    changed,
    message: changed ? "Payment recorded." : PAYMENT_MESSAGES.alreadyPaidNotice,
  };
}

export interface WebhookHeaders {
  "paypal-auth-algo"?: string;
  "paypal-cert-url"?: string;
  "paypal-transmission-id"?: string;
  "paypal-transmission-sig"?: string;
  "paypal-transmission-time"?: string;
}

/**
 * PAYMENT.CAPTURE.COMPLETED settles an order whose browser flow was interrupted. The signature is checked
 * through PayPal's verify API; the order is then re-read from PayPal, never trusted from the event body.
 */
export async function handleWebhook(ctx: AppContext, headers: WebhookHeaders, event: PaypalWebhookEvent) {
  const rt = await paypalRuntime(ctx, { requireEnabled: false });
  const webhookId = ctx.env.PAYPAL_WEBHOOK_ID ?? (rt.testMode ? STANDIN_WEBHOOK_ID : undefined);
  if (!webhookId) throw new AppError("WEBHOOK_NOT_CONFIGURED", "PAYPAL_WEBHOOK_ID is not configured.", 503);
  const missing = (
    [
      "paypal-auth-algo",
      "paypal-cert-url",
      "paypal-transmission-id",
      "paypal-transmission-sig",
      "paypal-transmission-time",
    ] as const
  ).filter((h) => !headers[h]);
  if (missing.length || !event?.id)
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", "Missing PayPal signature headers.", 400);
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
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", "The webhook signature did not verify.", 400);
  }
  const seen = await ctx.db.query.paypalWebhookEvents.findFirst({ where: eq(paypalWebhookEvents.id, event.id) });
  if (seen) return { outcome: "duplicate" };
  const outcome = await processEvent(ctx, rt, event);
  await ctx.db
    .insert(paypalWebhookEvents)
    .values({ id: event.id, eventType: event.event_type, outcome })
    .onConflictDoNothing();
  return { outcome };
}

async function processEvent(ctx: AppContext, rt: Runtime, event: PaypalWebhookEvent): Promise<string> {
  if (event.event_type !== "PAYMENT.CAPTURE.COMPLETED") return "ignored";
  const resource = (event.resource ?? {}) as Partial<PaypalCapture>;
  const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
  const ourId = resource.custom_id;
  if (!paypalOrderId || !ourId) return "unmatched";
  const t = orderTables;
  const [pkg] = await ctx.db.select().from(t.package).where(eq(t.package.orderId, ourId)).limit(1);
  const [itm] = pkg ? [] : await ctx.db.select().from(t.item).where(eq(t.item.orderId, ourId)).limit(1);
  const kind: OrderKind = pkg ? "package" : "item";
  const order: PackageOrderRow | ItemOrderRow | undefined = pkg ?? itm;
  if (!order) return "unmatched";
  if (order.paymentStatus !== PAYMENT_STATUS.pending) return "already_paid";
  try {
    const { changed } = await captureAndSettle(ctx, rt, kind, order, paypalOrderId);
    return changed ? "paid" : "already_paid";
  } catch (err) {
    if (err instanceof AppError) {
      ctx.log.warn({ code: err.code, orderId: ourId }, "webhook capture refused");
      return `refused:${err.code}`;
    }
    throw err;
  }
}
