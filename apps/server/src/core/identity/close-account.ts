import { createHash } from "node:crypto";
import { ORDER_STATUS, PAYMENT_STATUS } from "@mailsmith/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import {
  type ClosedLedgerEntry,
  closedAccounts,
  creditLedger,
  itemOrders,
  packageOrders,
  user,
  verification,
} from "../../db/schema/index.js";
import { type AdminActor, recordAdminChange } from "../audit.js";
import type { MemberDataRegistry } from "../member-data.js";
import { hideAllOf } from "../storage/stored-objects.js";
import type { UserCache } from "./user-cache.js";

/**
 * Deleting an account (decision 105), the same for the member (DELETE /api/me) and for an admin acting on the
 * member's request (DELETE /api/users/:id). In one transaction, with the user row locked so no credit change
 * interleaves:
 * - cancelled: its unpaid orders (a capture PayPal still makes is refunded automatically, decision 124);
 * - kept, detached: package and item orders (user id nulled, `closed_account_ref` set, contact addresses blanked;
 *   amounts, PayPal ids, name and postal address stay as the accounting record) and the credit ledger (copied into
 *   `closed_accounts.ledger`, since it explains the money of those orders);
 * - gone at once: the user row and with it sessions, sign-in accounts (password, Google link), templates, generation
 *   jobs, data exports and their zips; the member's support tickets, the admin messages sent to them, pending
 *   verification tokens;
 * - hidden at once and gone with the storage sweep (decision 104): photos, template pictures and design uploads,
 *   which no row references any more.
 * Then the user cache is dropped on every instance (the invalidation bus), so every session of the account is
 * refused everywhere on its next request.
 */
export interface CloseAccountInput {
  userId: string;
  by: "member" | "admin";
  adminId?: string;
  /** An admin's deletion: recorded in the audit log in the same transaction. */
  audit?: AdminActor;
}

/** The address as the sign-up bonus guard knows it: a hash, never the address. */
export function closedAddressHash(email: string): string {
  return createHash("sha256").update(`mailsmith:closed-account:v1\n${email.trim().toLowerCase()}`).digest("hex");
}

/** True when an account with this address was deleted before (no second sign-up bonus). */
export async function addressWasClosed(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: closedAccounts.id })
    .from(closedAccounts)
    .where(eq(closedAccounts.emailHash, closedAddressHash(email)))
    .limit(1);
  return rows.length > 0;
}

/** Deletes the account; answers the pseudonymous reference its orders keep, or null when there was no such user. */
export async function closeAccount(
  deps: { db: Db; users: UserCache; memberData: Pick<MemberDataRegistry, "members"> },
  input: CloseAccountInput,
): Promise<string | null> {
  const closed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.id, input.userId)).for("update");
    if (!row) return null;
    const ledger = await tx
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, row.id))
      .orderBy(asc(creditLedger.createdAt));
    const kept: ClosedLedgerEntry[] = ledger.map((r) => ({
      delta: r.delta,
      balanceAfter: r.balanceAfter,
      reason: r.reason,
      sourceKey: r.sourceKey,
      meta: r.meta ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
    const [tomb] = await tx
      .insert(closedAccounts)
      .values({
        closedBy: input.by,
        adminId: input.adminId ?? null,
        emailHash: closedAddressHash(row.email),
        finalBalance: row.currentBalance,
        ledger: kept,
      })
      .returning({ id: closedAccounts.id });
    // Unpaid orders are cancelled first: nobody could be credited for them any more. PayPal is never
    // asked to capture a cancelled order; one it captures anyway is refunded by the capture path.
    const cancel = { paymentStatus: PAYMENT_STATUS.cancelled, orderStatus: ORDER_STATUS.cancelled };
    for (const t of [packageOrders, itemOrders]) {
      await tx
        .update(t)
        .set(cancel)
        .where(and(eq(t.userId, row.id), eq(t.paymentStatus, PAYMENT_STATUS.pending)));
    }
    // What each table's owner declared for a deleted account: kept and detached (orders), deleted
    // (tickets, the messages log), or gone with the user row below (cascade) or merely unlinked (nulled).
    for (const d of deps.memberData.members()) {
      if (d.table === user) continue;
      if (d.onClose.kind === "detach")
        await tx.update(d.table).set(d.onClose.set(tomb!.id)).where(eq(d.userColumn, row.id));
      if (d.onClose.kind === "delete") await tx.delete(d.table).where(eq(d.userColumn, row.id));
    }
    await tx.delete(verification).where(inArray(verification.value, [row.id, row.email]));
    // Its photo, designs and template pictures stop being served now, not when the sweep deletes them.
    await hideAllOf(tx, row.id);
    await tx.delete(user).where(eq(user.id, row.id));
    if (input.audit) {
      // No name or address of the deleted member in the log: the id, the reference its orders keep, the balance.
      await recordAdminChange(tx, input.audit, {
        action: "user.delete",
        targetType: "user",
        targetId: row.id,
        before: { role: row.role, membership: row.membership, currentBalance: row.currentBalance },
        after: { closedAccountRef: tomb!.id },
      });
    }
    await deps.users.invalidateWithin(row.id, tx);
    return tomb!.id;
  });
  if (closed) deps.users.invalidate(input.userId);
  return closed;
}
