import {
  ORDER_STATUS,
  type OrderKind,
  PAYMENT_METHOD_PAYPAL,
  PAYMENT_STATUS,
  PAYPAL_OUTCOME_STATUS,
} from "@mailsmith/shared";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { paypalSettings, paypalWebhookEvents } from "../../../db/schema/index.js";
import { type KindedOrder, type OrderRow, orderTables } from "../orders/repo.js";

export type SettingsRow = typeof paypalSettings.$inferSelect;
export type SettingsValues = Omit<typeof paypalSettings.$inferInsert, "id" | "updatedAt">;

/** The one settings row (created with defaults on first read). */
export async function loadSettingsRow(db: DbOrTx): Promise<SettingsRow> {
  const row = await db.query.paypalSettings.findFirst({ where: eq(paypalSettings.id, 1) });
  if (row) return row;
  const [created] = await db.insert(paypalSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.query.paypalSettings.findFirst({ where: eq(paypalSettings.id, 1) }))!;
}

export async function updateSettingsRow(db: DbOrTx, values: Partial<SettingsValues>): Promise<SettingsRow> {
  await loadSettingsRow(db);
  const [row] = await db
    .update(paypalSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paypalSettings.id, 1))
    .returning();
  return row!;
}

export async function isWebhookEventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  return !!(await db.query.paypalWebhookEvents.findFirst({ where: eq(paypalWebhookEvents.id, eventId) }));
}

export async function recordWebhookEvent(db: DbOrTx, event: { id: string; eventType: string; outcome: string }) {
  await db.insert(paypalWebhookEvents).values(event).onConflictDoNothing();
}

/** The order is charged in the currency the settings name at the time the PayPal order is created. */
export async function setOrderCurrency(db: DbOrTx, kind: OrderKind, id: string, currency: string) {
  const t = orderTables[kind];
  await db.update(t).set({ currency, updatedAt: new Date() }).where(eq(t.id, id));
}

export async function setPaypalOrderId(db: DbOrTx, kind: OrderKind, id: string, paypalOrderId: string) {
  const t = orderTables[kind];
  await db
    .update(t)
    .set({ paypalOrderId, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.paymentStatus, PAYMENT_STATUS.pending)));
}

/** The order a PayPal capture paid for (refunds and reversals name the capture). */
export async function findOrderByCaptureId(db: DbOrTx, captureId: string): Promise<KindedOrder | undefined> {
  const t = orderTables;
  const [pkg] = await db.select().from(t.package).where(eq(t.package.paypalTransactionId, captureId)).limit(1);
  if (pkg) return { kind: "package", row: pkg };
  const [item] = await db.select().from(t.item).where(eq(t.item.paypalTransactionId, captureId)).limit(1);
  return item ? { kind: "item", row: item } : undefined;
}

/** After a declined capture: the next capture is a new attempt. Only the first of racing callers moves it on. */
export async function nextCaptureAttempt(db: DbOrTx, kind: OrderKind, id: string, from: number) {
  const t = orderTables[kind];
  await db
    .update(t)
    .set({ captureAttempt: from + 1, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.captureAttempt, from)));
}

/** PAYMENT.CAPTURE.DENIED: a pending order whose capture PayPal refused. */
export async function markOrderFailed(db: DbOrTx, kind: OrderKind, id: string) {
  const t = orderTables[kind];
  const [row] = await db
    .update(t)
    .set({
      paymentStatus: PAYPAL_OUTCOME_STATUS.failed,
      orderStatus: PAYPAL_OUTCOME_STATUS.failed,
      updatedAt: new Date(),
    })
    .where(and(eq(t.id, id), eq(t.paymentStatus, PAYMENT_STATUS.pending)))
    .returning();
  return row;
}

export interface CaptureRecord {
  paypalOrderId: string;
  paypalTransactionId: string;
  payerEmail: string | null;
  captureTime: Date;
  paidAt: Date;
}

/**
 * Paid / Completed / Paypal, only while the order is pending: of two racing captures (or a capture racing a
 * cancel) exactly one finds it pending. Returns the paid row, or undefined when it was not pending.
 */
export async function markOrderPaid(
  db: DbOrTx,
  kind: OrderKind,
  id: string,
  record: CaptureRecord,
): Promise<OrderRow | undefined> {
  const t = orderTables[kind];
  const [row] = await db
    .update(t)
    .set({
      ...record,
      paymentStatus: PAYMENT_STATUS.paid,
      orderStatus: ORDER_STATUS.completed,
      paymentMethod: PAYMENT_METHOD_PAYPAL,
      updatedAt: record.paidAt,
    })
    .where(and(eq(t.id, id), eq(t.paymentStatus, PAYMENT_STATUS.pending)))
    .returning();
  return row;
}
