import {
  CONTENT_MESSAGES,
  extractYouTubeId,
  type TAbout,
  type TAboutContent,
  type TBanner,
  type TBannerContent,
  type TBannerStats,
  type TContactPage,
  type TContactPageContent,
  type TFeature,
  type TFeatureContent,
  type TFooter,
  type TFooterContent,
  type THero,
  type THeroContent,
  type TTestimonial,
  type TTestimonialContent,
  ZAboutInputSchema,
  ZBannerInputSchema,
  ZContactPageInputSchema,
  ZFooterInputSchema,
  ZHeroInputSchema,
} from "@mailsmith/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { type AdminActor, recordAdminChange } from "../../core/audit.js";
import type { DbOrTx } from "../../db/client.js";
import { notFound } from "../../lib/app-error.js";
import { type CachedAnswer, ContentCache } from "./cache.js";
import {
  DEFAULT_ABOUT,
  DEFAULT_BANNER,
  DEFAULT_CONTACT_PAGE,
  DEFAULT_FEATURES,
  DEFAULT_FOOTER,
  DEFAULT_HERO,
  DEFAULT_TESTIMONIALS,
} from "./defaults.js";
import {
  countFeatureRows,
  countTestimonialRows,
  deleteFeatureRow,
  deleteTestimonialRow,
  type FeatureValues,
  findFeatureRow,
  highestFeatureOrder,
  insertFeatureRow,
  insertSingletonIfMissing,
  insertTestimonialRow,
  listFeatureRows,
  listTestimonialRows,
  readSingleton,
  replaceFeatureRows,
  replaceTestimonialRows,
  type SingletonKey,
  type SingletonRow,
  type TestimonialValues,
  toFeatureDto,
  toggleFeatureRow,
  toTestimonialDto,
  updateFeatureRow,
  updateTestimonialRow,
  writeSingleton,
} from "./repo.js";

/** A backstop only: every write drops its entries on every instance through the invalidation bus. */
export const CONTENT_CACHE_TTL_MS = 5 * 60 * 1000;

type Ctx = Pick<AppContext, "db" | "bus">;

/** Stored JSON read back through the current schema (fills fields added later); falls back to the raw value. */
function normalise<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : (data as T);
}

