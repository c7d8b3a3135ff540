import type { TFeature, TTestimonial } from "@mailsmith/shared";
import { asc, eq, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { oldestFirst } from "../../db/creation-order.js";
import { contentFeatures, contentTestimonials, siteContent } from "../../db/schema/index.js";

/** Keys of the single-record content in site_content. */
export type SingletonKey = "hero" | "banner" | "about" | "footer" | "contactPage";

export interface SingletonRow {
  data: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export async function readSingleton(db: DbOrTx, key: SingletonKey): Promise<SingletonRow | null> {
  const [row] = await db.select().from(siteContent).where(eq(siteContent.key, key)).limit(1);
  return row ?? null;
}

/** Insert or replace the record; created_at is kept, updated_at moves. */
export async function writeSingleton(db: DbOrTx, key: SingletonKey, data: unknown): Promise<SingletonRow> {
  const now = new Date();
  const [row] = await db
    .insert(siteContent)
    .values({ key, data, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: siteContent.key, set: { data, updatedAt: now } })
    .returning();
  return row!;
}

/** Only when absent (demo seed). */
export async function insertSingletonIfMissing(db: DbOrTx, key: SingletonKey, data: unknown) {
  await db.insert(siteContent).values({ key, data }).onConflictDoNothing({ target: siteContent.key });
}

// ---------- Features ----------

export type FeatureRow = typeof contentFeatures.$inferSelect;
export type FeatureValues = Omit<typeof contentFeatures.$inferInsert, "id" | "createdAt" | "updatedAt">;

export function toFeatureDto(row: FeatureRow): TFeature {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    iconType: row.iconType === "class" ? "class" : "image",
    icon: row.icon,
    iconValue: row.icon,
    category: row.category,
    order: row.order,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listFeatureRows(db: DbOrTx): Promise<FeatureRow[]> {
  return db
    .select()
    .from(contentFeatures)
    .orderBy(asc(contentFeatures.order), ...oldestFirst(contentFeatures));
}

export async function findFeatureRow(db: DbOrTx, id: string): Promise<FeatureRow | null> {
  const [row] = await db.select().from(contentFeatures).where(eq(contentFeatures.id, id)).limit(1);
  return row ?? null;
}

export async function highestFeatureOrder(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ value: max(contentFeatures.order) }).from(contentFeatures);
  return row?.value ?? null;
}

export async function insertFeatureRow(db: DbOrTx, values: FeatureValues): Promise<FeatureRow> {
  const [row] = await db.insert(contentFeatures).values(values).returning();
  return row!;
}

export async function updateFeatureRow(
  db: DbOrTx,
  id: string,
  values: Partial<FeatureValues>,
): Promise<FeatureRow | null> {
  const [row] = await db
    .update(contentFeatures)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentFeatures.id, id))
    .returning();
  return row ?? null;
}

export async function toggleFeatureRow(db: DbOrTx, id: string): Promise<FeatureRow | null> {
  const [row] = await db
    .update(contentFeatures)
    .set({ isActive: sql`not ${contentFeatures.isActive}`, updatedAt: new Date() })
    .where(eq(contentFeatures.id, id))
    .returning();
  return row ?? null;
}

export async function deleteFeatureRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(contentFeatures).where(eq(contentFeatures.id, id)).returning({ id: contentFeatures.id });
  return rows.length > 0;
}

export async function countFeatureRows(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contentFeatures);
  return row?.n ?? 0;
}

export async function replaceFeatureRows(db: DbOrTx, values: FeatureValues[]) {
  await db.delete(contentFeatures);
  if (values.length) await db.insert(contentFeatures).values(values);
}

// ---------- Testimonials ----------

export type TestimonialRow = typeof contentTestimonials.$inferSelect;
export type TestimonialValues = Omit<typeof contentTestimonials.$inferInsert, "id" | "createdAt" | "updatedAt">;

export function toTestimonialDto(row: TestimonialRow): TTestimonial {
  return {
    _id: row.id,
    quote: row.quote,
    authorName: row.authorName,
    authorTitle: row.authorTitle,
    authorImage: row.authorImage,
    rating: row.rating,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listTestimonialRows(db: DbOrTx): Promise<TestimonialRow[]> {
  return db
    .select()
    .from(contentTestimonials)
    .orderBy(...oldestFirst(contentTestimonials));
}

export async function insertTestimonialRow(db: DbOrTx, values: TestimonialValues): Promise<TestimonialRow> {
  const [row] = await db.insert(contentTestimonials).values(values).returning();
  return row!;
}

export async function updateTestimonialRow(
  db: DbOrTx,
  id: string,
  values: TestimonialValues,
): Promise<TestimonialRow | null> {
  const [row] = await db
    .update(contentTestimonials)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentTestimonials.id, id))
    .returning();
  return row ?? null;
}

export async function deleteTestimonialRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(contentTestimonials)
    .where(eq(contentTestimonials.id, id))
    .returning({ id: contentTestimonials.id });
  return rows.length > 0;
}

export async function countTestimonialRows(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contentTestimonials);
  return row?.n ?? 0;
}

/** Reset: the defaults get increasing created_at so their order is stable. */
export async function replaceTestimonialRows(db: DbOrTx, values: TestimonialValues[]) {
  await db.delete(contentTestimonials);
  const base = Date.now();
  if (values.length) {
    await db
      .insert(contentTestimonials)
      .values(values.map((v, i) => ({ ...v, createdAt: new Date(base + i), updatedAt: new Date(base + i) })));
  }
}
