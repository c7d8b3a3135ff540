import { and, count, eq, gte, ilike, like, lt, or, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../db/client.js";
import { newestFirst } from "../db/creation-order.js";
import { auditLog } from "../db/schema/index.js";

/**
 * Who made an admin change and from where (decision 106): built once by the route (`adminActor(req)`) and handed to
 * the service as one object. The address is the admin's at the time of the change; the IP is the client address as
 * the app sees it (with TRUST_PROXY, from X-Forwarded-For).
 */
export interface AdminActor {
  id: string;
  email: string;
  ip: string;
  userAgent: string;
}

export function adminActor(req: FastifyRequest): AdminActor {
  const ua = req.headers["user-agent"];
  return {
    id: req.user?.id ?? "",
    email: req.user?.email ?? "",
    ip: req.ip ?? "",
    userAgent: (typeof ua === "string" ? ua : "").slice(0, 500),
  };
}

export type AuditFields = Record<string, unknown>;

export interface AdminChange {
  /** Stable dotted name, e.g. `package.update`. */
  action: string;
  targetType: string;
  targetId: string;
  /** The record before the change (null for a creation); only the fields that changed are kept. */
  before?: AuditFields | null;
  /** The record after the change (null for a deletion). */
  after?: AuditFields | null;
}

/** Field names whose values never enter the log (the services pass a label or last 4 instead, e.g. `keyLast4`). */
const SECRET_FIELD = /^(key|apiKey|secret|clientSecret|password|token|accessToken|refreshToken|passwordHash)$/i;
const REDACTED = "[redacted]";

function redact(fields: AuditFields): AuditFields {
  const out: AuditFields = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    out[k] = SECRET_FIELD.test(k) ? REDACTED : v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ, each side its own value; a creation or deletion keeps the whole record on its side. */
export function changedFields(
  before: AuditFields | null | undefined,
  after: AuditFields | null | undefined,
): { before: AuditFields | null; after: AuditFields | null } {
  const b = before ? redact(before) : null;
  const a = after ? redact(after) : null;
  if (!b || !a) return { before: b, after: a };
  const outBefore: AuditFields = {};
  const outAfter: AuditFields = {};
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (same(b[k], a[k])) continue;
    if (k in b) outBefore[k] = b[k];
    if (k in a) outAfter[k] = a[k];
  }
  return { before: outBefore, after: outAfter };
}

/**
 * Records one admin change. Call it with the transaction that makes the change, so the entry and the change commit
 * or roll back together. The table is append-only (a trigger refuses UPDATE and DELETE).
 */
export async function recordAdminChange(tx: DbOrTx, actor: AdminActor, change: AdminChange): Promise<void> {
  const { before, after } = changedFields(change.before, change.after);
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    userAgent: actor.userAgent,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    before,
    after,
  });
}

/**
 * Before/after for personal fields: the `shown` fields with their values, the `masked` ones only as
 * changed — the append-only log keeps that an admin changed a member's address, not the address.
 */
export function maskedChange<T extends object>(before: T, after: T, shown: (keyof T)[], masked: (keyof T)[]) {
  const b: AuditFields = {};
  const a: AuditFields = {};
  for (const k of shown) {
    b[k as string] = before[k];
    a[k as string] = after[k];
  }
  for (const k of masked) {
    if (same(before[k], after[k])) continue;
    b[k as string] = "[not kept]";
    a[k as string] = "[changed]";
  }
  return { before: b, after: a };
}

/** Picks the named fields of a row (what an audit entry compares). */
export function pickFields<T extends object, K extends keyof T>(row: T | null | undefined, keys: readonly K[]) {
  if (!row) return null;
  const out: AuditFields = {};
  for (const k of keys) out[k as string] = row[k];
  return out;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of entries, newest first with the id as tie-break (stable across pages). */
export async function listAuditLog(db: DbOrTx, f: AuditFilter) {
  const where: SQL[] = [];
  if (f.actor) {
    where.push(or(eq(auditLog.actorId, f.actor), ilike(auditLog.actorEmail, `%${escapeLike(f.actor)}%`))!);
  }
  if (f.action) {
    where.push(
      f.action.endsWith(".") ? like(auditLog.action, `${escapeLike(f.action)}%`) : eq(auditLog.action, f.action),
    );
  }
  if (f.from) where.push(gte(auditLog.createdAt, f.from));
  if (f.to) where.push(lt(auditLog.createdAt, f.to));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(...newestFirst(auditLog))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}
