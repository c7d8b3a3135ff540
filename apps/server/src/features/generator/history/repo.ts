import { GENERATION_JOB_MESSAGES, type TemplateSort } from "@mailsmith/shared";
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { newestFirst, oldestFirst } from "../../../db/creation-order.js";
import { brandKits, generationJobs, generations, type StoredUpload } from "../../../db/schema/index.js";
import type { GenerationRow } from "../repo.js";

/** The name shown for a template: its own, else the subject, else "Your email" (older rows have no name). */
const nameExpr = sql<string>`coalesce(nullif(${generations.name}, ''), nullif(${generations.subject}, ''), ${GENERATION_JOB_MESSAGES.defaultName})`;

/**
 * A history list row: every column but the email's bodies (HTML, text, MJML) and the design's reading (tens of KB
 * each; only a version's score reads it), with whether MJML exists.
 */
export type ListRow = Omit<GenerationRow, "html" | "text" | "mjml" | "designLayout"> & { hasMjml: boolean };
const {
  html: _html,
  text: _text,
  mjml: _mjml,
  designLayout: _designLayout,
  ...listColumns
} = getTableColumns(generations);
const listSelection = { ...listColumns, hasMjml: sql<boolean>`coalesce(${generations.mjml}, '') <> ''` };

/** Saved templates: succeeded and not deleted (a deleted one waits for its undo window). */
const succeeded = and(eq(generations.status, "succeeded"), isNull(generations.deletedAt))!;

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function orderOf(sort: TemplateSort) {
  if (sort === "oldest") return oldestFirst(generations);
  if (sort === "name") return [asc(sql`lower(${nameExpr})`), ...newestFirst(generations)];
  if (sort === "score") return [sql`${generations.score} desc nulls last`, ...newestFirst(generations)];
  return newestFirst(generations);
}

/** Queries of the member's template history (saved templates are the succeeded `generations` rows). */
export const historyRepo = {
  /** One page of a member's templates: searched by name, filtered by type, sorted. */
  async page(
    db: DbOrTx,
    userId: string,
    q: { page: number; pageSize: number; q?: string; type?: string; sort: TemplateSort },
  ): Promise<{ rows: ListRow[]; total: number }> {
    const conds: SQL[] = [eq(generations.userId, userId), succeeded];
    if (q.q) conds.push(ilike(nameExpr, `%${escapeLike(q.q)}%`));
    if (q.type) conds.push(eq(generations.emailType, q.type));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select(listSelection)
        .from(generations)
        .where(where)
        .orderBy(...orderOf(q.sort))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(generations).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The ids of the saved refinements of each template, oldest first. */
  async childIds(db: DbOrTx, ids: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .select({ id: generations.id, parentId: generations.parentId })
      .from(generations)
      .where(and(inArray(generations.parentId, ids), succeeded))
      .orderBy(...oldestFirst(generations));
    for (const r of rows) {
      if (!r.parentId) continue;
      map.set(r.parentId, [...(map.get(r.parentId) ?? []), r.id]);
    }
    return map;
  },

  /** The saved refinements of any of `parentIds` (one level of a version chain). */
  children: (db: DbOrTx, parentIds: string[]) =>
    db
      .select()
      .from(generations)
      .where(and(inArray(generations.parentId, parentIds), succeeded)),

  /**
   * Thumbnail and report of the member's other rows (a copy shares its original's pictures); `live`: only those not
   * deleted (a deleted copy no longer shows them, but its undo may).
   */
  picturesOfOthers: (db: DbOrTx, userId: string, exceptId: string, live = false) =>
    db
      .select({ thumbnailUrl: generations.thumbnailUrl, report: generations.report })
      .from(generations)
      .where(
        and(
          eq(generations.userId, userId),
          ne(generations.id, exceptId),
          live ? isNull(generations.deletedAt) : undefined,
        ),
      ),

  /**
   * Templates deleted before `cutoff` (their undo window is over), at most `limit`, locked for this transaction;
   * rows another instance is purging right now are skipped.
   */
  deletedBefore: (tx: DbOrTx, cutoff: Date, limit: number) =>
    tx
      .select()
      .from(generations)
      .where(and(isNotNull(generations.deletedAt), lte(generations.deletedAt, cutoff)))
      .limit(limit)
      .for("update", { skipLocked: true }),

  removeMany: (tx: DbOrTx, ids: string[]) => tx.delete(generations).where(inArray(generations.id, ids)),

  /** Whether the member still has brand kit `id` (a template keeps the snapshot of a kit deleted since). */
  async brandKitExists(db: DbOrTx, id: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: brandKits.id })
      .from(brandKits)
      .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)))
      .limit(1);
    return Boolean(row);
  },

  /** The design images of the job that made template `templateId` (none for an import or a member's edit). */
  async jobUploads(db: DbOrTx, templateId: string): Promise<StoredUpload[]> {
    const [job] = await db
      .select({ uploads: generationJobs.uploads })
      .from(generationJobs)
      .where(or(eq(generationJobs.id, templateId), eq(generationJobs.templateId, templateId)))
      .limit(1);
    return job?.uploads ?? [];
  },
};
