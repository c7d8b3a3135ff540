import {
  CONTENT_MESSAGES,
  CONTENT_ROUTES,
  contentResponse,
  FOOTER_VERSION_HEADER,
  CONTENT_ADMIN_TEXTS as T,
  ZAboutInputSchema,
  ZAboutSchema,
  ZBannerInputSchema,
  ZBannerSchema,
  ZBannerStatsSchema,
  ZContactPageInputSchema,
  ZContactPageSchema,
  ZFeatureInputSchema,
  ZFeatureSchema,
  ZFooterInputSchema,
  ZFooterSchema,
  ZHeroInputSchema,
  ZHeroSchema,
  ZTestimonialInputSchema,
  ZTestimonialListSchema,
  ZTestimonialSchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/app-error.js";
import { resolveUser } from "../../plugins/access.js";
import type { CachedAnswer } from "./cache.js";
import { landingPageRoute } from "./landing-page.js";
import { seoRoutes } from "./seo-routes.js";
import { ContentService } from "./service.js";

const tags = ["content"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IdParams = z.object({ id: z.string().max(64) });

function requireUuid(id: string, message: string) {
  if (!UUID.test(id)) throw notFound(message);
  return id;
}

/**
 * A cached public answer: revalidated by the browser on every load (no-cache + ETag), so a visitor
 * sees an admin's change on the next load, while unchanged content costs a 304 and no database query.
 */
function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  footerTag: string,
  varyOnCookie = false,
) {
  reply.header("cache-control", "no-cache");
  reply.header("etag", answer.etag);
  // The browser keeps the footer for an hour (spec); this tag tells it when an admin changed it (decision 011).
  reply.header(FOOTER_VERSION_HEADER, footerTag);
  if (varyOnCookie) reply.header("vary", "cookie");
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag)) {
    return reply.code(304).send();
  }
  // Already JSON text: Fastify sends a string with a JSON content type as is.
  return reply.type("application/json; charset=utf-8").send(answer.body as never);
}

const ok = <T>(data: T, message: string) => ({ success: true as const, data, message });

