import type { TBrandKit, TBrandKitContent, TBrandKitSnapshot } from "@mailsmith/shared";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { brandKits, generationJobs, generations, storedObjects } from "../../db/schema/index.js";

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
  /** The updated row and the logo address it had before (read under the row lock, in the same transaction). */
  async update(
    db: DbOrTx,
    userId: string,
    id: string,
    kit: TBrandKitContent,
  ): Promise<{ row: BrandKitRow; previousLogoUrl: string | null } | undefined> {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select({ logoUrl: brandKits.logoUrl })
        .from(brandKits)
        .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)))
        .for("update");
      if (!before) return undefined;
      const [row] = await tx
        .update(brandKits)
        .set({ ...kit, version: sql`${brandKits.version} + 1`, updatedAt: new Date() })
        .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)))
        .returning();
      return { row: row!, previousLogoUrl: before.logoUrl };
    });
  },
  /** The deleted kit's logo address (null: no logo), or undefined when the member has no such kit. */
  async remove(db: DbOrTx, userId: string, id: string): Promise<{ logoUrl: string | null } | undefined> {
    const [row] = await db
      .delete(brandKits)
      .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)))
      .returning({ logoUrl: brandKits.logoUrl });
    return row;
  },
  /**
   * True when the stored logo `key` belongs to this member and no row of theirs shows it any more: no kit, no template
   * (its HTML or kit snapshot), no job that took the kit's snapshot. A kit can name any https address, so a key of another
   * member's object is never theirs to delete.
   */
  async logoIsOnlyTheirs(db: DbOrTx, userId: string, key: string): Promise<boolean> {
    const [object] = await db
      .select({ ownerId: storedObjects.ownerId })
      .from(storedObjects)
      .where(eq(storedObjects.key, key));
    if (object?.ownerId !== userId) return false;
    const pattern = `%${key}%`;
    const shown = await db.execute(sql`
      select 1 from ${brandKits} k where k.logo_url like ${pattern}
      union all select 1 from ${generations} g where g.user_id = ${userId} and g::text like ${pattern}
      union all select 1 from ${generationJobs} j where j.user_id = ${userId} and j.brand_kit::text like ${pattern}
      limit 1`);
    return rowsOf(shown).length === 0;
  },
};
