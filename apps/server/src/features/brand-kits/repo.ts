import type { TBrandKit, TBrandKitContent, TBrandKitSnapshot } from "@mailsmith/shared";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { brandKits } from "../../db/schema/index.js";

export type BrandKitRow = typeof brandKits.$inferSelect;

const content = (row: BrandKitRow): TBrandKitContent => ({
  name: row.name,
  logoUrl: row.logoUrl,
  palette: row.palette,
  font: row.font,
  footer: row.footer,
  tone: row.tone,
});

export function toBrandKitDto(row: BrandKitRow): TBrandKit {
  return {
    ...content(row),
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a generation stores of the kit (decision 113): its content, id and version at the start. */
export const toSnapshot = (row: BrandKitRow): TBrandKitSnapshot => ({
  ...content(row),
  id: row.id,
  version: row.version,
});

/** Every query is scoped by the owner: another member's kit is simply not found (object-level authorization). */
export const brandKitsRepo = {
  list(db: DbOrTx, userId: string) {
    return db.select().from(brandKits).where(eq(brandKits.userId, userId)).orderBy(asc(brandKits.createdAt));
  },
  async count(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(brandKits).where(eq(brandKits.userId, userId));
    return row?.n ?? 0;
  },
  async find(db: DbOrTx, userId: string, id: string): Promise<BrandKitRow | undefined> {
    const [row] = await db
      .select()
      .from(brandKits)
      .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)));
    return row;
  },
  async insert(db: DbOrTx, userId: string, kit: TBrandKitContent): Promise<BrandKitRow> {
    const [row] = await db
      .insert(brandKits)
      .values({ userId, ...kit })
      .returning();
    return row!;
  },
  async update(db: DbOrTx, userId: string, id: string, kit: TBrandKitContent): Promise<BrandKitRow | undefined> {
    const [row] = await db
      .update(brandKits)
      .set({ ...kit, version: sql`${brandKits.version} + 1`, updatedAt: new Date() })
      .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)))
      .returning();
    return row;
  },
  async remove(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(brandKits)
      .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)))
      .returning({ id: brandKits.id });
    return rows.length > 0;
  },
};
