import type { AppContext } from "../../../context.js";
import { type AdminActor, pickFields, recordAdminChange } from "../../../core/audit.js";
import type { DbOrTx } from "../../../db/client.js";
import type { AppError } from "../../../lib/app-error.js";

/**
 * What packages and premium items share: an admin adds, edits and retires them (never deletes: orders keep their own
 * copy), and each write is audited in its transaction. One definition of those rules, used once per kind
 * (`admin-write-routes.ts` does the same for their routes), so the two cannot drift apart.
 */
export interface CatalogueKind<Row extends { id: string }> {
  /** The audit log's target type (`package.update`, `item.retire`). */
  targetType: "package" | "item";
  /** The fields the audit log keeps before and after a write. */
  auditFields: readonly (keyof Row)[];
  notFound(): AppError;
  /** After any committed write (the packages' public list is cached). */
  afterWrite?(ctx: AppContext): void;
}

type Write<Row> = (tx: DbOrTx) => Promise<{ row: Row; before?: Row | null } | undefined>;

/**
 * Runs a write and records it in the admin audit log, in one transaction; undefined when `write` found nothing to
 * change (the caller says why: not found, limit reached).
 */
export async function auditedWrite<Row extends { id: string }>(
  ctx: AppContext,
  kind: CatalogueKind<Row>,
  actor: AdminActor,
  action: "create" | "update" | "retire",
  write: Write<Row>,
): Promise<Row | undefined> {
  const row = await ctx.db.transaction(async (tx) => {
    const written = await write(tx);
    if (!written) return undefined;
    const fields = action === "retire" ? (["retiredAt"] as const) : kind.auditFields;
    await recordAdminChange(tx, actor, {
      action: `${kind.targetType}.${action}`,
      targetType: kind.targetType,
      targetId: written.row.id,
      ...(action === "update" && { before: pickFields(written.before, kind.auditFields) }),
      ...(action === "retire" && { before: { retiredAt: null } }),
      after: pickFields(written.row as Row & { retiredAt: unknown }, fields as readonly (keyof Row | "retiredAt")[]),
    });
    return written.row;
  });
  if (row) kind.afterWrite?.(ctx);
  return row;
}

/** Takes an entry off sale; a 404 when it is unknown or already retired. */
export async function retireEntry<Row extends { id: string }>(
  ctx: AppContext,
  kind: CatalogueKind<Row>,
  actor: AdminActor,
  id: string,
  retireRow: (tx: DbOrTx, id: string) => Promise<Row | undefined>,
): Promise<Row> {
  const row = await auditedWrite(ctx, kind, actor, "retire", async (tx) => {
    const retired = await retireRow(tx, id);
    return retired && { row: retired };
  });
  if (!row) throw kind.notFound();
  return row;
}
