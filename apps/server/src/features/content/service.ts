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

  private async writeOne<T extends object>(key: SingletonKey, data: T) {
    const row = await writeSingleton(this.ctx.db, key, data);
    this.cache.invalidate(key);
    return withTimes(data, row);
  }

  getHero(): Promise<THero | null> {
    return this.readOne<THeroContent>("hero", ZHeroInputSchema);
  }
  putHero(input: THeroContent): Promise<THero> {
    return this.writeOne("hero", input);
  }
  resetHero(): Promise<THero> {
    return this.writeOne("hero", DEFAULT_HERO);
  }

  getBanner(): Promise<TBanner | null> {
    return this.readOne<TBannerContent>("banner", ZBannerInputSchema);
  }
  putBanner(input: TBannerContent): Promise<TBanner> {
    return this.writeOne("banner", input);
  }
  async setBannerActive(next: boolean | "toggle"): Promise<TBanner> {
    const current = await this.getBanner();
    if (!current) throw notFound(CONTENT_MESSAGES.bannerNotFound);
    const { createdAt: _c, updatedAt: _u, ...data } = current;
    return this.writeOne("banner", { ...data, isActive: next === "toggle" ? !data.isActive : next });
  }
  resetBanner(): Promise<TBanner> {
    return this.writeOne("banner", DEFAULT_BANNER);
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
  putAbout(input: TAboutContent): Promise<TAbout> {
    return this.writeOne("about", { isActive: input.isActive, section1: input.section1, section2: input.section2 });
  }
  async setAboutActive(next: boolean | "toggle"): Promise<TAbout> {
    const current = await this.getAbout();
    if (!current) throw notFound(CONTENT_MESSAGES.aboutNotFound);
    const { createdAt: _c, updatedAt: _u, ...data } = current;
    return this.writeOne("about", { ...data, isActive: next === "toggle" ? !data.isActive : next });
  }
  resetAbout(): Promise<TAbout> {
    return this.writeOne("about", DEFAULT_ABOUT);
  }

  getFooter(): Promise<TFooter | null> {
    return this.readOne<TFooterContent>("footer", ZFooterInputSchema);
  }
  putFooter(input: TFooterContent): Promise<TFooter> {
    return this.writeOne("footer", input);
  }
  resetFooter(): Promise<TFooter> {
    return this.writeOne("footer", DEFAULT_FOOTER);
  }

  getContactPage(): Promise<TContactPage | null> {
    return this.readOne<TContactPageContent>("contactPage", ZContactPageInputSchema);
  }
  putContactPage(input: TContactPageContent): Promise<TContactPage> {
    return this.writeOne("contactPage", input);
  }
  resetContactPage(): Promise<TContactPage> {
    return this.writeOne("contactPage", DEFAULT_CONTACT_PAGE);
  }

  // ---------- features ----------

  /** Sorted by order ascending; visitors get the active ones only. */
  async listFeatures(opts: { includeInactive: boolean }): Promise<TFeature[]> {
    const rows = await listFeatureRows(this.ctx.db);
    return rows.filter((r) => opts.includeInactive || r.isActive).map(toFeatureDto);
  }

  async createFeature(input: TFeatureContent): Promise<TFeature> {
    const order = input.order ?? ((await highestFeatureOrder(this.ctx.db)) ?? 0) + 1;
    const row = await insertFeatureRow(this.ctx.db, featureValues(input, order));
    this.cache.invalidate("features");
    return toFeatureDto(row);
  }

  async updateFeature(id: string, input: TFeatureContent): Promise<TFeature> {
    const existing = await findFeatureRow(this.ctx.db, id);
    if (!existing) throw notFound(CONTENT_MESSAGES.featureNotFound);
    const row = await updateFeatureRow(this.ctx.db, id, featureValues(input, input.order ?? existing.order));
    if (!row) throw notFound(CONTENT_MESSAGES.featureNotFound);
    this.cache.invalidate("features");
    return toFeatureDto(row);
  }

  async toggleFeature(id: string): Promise<TFeature> {
    const row = await toggleFeatureRow(this.ctx.db, id);
    if (!row) throw notFound(CONTENT_MESSAGES.featureNotFound);
    this.cache.invalidate("features");
    return toFeatureDto(row);
  }

  async deleteFeature(id: string): Promise<void> {
    if (!(await deleteFeatureRow(this.ctx.db, id))) throw notFound(CONTENT_MESSAGES.featureNotFound);
    this.cache.invalidate("features");
  }

  async resetFeatures(): Promise<TFeature[]> {
    await this.ctx.db.transaction(async (tx) => {
      await replaceFeatureRows(
        tx,
        DEFAULT_FEATURES.map((f, i) => featureValues(f, f.order ?? i + 1)),
      );
    });
    this.cache.invalidate("features");
    return this.listFeatures({ includeInactive: true });
  }

  // ---------- testimonials ----------

  async listTestimonials(opts: { includeInactive: boolean }): Promise<TTestimonial[]> {
    const rows = await listTestimonialRows(this.ctx.db);
    return rows.filter((r) => opts.includeInactive || r.isActive).map(toTestimonialDto);
  }

  async createTestimonial(input: TTestimonialContent): Promise<TTestimonial> {
    const row = await insertTestimonialRow(this.ctx.db, testimonialValues(input));
    this.cache.invalidate("testimonials");
    return toTestimonialDto(row);
  }

  async updateTestimonial(id: string, input: TTestimonialContent): Promise<TTestimonial> {
    const row = await updateTestimonialRow(this.ctx.db, id, testimonialValues(input));
    if (!row) throw notFound(CONTENT_MESSAGES.testimonialNotFound);
    this.cache.invalidate("testimonials");
    return toTestimonialDto(row);
  }

  async deleteTestimonial(id: string): Promise<void> {
    if (!(await deleteTestimonialRow(this.ctx.db, id))) throw notFound(CONTENT_MESSAGES.testimonialNotFound);
    this.cache.invalidate("testimonials");
  }

  async resetTestimonials(): Promise<TTestimonial[]> {
    await this.ctx.db.transaction(async (tx) => {
      await replaceTestimonialRows(tx, DEFAULT_TESTIMONIALS.map(testimonialValues));
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
