import { maskKey, type TGeminiKey } from "@mailsmith/shared";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { oldestFirst } from "../../../db/creation-order.js";
import { geminiKeys } from "../../../db/schema/index.js";

export type KeyRow = typeof geminiKeys.$inferSelect;

/** Never includes the key itself. */
export function toKeyDto(row: KeyRow): TGeminiKey {
  return {
    _id: row.id,
    name: row.name,
    keyPreview: maskKey(row.key),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    usage: {
      calls: row.calls,
      failures: row.failures,
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      lastStatus: row.lastStatus ?? null,
    },
  };
}

export const keysRepo = {
  list: (db: DbOrTx) =>
    db
      .select()
      .from(geminiKeys)
      .orderBy(...oldestFirst(geminiKeys)),
  active: (db: DbOrTx) => db.select().from(geminiKeys).where(eq(geminiKeys.isActive, true)),
  find: (db: DbOrTx, id: string) => db.query.geminiKeys.findFirst({ where: eq(geminiKeys.id, id) }),
  async insert(db: DbOrTx, values: typeof geminiKeys.$inferInsert) {
    const [row] = await db.insert(geminiKeys).values(values).returning();
    return row!;
  },
  async update(db: DbOrTx, id: string, values: Partial<typeof geminiKeys.$inferInsert>) {
    const [row] = await db
      .update(geminiKeys)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(geminiKeys.id, id))
      .returning();
    return row;
  },
  /** True when a key was deleted. */
  async remove(db: DbOrTx, id: string) {
    const rows = await db.delete(geminiKeys).where(eq(geminiKeys.id, id)).returning({ id: geminiKeys.id });
    return rows.length > 0;
  },
  /** Counts one call (and its outcome) on a key. */
  async recordUse(db: DbOrTx, id: string, status: number, failed: boolean) {
    await db
      .update(geminiKeys)
      .set({
        calls: sql`${geminiKeys.calls} + 1`,
        failures: failed ? sql`${geminiKeys.failures} + 1` : geminiKeys.failures,
        lastUsedAt: new Date(),
        lastStatus: status,
      })
      .where(eq(geminiKeys.id, id));
  },
};
