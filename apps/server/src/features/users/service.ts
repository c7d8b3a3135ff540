import { randomUUID } from "node:crypto";
import { ACCESS_MESSAGES, USERS_MESSAGES, type ZAdminUserUpdateSchema } from "@mailsmith/shared";
import type { z } from "zod";
import { letters } from "../../adapters/mail/letters.js";
import type { AppContext } from "../../context.js";
import { type AdminActor, recordAdminChange } from "../../core/audit.js";
import { closeAccount } from "../../core/identity/close-account.js";
import { findUserByEmail, findUserById, revokeSessions, type UserRow } from "../../core/identity/users.js";
import { listLedger } from "../../core/ledger.js";
import { storageUsage } from "../../core/storage/stored-objects.js";
import { forbidden, notFound } from "../../lib/app-error.js";
import { listAdmins, listUsers, type UserFields, updateUser } from "./repo.js";

type AdminUpdate = z.output<typeof ZAdminUserUpdateSchema>;

/**
 * GET /users: with an email, that user (members may look up only themselves; spec: GET /users?userEmail=);
 * without one, every user (admins only).
 */
export async function findUsers(ctx: Pick<AppContext, "db">, input: { caller: UserRow; email?: string }) {
  const { caller } = input;
  const email = input.email?.trim().toLowerCase();
  if (email) {
    if (caller.role !== "Admin" && email !== caller.email.toLowerCase()) throw forbidden(ACCESS_MESSAGES.ownRecordOnly);
    const row = await findUserByEmail(ctx.db, email);
    return { rows: row ? [row] : [], adminView: false };
  }
  if (caller.role !== "Admin") throw forbidden(ACCESS_MESSAGES.adminOnly);
  const rows = await listUsers(ctx.db);
  // Admins see the storage each member's files use.
  const storage = await storageUsage(ctx.db);
  return { rows, adminView: true, storage };
}

export function listAdministrators(ctx: Pick<AppContext, "db">) {
  return listAdmins(ctx.db);
}

/** A user's credit ledger, newest first (404 for an unknown user). */
export async function userLedger(ctx: Pick<AppContext, "db">, id: string) {
  await requireUser(ctx, id);
  return listLedger(ctx.db, id);
}

async function requireUser(ctx: Pick<AppContext, "db">, id: string): Promise<UserRow> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(USERS_MESSAGES.userNotFound, "USER_NOT_FOUND");
  return row;
}

/**
 * Admin edit of name, role, membership and balance. A balance change is a ledger entry
 * (admin_adjustment, one unique source key per adjustment); an admin cannot change their own role.
 */
export async function adminUpdateUser(
  ctx: Pick<AppContext, "db" | "users" | "credits">,
  input: { caller: UserRow; actor: AdminActor; id: string; body: AdminUpdate },
): Promise<UserRow> {
  const { caller, id, body } = input;
  const target = await requireUser(ctx, id);
  if (target.id === caller.id && body.userRole !== undefined && body.userRole !== target.role) {
    throw forbidden(USERS_MESSAGES.cannotDemoteSelf, "CANNOT_CHANGE_OWN_ROLE");
  }
  const set: UserFields = {};
  if (body.userName !== undefined) set.name = body.userName;
  if (body.userRole !== undefined) set.role = body.userRole;
  if (body.userMembership !== undefined) set.membership = body.userMembership;
  const balanceChanges = body.currentBalance !== undefined && body.currentBalance !== target.currentBalance;
  // The edit, the ledger entry and the audit entry commit together.
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(set).length > 0) await updateUser(tx, id, set);
    if (balanceChanges) {
      await ctx.credits.apply(
        {
          userId: id,
          delta: body.currentBalance! - target.currentBalance,
          reason: "admin_adjustment",
          sourceKey: `admin:${randomUUID()}`,
          meta: { by: caller.id, from: target.currentBalance, to: body.currentBalance },
        },
        tx,
      );
    }
    const before = { name: target.name, role: target.role, membership: target.membership };
    const after = { ...before, ...set };
    const kinds = [
      before.role !== after.role && "role",
      balanceChanges && "balance",
      (before.name !== after.name || before.membership !== after.membership) && "update",
    ].filter(Boolean);
    if (kinds.length === 0) return;
    await recordAdminChange(tx, input.actor, {
      action: `user.${kinds.length === 1 ? kinds[0] : "update"}`,
      targetType: "user",
      targetId: id,
      before: { ...before, currentBalance: target.currentBalance },
      after: { ...after, currentBalance: balanceChanges ? body.currentBalance : target.currentBalance },
    });
  });
  if (Object.keys(set).length > 0) ctx.users.invalidate(id);
  return requireUser(ctx, id);
}

/**
 * An admin deletes an account on its member's request: the same deletion as the member's own (orders
 * and payments stay, detached), recorded with the admin's id.
 */
export async function adminDeleteUser(
  ctx: Pick<AppContext, "db" | "users" | "letters" | "log" | "env" | "memberData">,
  input: { caller: UserRow; actor: AdminActor; id: string },
) {
  if (input.id === input.caller.id) throw forbidden(USERS_MESSAGES.cannotDeleteSelf, "CANNOT_DELETE_SELF");
  const target = await findUserById(ctx.db, input.id);
  const closed = await closeAccount(ctx, {
    userId: input.id,
    by: "admin",
    adminId: input.caller.id,
    audit: input.actor,
  });
  if (!closed) throw notFound(USERS_MESSAGES.userNotFound, "USER_NOT_FOUND");
  // The member learns it from the address the account had; the deletion stands if mail fails.
  if (target)
    await ctx.letters
      .send(target.email, letters.accountClosed({ name: target.name, byAdmin: true, url: ctx.env.publicUrl }))
      .catch((err) => ctx.log.error({ err }, "account deletion notice not sent"));
}

/** Disable (ban) or enable an account; disabling ends every session at once. */
export async function adminSetBanned(
  ctx: Pick<AppContext, "db" | "users">,
  input: { caller: UserRow; actor: AdminActor; id: string; banned: boolean },
): Promise<UserRow> {
  if (input.id === input.caller.id && input.banned) {
    throw forbidden(USERS_MESSAGES.cannotDisableSelf, "CANNOT_DISABLE_SELF");
  }
  const target = await requireUser(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, input.id, { banned: input.banned });
    if (input.banned) await revokeSessions(tx, input.id);
    if (target.banned === input.banned) return;
    await recordAdminChange(tx, input.actor, {
      action: input.banned ? "user.disable" : "user.enable",
      targetType: "user",
      targetId: input.id,
      before: { banned: target.banned },
      after: { banned: input.banned },
    });
  });
  ctx.users.invalidate(input.id);
  return requireUser(ctx, input.id);
}