export async function contentRoutes(
  appBase: FastifyInstance,
  opts: { webDist?: string; landingPackages?: () => Promise<{ body: string; etag: string }> } = {},
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  const content = new ContentService(ctx);
  await appBase.register(seoRoutes);
  if (opts.webDist) {
    await appBase.register(landingPageRoute, { webDist: opts.webDist, content, packages: opts.landingPackages });
  }

  const footerAnswer = content.footerAnswer;
  const send = async (req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, varyOnCookie = false) =>
    sendCached(req, reply, answer, (await footerAnswer()).etag, varyOnCookie);

  /** Lists show inactive items to a signed-in admin only (the admin tables use the same GET). */
  async function callerIsAdmin(req: FastifyRequest) {
    if (!req.headers.cookie) return false;
    const user = await resolveUser(ctx, req).catch(() => null);
    return user?.role === "Admin";
  }

  const publicGet = (summary: string, data: z.ZodTypeAny) => ({
    config: { access: "public" as const },
    schema: { tags, summary, response: { 200: contentResponse(data) } },
  });
  const adminWrite = (summary: string, data: z.ZodTypeAny) => ({
    config: { access: "admin" as const },
    schema: { tags, summary, response: { 200: contentResponse(data) } },
  });
  const adminWriteWithBody = <B extends z.ZodTypeAny>(summary: string, data: z.ZodTypeAny, body: B) => ({
    config: { access: "admin" as const },
    schema: { tags, summary, body, response: { 200: contentResponse(data) } },
  });
  const adminWriteById = (summary: string, data: z.ZodTypeAny) => ({
    config: { access: "admin" as const },
    schema: { tags, summary, params: IdParams, response: { 200: contentResponse(data) } },
  });
  const adminWriteByIdWithBody = <B extends z.ZodTypeAny>(summary: string, data: z.ZodTypeAny, body: B) => ({
    config: { access: "admin" as const },
    schema: { tags, summary, params: IdParams, body, response: { 200: contentResponse(data) } },
  });

  // ---------- Hero (decision 010) ----------
  app.get(CONTENT_ROUTES.hero, publicGet("Landing hero", ZHeroSchema.nullable()), async (req, reply) =>
    send(req, reply, await content.heroAnswer()),
  );
  app.put(
    CONTENT_ROUTES.hero,
    adminWriteWithBody("Replace the landing hero", ZHeroSchema, ZHeroInputSchema),
    async (req) => ok(await content.putHero(req.body), T.hero.updated),
  );
  app.post(`${CONTENT_ROUTES.hero}/reset`, adminWrite("Reset the hero to its default", ZHeroSchema), async () =>
    ok(await content.resetHero(), T.hero.reset),
  );

  // ---------- Banner ----------
  app.get(CONTENT_ROUTES.banner, publicGet("Promotional banner", ZBannerSchema.nullable()), async (req, reply) =>
    send(req, reply, await content.bannerAnswer()),
  );
  app.get(
    `${CONTENT_ROUTES.banner}/stats`,
    {
      config: { access: "admin" },
      schema: { tags, summary: "Banner stats tiles", response: { 200: contentResponse(ZBannerStatsSchema) } },
    },
    async () => ok(await content.bannerStats(), CONTENT_MESSAGES.fetched.bannerStats),
  );
  app.put(
    CONTENT_ROUTES.banner,
    adminWriteWithBody("Replace the banner", ZBannerSchema, ZBannerInputSchema),
    async (req) => ok(await content.putBanner(req.body), T.banner.updated),
  );
  app.patch(`${CONTENT_ROUTES.banner}/toggle`, adminWrite("Flip the banner's active flag", ZBannerSchema), async () => {
    const banner = await content.setBannerActive("toggle");
    return ok(banner, banner.isActive ? T.banner.activated : T.banner.deactivated);
  });
  app.post(`${CONTENT_ROUTES.banner}/reset`, adminWrite("Reset the banner to its default", ZBannerSchema), async () =>
    ok(await content.resetBanner(), T.banner.reset),
  );
  app.delete(CONTENT_ROUTES.banner, adminWrite("Delete (deactivate) the banner", ZBannerSchema), async () =>
    ok(await content.setBannerActive(false), T.banner.deleted),
  );

  // ---------- Features ----------
  app.get(
    CONTENT_ROUTES.features,
    publicGet("How It Works items, by order (inactive ones for admins only)", z.array(ZFeatureSchema)),
    async (req, reply) => {
      const includeInactive = await callerIsAdmin(req);
      const answer = await content.featuresAnswer(includeInactive);
      return send(req, reply, answer, true);
    },
  );
  app.post(
    CONTENT_ROUTES.features,
    adminWriteWithBody("Add a feature (order defaults to the highest + 1)", ZFeatureSchema, ZFeatureInputSchema),
    async (req) => ok(await content.createFeature(req.body), T.features.added),
  );
  app.post(
    `${CONTENT_ROUTES.features}/reset`,
    adminWrite("Reset the features to the defaults", z.array(ZFeatureSchema)),
    async () => ok(await content.resetFeatures(), T.features.reset),
  );
  app.put(
    `${CONTENT_ROUTES.features}/:id`,
    adminWriteByIdWithBody("Replace a feature", ZFeatureSchema, ZFeatureInputSchema),
    async (req) =>
      ok(
        await content.updateFeature(requireUuid(req.params.id, CONTENT_MESSAGES.featureNotFound), req.body),
        T.features.updated,
      ),
  );
  app.patch(
    `${CONTENT_ROUTES.features}/:id/toggle`,
    adminWriteById("Flip a feature's active flag", ZFeatureSchema),
    async (req) => {
      const feature = await content.toggleFeature(requireUuid(req.params.id, CONTENT_MESSAGES.featureNotFound));
      return ok(feature, feature.isActive ? T.features.activated : T.features.deactivated);
    },
  );
  app.delete(`${CONTENT_ROUTES.features}/:id`, adminWriteById("Delete a feature", z.null()), async (req) => {
    await content.deleteFeature(requireUuid(req.params.id, CONTENT_MESSAGES.featureNotFound));
    return ok(null, T.features.deleted);
  });

  // ---------- About ----------
  app.get(CONTENT_ROUTES.about, publicGet("About section", ZAboutSchema.nullable()), async (req, reply) =>
    send(req, reply, await content.aboutAnswer()),
  );
  app.put(
    CONTENT_ROUTES.about,
    adminWriteWithBody("Replace the about section", ZAboutSchema, ZAboutInputSchema),
    async (req) => ok(await content.putAbout(req.body), T.about.updated),
  );
  app.patch(
    `${CONTENT_ROUTES.about}/toggle`,
    adminWrite("Flip the about section's active flag", ZAboutSchema),
    async () => {
      const about = await content.setAboutActive("toggle");
      return ok(about, about.isActive ? T.about.activated : T.about.deactivated);
    },
  );
  app.post(`${CONTENT_ROUTES.about}/reset`, adminWrite("Reset the about section", ZAboutSchema), async () =>
    ok(await content.resetAbout(), T.about.reset),
  );
  app.delete(CONTENT_ROUTES.about, adminWrite("Delete (deactivate) the about section", ZAboutSchema), async () =>
    ok(await content.setAboutActive(false), T.about.deleted),
  );

  // ---------- Testimonials ----------
  app.get(
    CONTENT_ROUTES.testimonials,
    publicGet("Testimonials (list at data.data; inactive ones for admins only)", ZTestimonialListSchema),
    async (req, reply) => {
      const includeInactive = await callerIsAdmin(req);
      const answer = await content.testimonialsAnswer(includeInactive);
      return send(req, reply, answer, true);
    },
  );
  app.post(
    CONTENT_ROUTES.testimonials,
    adminWriteWithBody("Add a testimonial", ZTestimonialSchema, ZTestimonialInputSchema),
    async (req) => ok(await content.createTestimonial(req.body), T.testimonials.created),
  );
  app.post(
    `${CONTENT_ROUTES.testimonials}/reset`,
    adminWrite("Reset the testimonials to the defaults", ZTestimonialListSchema),
    async () => {
      const list = await content.resetTestimonials();
      return ok({ data: list, total: list.length }, T.testimonials.reset);
    },
  );
  app.put(
    `${CONTENT_ROUTES.testimonials}/:id`,
    adminWriteByIdWithBody("Replace a testimonial", ZTestimonialSchema, ZTestimonialInputSchema),
    async (req) =>
      ok(
        await content.updateTestimonial(requireUuid(req.params.id, CONTENT_MESSAGES.testimonialNotFound), req.body),
        T.testimonials.updated,
      ),
  );
  app.delete(`${CONTENT_ROUTES.testimonials}/:id`, adminWriteById("Delete a testimonial", z.null()), async (req) => {
    await content.deleteTestimonial(requireUuid(req.params.id, CONTENT_MESSAGES.testimonialNotFound));
    return ok(null, T.testimonials.deleted);
  });

  // ---------- Footer (the Logo Update pane saves through PUT with only middleSection.logoUrl changed) ----------
  app.get(
    CONTENT_ROUTES.footer,
    publicGet("Footer (and the header logo)", ZFooterSchema.nullable()),
    async (req, reply) => {
      const answer = await footerAnswer();
      return sendCached(req, reply, answer, answer.etag);
    },
  );
  app.put(
    CONTENT_ROUTES.footer,
    adminWriteWithBody("Replace the footer", ZFooterSchema, ZFooterInputSchema),
    async (req) => ok(await content.putFooter(req.body), T.footer.updated),
  );
  app.post(`${CONTENT_ROUTES.footer}/reset`, adminWrite("Reset the footer", ZFooterSchema), async () =>
    ok(await content.resetFooter(), T.footer.reset),
  );

  // ---------- Contact page ----------
  app.get(
    CONTENT_ROUTES.contactPage,
    publicGet("Contact page content", ZContactPageSchema.nullable()),
    async (req, reply) => send(req, reply, await content.contactPageAnswer()),
  );
  app.put(
    CONTENT_ROUTES.contactPage,
    adminWriteWithBody("Replace the contact page", ZContactPageSchema, ZContactPageInputSchema),
    async (req) => ok(await content.putContactPage(req.body), T.contactPage.updated),
  );
  app.post(`${CONTENT_ROUTES.contactPage}/reset`, adminWrite("Reset the contact page", ZContactPageSchema), async () =>
    ok(await content.resetContactPage(), T.contactPage.reset),
  );
}
