import { ORDER_STATUS, type OrderKind, PAYMENT_METHOD_PAYPAL, PAYMENT_STATUS } from "@mailsmith/shared";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { paypalSettings, paypalWebhookEvents } from "../../../db/schema/index.js";
import { type OrderRow, orderTables } from "../orders/repo.js";

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
