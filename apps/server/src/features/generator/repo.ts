import { type TTemplate, type TTemplateSummary, toEmailReport } from "@mailsmith/shared";
import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { generations } from "../../db/schema/index.js";

export type GenerationRow = typeof generations.$inferSelect;

export function toSummaryDto(row: Omit<GenerationRow, "html" | "text" | "mjml" | "designLayout">): TTemplateSummary {
  return {
    _id: row.id,
    parentId: row.parentId ?? null,
    version: row.version,
    emailType: row.emailType,
    instructions: row.instructions,
    subject: row.subject,
    thumbnails: row.thumbnails,
    credit: row.credit,
    createdAt: row.createdAt.toISOString(),
    sizeBytes: typeof row.report?.sizeBytes === "number" ? row.report.sizeBytes : 0,
    passed: row.report?.passed === true,
  };
}

export function toTemplateDto(row: GenerationRow): TTemplate {
  return {
    ...toSummaryDto(row),
    html: row.html ?? "",
    text: row.text ?? "",
    // Older rows hold the old report shape: converted on read.
    report: toEmailReport(row.report),
    model: row.model,
    durationMs: row.durationMs,
  };
}

export const generationsRepo = {
  find: (db: DbOrTx, id: string) => db.query.generations.findFirst({ where: eq(generations.id, id) }),
  /** The version a refinement of `parentId` gets: one more than its parent's. */
  async nextVersion(db: DbOrTx, parentId: string) {
    const parent = await db.query.generations.findFirst({
      where: eq(generations.id, parentId),
      columns: { version: true },
    });
    return (parent?.version ?? 0) + 1;
  },
  async insert(db: DbOrTx, values: typeof generations.$inferInsert) {
    const [row] = await db.insert(generations).values(values).returning();
    return row!;
  },
  stalePending: (db: DbOrTx, before: Date) =>
    db
      .select()
      .from(generations)
      .where(and(eq(generations.status, "pending"), lt(generations.createdAt, before))),
  async update(db: DbOrTx, id: string, values: Partial<typeof generations.$inferInsert>) {
    const [row] = await db
      .update(generations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(generations.id, id))
      .returning();
    return row;
  },
  remove: (db: DbOrTx, id: string) => db.delete(generations).where(eq(generations.id, id)),
};
