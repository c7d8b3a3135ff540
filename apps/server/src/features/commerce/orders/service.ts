import { existsSync } from "node:fs";
import path from "node:path";
import {
  COMMERCE_MESSAGES,
  ORDER_MESSAGES,
  ORDER_STATUS,
  type OrderKind,
  PAYMENT_STATUS,
  type TAdminOrderQuery,
  type TCancelOrderResult,
} from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import { type AdminActor, pickFields, recordAdminChange } from "../../../core/audit.js";
import type { UserRow } from "../../../core/identity/users.js";
import { conflict, forbidden, notFound } from "../../../lib/app-error.js";
import { isAdmin } from "../../../plugins/access.js";
import { isHostedAccess, PREMIUM_CONTENT_PREFIX } from "./dto.js";
import {
  cancelPendingOrder,
  deletePendingOrder,
  findAnyOrder,
  findOrderRow,
  type ItemOrderRow,
  listUserOrders,
  type OrderRow,
  type PackageOrderRow,
  pageOrders,
} from "./repo.js";

const orderNotFound = () => notFound(ORDER_MESSAGES.notFound, "ORDER_NOT_FOUND");

function assertOwnerOrAdmin(row: OrderRow, user: UserRow) {
  if (!isAdmin(user) && row.userId !== user.id) throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
}

/** The caller's own order (admins may read any). */
export async function getOwnOrder(
  ctx: AppContext,
  kind: "package",
  id: string,
  user: UserRow,
): Promise<PackageOrderRow>;
export async function getOwnOrder(ctx: AppContext, kind: "item", id: string, user: UserRow): Promise<ItemOrderRow>;
export async function getOwnOrder(ctx: AppContext, kind: OrderKind, id: string, user: UserRow) {
  const row = await findOrderRow(ctx.db, kind, id);
  if (!row) throw orderNotFound();
  assertOwnerOrAdmin(row, user);
  return row;
}

export function listOwnOrders(ctx: AppContext, kind: "package", user: UserRow): Promise<PackageOrderRow[]>;
export function listOwnOrders(ctx: AppContext, kind: "item", user: UserRow): Promise<ItemOrderRow[]>;
export function listOwnOrders(ctx: AppContext, kind: OrderKind, user: UserRow) {
  return kind === "package" ? listUserOrders(ctx.db, "package", user.id) : listUserOrders(ctx.db, "item", user.id);
}

export function listAllOrders(ctx: AppContext, kind: OrderKind, query: TAdminOrderQuery) {
  return pageOrders(ctx.db, kind, query);
}

/** Admins delete pending orders only; paid ones are the accounting record. */
const ORDER_AUDIT = ["orderId", "userId", "paymentStatus", "orderStatus"] as const;

export async function deleteOrder(ctx: AppContext, actor: AdminActor, kind: OrderKind, id: string) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const before = await findOrderRow(tx, kind, id);
    if (!(await deletePendingOrder(tx, kind, id))) return false;
    await recordAdminChange(tx, actor, {
      action: `${kind === "package" ? "order" : "item_order"}.delete`,
      targetType: kind === "package" ? "order" : "item_order",
      targetId: id,
      before: pickFields(before, ORDER_AUDIT),
    });
    return true;
  });
  if (deleted) return;
  if (!(await findOrderRow(ctx.db, kind, id))) throw orderNotFound();
  throw conflict(ORDER_MESSAGES.deleteOnlyPending, "ORDER_NOT_PENDING");
}

/**
 * A member cancels an unpaid order of theirs (an admin any unpaid order): it stays in the lists as cancelled and
 * can no longer be paid. Cancelling twice answers the same; a paid order is the accounting record (409).
 */
export async function cancelOrder(
  ctx: AppContext,
  user: UserRow,
  actor: AdminActor,
  id: string,
): Promise<TCancelOrderResult> {
  const found = await findAnyOrder(ctx.db, id);
  if (!found) throw orderNotFound();
  assertOwnerOrAdmin(found.row, user);
  const cancelled = {
    success: true as const,
    message: ORDER_MESSAGES.cancelled,
    kind: found.kind,
    _id: found.row.id,
    orderId: found.row.orderId,
    paymentStatus: PAYMENT_STATUS.cancelled,
    orderStatus: ORDER_STATUS.cancelled,
  };
  // An admin cancelling someone else's order is an admin change; a member's own is not.
  const byAdmin = isAdmin(user) && found.row.userId !== user.id;
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await cancelPendingOrder(tx, found.kind, id))) return false;
    if (byAdmin) {
      await recordAdminChange(tx, actor, {
        action: `${found.kind === "package" ? "order" : "item_order"}.cancel`,
        targetType: found.kind === "package" ? "order" : "item_order",
        targetId: id,
        before: { paymentStatus: found.row.paymentStatus, orderStatus: found.row.orderStatus },
        after: { paymentStatus: PAYMENT_STATUS.cancelled, orderStatus: ORDER_STATUS.cancelled },
      });
    }
    return true;
  });
  if (done) return cancelled;
  // Not pending any more: re-read, a capture may have settled it a moment ago.
  const now = await findOrderRow(ctx.db, found.kind, id);
  if (!now) throw orderNotFound();
  if (now.paymentStatus === PAYMENT_STATUS.cancelled) return cancelled;
  throw conflict(COMMERCE_MESSAGES.cancelPaid, "ORDER_ALREADY_PAID");
}

export type ItemAccess = { redirect: string } | { file: string };

/** Paid content: only the member who paid for the item (or an admin) opens it; checked on every request. */
export async function openItemAccess(
  ctx: AppContext,
  user: UserRow,
  id: string,
  webDist: string | undefined,
): Promise<ItemAccess> {
  const order = await getOwnOrder(ctx, "item", id, user);
  if (order.paymentStatus !== PAYMENT_STATUS.paid && !isAdmin(user)) {
    throw forbidden(ORDER_MESSAGES.accessNeedsPayment, "NOT_PAID");
  }
  if (!order.accessUrl) throw notFound(ORDER_MESSAGES.accessMissing, "NO_ACCESS_URL");
  if (!isHostedAccess(order.accessUrl)) return { redirect: order.accessUrl };
  const folder = webDist ? path.join(webDist, PREMIUM_CONTENT_PREFIX) : null;
  const file = webDist ? path.join(webDist, order.accessUrl) : "";
  if (!folder || !file.startsWith(folder) || !existsSync(file)) {
    throw notFound(ORDER_MESSAGES.accessMissing, "NO_ACCESS_FILE");
  }
  return { file };
}