function withTimes<T extends object>(data: T, row: SingletonRow): T & { createdAt: string; updatedAt: string } {
  return { ...data, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function featureValues(input: TFeatureContent, order: number): FeatureValues {
  return {
    title: input.title,
    description: input.description,
    iconType: input.iconType,
    icon: input.icon,
    category: input.category,
    order,
    isActive: input.isActive,
  };
}

function testimonialValues(input: TTestimonialContent): TestimonialValues {
  return { ...input };
}

/**
 * Landing content: reads (cached, for the public routes) and admin writes (each drops its cache entries).
 * One instance per app.
 */
export class ContentService {
  readonly cache: ContentCache;

  constructor(private readonly ctx: Ctx) {
    this.cache = new ContentCache(CONTENT_CACHE_TTL_MS, Date.now, ctx.bus);
  }

  /** The public answer `{ success, data, message }`, serialised once and kept until the next write. */
  publicAnswer(
    key: string,
    load: () => Promise<{ data: unknown; message: string }>,
  ): CachedAnswer | Promise<CachedAnswer> {
    return this.cache.get(key, async () => ({ success: true, ...(await load()) }));
  }

  // ---------- public answers (cached) ----------

  heroAnswer = () =>
    this.publicAnswer("hero", async () => ({
      data: await this.getHero(),
      message: CONTENT_MESSAGES.fetched.hero,
    }));
  bannerAnswer = () =>
    this.publicAnswer("banner", async () => ({
      data: await this.getBanner(),
      message: CONTENT_MESSAGES.fetched.banner,
    }));
  aboutAnswer = () =>
    this.publicAnswer("about", async () => ({
      data: await this.getAbout(),
      message: CONTENT_MESSAGES.fetched.about,
    }));
  footerAnswer = () =>
    this.publicAnswer("footer", async () => ({
      data: await this.getFooter(),
      message: CONTENT_MESSAGES.fetched.footer,
    }));
  contactPageAnswer = () =>
    this.publicAnswer("contactPage", async () => ({
      data: await this.getContactPage(),
      message: CONTENT_MESSAGES.fetched.contactPage,
    }));
  featuresAnswer = (includeInactive: boolean) =>
    this.publicAnswer(`features:${includeInactive ? "all" : "active"}`, async () => ({
      data: await this.listFeatures({ includeInactive }),
      message: CONTENT_MESSAGES.fetched.features,
    }));
  /** The list is at data.data (spec). */
  testimonialsAnswer = (includeInactive: boolean) =>
    this.publicAnswer(`testimonials:${includeInactive ? "all" : "active"}`, async () => {
      const list = await this.listTestimonials({ includeInactive });
      return { data: { data: list, total: list.length }, message: CONTENT_MESSAGES.fetched.testimonials };
    });

  // ---------- single records ----------

  private async readOne<T extends object>(key: SingletonKey, schema: z.ZodType<T>) {
    const row = await readSingleton(this.ctx.db, key);
    return row ? withTimes(normalise(schema, row.data), row) : null;
  }

  /** Writes a section and its audit entry (`content.<key>.<verb>`, the changed fields) in one transaction. */
  private async writeOne<T extends object>(actor: AdminActor, verb: string, key: SingletonKey, data: T) {
    const row = await this.ctx.db.transaction(async (tx) => {
      const before = await readSingleton(tx, key);
      const written = await writeSingleton(tx, key, data);
      await recordAdminChange(tx, actor, {
        action: `content.${key}.${verb}`,
        targetType: "content",
        targetId: key,
        before: (before?.data as Record<string, unknown> | undefined) ?? null,
        after: data as Record<string, unknown>,
      });
      return written;
    });
    this.cache.invalidate(key);
    return withTimes(data, row);
  }

  /** Runs a list write and its audit entry in one transaction. */
  private audited<T>(
    actor: AdminActor,
    action: string,
    targetId: string,
    write: (tx: DbOrTx) => Promise<{ result: T; before?: object | null; after?: object | null }>,
  ): Promise<T> {
    return this.ctx.db.transaction(async (tx) => {
      const { result, before, after } = await write(tx);
      await recordAdminChange(tx, actor, {
        action,
        targetType: "content",
        targetId: targetId || String((after as { id?: unknown } | null)?.id ?? ""),
        before: (before as Record<string, unknown> | null) ?? null,
        after: (after as Record<string, unknown> | null) ?? null,
      });
      return result;
    });
  }

  getHero(): Promise<THero | null> {
    return this.readOne<THeroContent>("hero", ZHeroInputSchema);
  }
  putHero(actor: AdminActor, input: THeroContent): Promise<THero> {
    return this.writeOne(actor, "update", "hero", input);
  }
  resetHero(actor: AdminActor): Promise<THero> {
    return this.writeOne(actor, "reset", "hero", DEFAULT_HERO);
  }

  getBanner(): Promise<TBanner | null> {
    return this.readOne<TBannerContent>("banner", ZBannerInputSchema);
  }
  putBanner(actor: AdminActor, input: TBannerContent): Promise<TBanner> {
    return this.writeOne(actor, "update", "banner", input);
  }
  async setBannerActive(actor: AdminActor, next: boolean | "toggle"): Promise<TBanner> {
    const current = await this.getBanner();
    if (!current) throw notFound(CONTENT_MESSAGES.bannerNotFound);
    const { createdAt: _c, updatedAt: _u, ...data } = current;
    const verb = next === "toggle" ? "toggle" : next ? "activate" : "deactivate";
    return this.writeOne(actor, verb, "banner", { ...data, isActive: next === "toggle" ? !data.isActive : next });
  }
  resetBanner(actor: AdminActor): Promise<TBanner> {
    return this.writeOne(actor, "reset", "banner", DEFAULT_BANNER);
  }
  async bannerStats(): Promise<TBannerStats> {
    const banner = await this.getBanner();
    return {
      isActive: banner?.isActive ?? false,
      hasYoutubeVideo: Boolean(banner && extractYouTubeId(banner.youtubeUrl)),
      hasBackgroundImage: Boolean(banner?.backgroundImage),
      lastUpdated: banner?.updatedAt ?? null,
    };
  }

  getAbout(): Promise<TAbout | null> {
    return this.readOne<TAboutContent>("about", ZAboutInputSchema.omit({ updatedAt: true }));
  }
  putAbout(actor: AdminActor, input: TAboutContent): Promise<TAbout> {
    return this.writeOne(actor, "update", "about", {
      isActive: input.isActive,
      section1: input.section1,
      section2: input.section2,
    });
  }
  async setAboutActive(actor: AdminActor, next: boolean | "toggle"): Promise<TAbout> {
    const current = await this.getAbout();
    if (!current) throw notFound(CONTENT_MESSAGES.aboutNotFound);
    const { createdAt: _c, updatedAt: _u, ...data } = current;
    const verb = next === "toggle" ? "toggle" : next ? "activate" : "deactivate";
    return this.writeOne(actor, verb, "about", { ...data, isActive: next === "toggle" ? !data.isActive : next });
  }
  resetAbout(actor: AdminActor): Promise<TAbout> {
    return this.writeOne(actor, "reset", "about", DEFAULT_ABOUT);
  }

  getFooter(): Promise<TFooter | null> {
    return this.readOne<TFooterContent>("footer", ZFooterInputSchema);
  }
  putFooter(actor: AdminActor, input: TFooterContent): Promise<TFooter> {
    return this.writeOne(actor, "update", "footer", input);
  }
  resetFooter(actor: AdminActor): Promise<TFooter> {
    return this.writeOne(actor, "reset", "footer", DEFAULT_FOOTER);
  }

  getContactPage(): Promise<TContactPage | null> {
    return this.readOne<TContactPageContent>("contactPage", ZContactPageInputSchema);
  }
  putContactPage(actor: AdminActor, input: TContactPageContent): Promise<TContactPage> {
    return this.writeOne(actor, "update", "contactPage", input);
  }
  resetContactPage(actor: AdminActor): Promise<TContactPage> {
    return this.writeOne(actor, "reset", "contactPage", DEFAULT_CONTACT_PAGE);
  }

  // ---------- features ----------

  /** Sorted by order ascending; visitors get the active ones only. */
  async listFeatures(opts: { includeInactive: boolean }): Promise<TFeature[]> {
    const rows = await listFeatureRows(this.ctx.db);
    return rows.filter((r) => opts.includeInactive || r.isActive).map(toFeatureDto);
  }

  async createFeature(actor: AdminActor, input: TFeatureContent): Promise<TFeature> {
    const order = input.order ?? ((await highestFeatureOrder(this.ctx.db)) ?? 0) + 1;
    const row = await this.audited(actor, "content.feature.create", "", async (tx) => {
      const created = await insertFeatureRow(tx, featureValues(input, order));
      return { result: created, after: created };
    });
    this.cache.invalidate("features");
    return toFeatureDto(row);
  }

  async updateFeature(actor: AdminActor, id: string, input: TFeatureContent): Promise<TFeature> {
    const existing = await findFeatureRow(this.ctx.db, id);
    if (!existing) throw notFound(CONTENT_MESSAGES.featureNotFound);
    const row = await this.audited(actor, "content.feature.update", id, async (tx) => {
      const updated = await updateFeatureRow(tx, id, featureValues(input, input.order ?? existing.order));
      return { result: updated, before: existing, after: updated };
    });
    if (!row) throw notFound(CONTENT_MESSAGES.featureNotFound);
    this.cache.invalidate("features");
    return toFeatureDto(row);
  }

  async toggleFeature(actor: AdminActor, id: string): Promise<TFeature> {
    const row = await this.audited(actor, "content.feature.toggle", id, async (tx) => {
      const before = await findFeatureRow(tx, id);
      const toggled = await toggleFeatureRow(tx, id);
      if (!toggled) throw notFound(CONTENT_MESSAGES.featureNotFound);
      return { result: toggled, before: { isActive: before?.isActive }, after: { isActive: toggled.isActive } };
    });
    if (!row) throw notFound(CONTENT_MESSAGES.featureNotFound);
    this.cache.invalidate("features");
    return toFeatureDto(row);
  }

  async deleteFeature(actor: AdminActor, id: string): Promise<void> {
    await this.audited(actor, "content.feature.delete", id, async (tx) => {
      const before = await findFeatureRow(tx, id);
      if (!(await deleteFeatureRow(tx, id))) throw notFound(CONTENT_MESSAGES.featureNotFound);
      return { result: null, before };
    });
    this.cache.invalidate("features");
  }

  async resetFeatures(actor: AdminActor): Promise<TFeature[]> {
    await this.audited(actor, "content.features.reset", "features", async (tx) => {
      const before = await listFeatureRows(tx);
      await replaceFeatureRows(
        tx,
        DEFAULT_FEATURES.map((f, i) => featureValues(f, f.order ?? i + 1)),
      );
      return {
        result: null,
        before: { titles: before.map((f) => f.title) },
        after: { titles: DEFAULT_FEATURES.map((f) => f.title) },
      };
    });
    this.cache.invalidate("features");
    return this.listFeatures({ includeInactive: true });
  }

  // ---------- testimonials ----------

  async listTestimonials(opts: { includeInactive: boolean }): Promise<TTestimonial[]> {
    const rows = await listTestimonialRows(this.ctx.db);
    return rows.filter((r) => opts.includeInactive || r.isActive).map(toTestimonialDto);
  }

  async createTestimonial(actor: AdminActor, input: TTestimonialContent): Promise<TTestimonial> {
    const row = await this.audited(actor, "content.testimonial.create", "", async (tx) => {
      const created = await insertTestimonialRow(tx, testimonialValues(input));
      return { result: created, after: created };
    });
    this.cache.invalidate("testimonials");
    return toTestimonialDto(row);
  }

  async updateTestimonial(actor: AdminActor, id: string, input: TTestimonialContent): Promise<TTestimonial> {
    const row = await this.audited(actor, "content.testimonial.update", id, async (tx) => {
      const before = (await listTestimonialRows(tx)).find((t) => t.id === id);
      const updated = await updateTestimonialRow(tx, id, testimonialValues(input));
      if (!updated) throw notFound(CONTENT_MESSAGES.testimonialNotFound);
      return { result: updated, before, after: updated };
    });
    if (!row) throw notFound(CONTENT_MESSAGES.testimonialNotFound);
    this.cache.invalidate("testimonials");
    return toTestimonialDto(row);
  }

  async deleteTestimonial(actor: AdminActor, id: string): Promise<void> {
    await this.audited(actor, "content.testimonial.delete", id, async (tx) => {
      const before = (await listTestimonialRows(tx)).find((t) => t.id === id);
      if (!(await deleteTestimonialRow(tx, id))) throw notFound(CONTENT_MESSAGES.testimonialNotFound);
      return { result: null, before };
    });
    this.cache.invalidate("testimonials");
  }

  async resetTestimonials(actor: AdminActor): Promise<TTestimonial[]> {
    await this.audited(actor, "content.testimonials.reset", "testimonials", async (tx) => {
      const before = await listTestimonialRows(tx);
      await replaceTestimonialRows(tx, DEFAULT_TESTIMONIALS.map(testimonialValues));
      return { result: null, before: { count: before.length }, after: { count: DEFAULT_TESTIMONIALS.length } };
    });
    this.cache.invalidate("testimonials");
    return this.listTestimonials({ includeInactive: true });
  }
}

/** Demo seed step: the default content, only where nothing exists yet. */
export async function seedContent(ctx: Ctx) {
  const db = ctx.db;
  await insertSingletonIfMissing(db, "hero", DEFAULT_HERO);
  await insertSingletonIfMissing(db, "banner", DEFAULT_BANNER);
  await insertSingletonIfMissing(db, "about", DEFAULT_ABOUT);
  await insertSingletonIfMissing(db, "footer", DEFAULT_FOOTER);
  await insertSingletonIfMissing(db, "contactPage", DEFAULT_CONTACT_PAGE);
  if ((await countFeatureRows(db)) === 0) {
    await replaceFeatureRows(
      db,
      DEFAULT_FEATURES.map((f, i) => featureValues(f, f.order ?? i + 1)),
    );
  }
  if ((await countTestimonialRows(db)) === 0) {
    await replaceTestimonialRows(db, DEFAULT_TESTIMONIALS.map(testimonialValues));
  }
}
