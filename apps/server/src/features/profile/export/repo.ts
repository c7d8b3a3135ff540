import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.js";
import { dataExportFiles, dataExports } from "../../../db/schema/index.js";

export type ExportRow = typeof dataExports.$inferSelect;

/** A worker gives up on an export that failed (or whose worker died) this many times. */
export const MAX_EXPORT_ATTEMPTS = 3;

export const exportRepo = {
  async latest(db: DbOrTx, userId: string): Promise<ExportRow | undefined> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    return row;
  },

  async byId(db: DbOrTx, id: string): Promise<ExportRow | undefined> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
    return row;
  },

  async create(db: DbOrTx, userId: string): Promise<ExportRow> {
    const [row] = await db.insert(dataExports).values({ userId }).returning();
    return row!;
  },

  /**
   * Claims the oldest runnable export for this instance (as generation jobs are claimed): queued, or running with an expired
   * lease (its worker died). One statement; SKIP LOCKED lets several instances claim side by side.
   */
  async claim(db: DbOrTx, now: Date, leaseMs: number): Promise<ExportRow | undefined> {
    const nowIso = now.toISOString();
    const next = sql`(select ${dataExports.id} from ${dataExports}
      where ${dataExports.status} = 'queued' or (${dataExports.status} = 'running' and ${dataExports.leaseUntil} < ${nowIso}::timestamptz
        and ${dataExports.attempts} < ${MAX_EXPORT_ATTEMPTS})
      order by ${dataExports.createdAt} limit 1 for update skip locked)`;
    const [row] = await db
      .update(dataExports)
      .set({
        status: "running",
        attempts: sql`${dataExports.attempts} + 1`,
        leaseUntil: new Date(now.getTime() + leaseMs),
      })
      .where(eq(dataExports.id, next))
      .returning();
    return row;
  },

  /**
   * Stores the zip and marks the export ready, in one transaction, if the claim is still this worker's (same attempt,
   * still running); false when another instance took it over meanwhile (nothing is written then).
   */
  async finish(db: Db, claimed: ExportRow, zip: Buffer, done: { finishedAt: Date; expiresAt: Date }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(dataExports)
        .set({ status: "ready", leaseUntil: null, bytes: zip.length, error: null, ...done })
        .where(
          and(
            eq(dataExports.id, claimed.id),
            eq(dataExports.status, "running"),
            eq(dataExports.attempts, claimed.attempts),
          ),
        )
        .returning({ id: dataExports.id });
      if (rows.length === 0) return false;
      await tx.insert(dataExportFiles).values({ exportId: claimed.id, body: zip });
      // One zip per member: the previous ones go now.
      const older = tx
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(and(eq(dataExports.userId, claimed.userId), sql`${dataExports.id} <> ${claimed.id}`));
      await tx.delete(dataExportFiles).where(inArray(dataExportFiles.exportId, older));
      return true;
    });
  },

  async zip(db: DbOrTx, id: string): Promise<Buffer | undefined> {
    const [row] = await db.select().from(dataExportFiles).where(eq(dataExportFiles.exportId, id));
    return row?.body;
  },

  /** After a failed attempt: back to the queue, or failed for good after MAX_EXPORT_ATTEMPTS. */
  async fail(db: DbOrTx, claimed: ExportRow, error: string, now: Date) {
    const final = claimed.attempts >= MAX_EXPORT_ATTEMPTS;
    await db
      .update(dataExports)
      .set(
        final
          ? { status: "failed", error, finishedAt: now, leaseUntil: null }
          : { status: "queued", error, leaseUntil: null },
      )
      .where(and(eq(dataExports.id, claimed.id), eq(dataExports.attempts, claimed.attempts)));
  },

  /** Exports whose worker died on every attempt: failed for good (the member can start another). */
  async failAbandoned(db: DbOrTx, now: Date) {
    await db
      .update(dataExports)
      .set({ status: "failed", error: "abandoned", finishedAt: now, leaseUntil: null })
      .where(
        and(
          eq(dataExports.status, "running"),
          lt(dataExports.leaseUntil, now),
          sql`${dataExports.attempts} >= ${MAX_EXPORT_ATTEMPTS}`,
        ),
      );
  },

  /** Deletes the zips whose link has expired (the export rows stay, answered as expired). */
  async dropExpiredZips(db: DbOrTx, now: Date) {
    const expired = db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.status, "ready"), lt(dataExports.expiresAt, now)));
    await db.delete(dataExportFiles).where(inArray(dataExportFiles.exportId, expired));
  },
};
