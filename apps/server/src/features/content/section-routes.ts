import {
  CONTENT_MESSAGES,
  CONTENT_ROUTES,
  CONTENT_ADMIN_TEXTS as T,
  ZAboutInputSchema,
  ZAboutSchema,
  ZBannerInputSchema,
  ZBannerSchema,
  ZBannerStatsSchema,
  ZContactPageInputSchema,
  ZContactPageSchema,
  ZFooterInputSchema,
  ZFooterSchema,
  ZHeroInputSchema,
  ZHeroSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActor } from "../../core/audit.js";
import { adminRoute, adminRouteWithBody, type ContentRouteOptions, ok } from "./route-parts.js";

/**
 * The admins' editors of the single-record sections: hero (decision 010), banner, about, footer (the Logo Update
 * pane saves through PUT with only middleSection.logoUrl changed) and the contact page.
 */
export async function contentSectionRoutes(appBase: FastifyInstance, { content }: ContentRouteOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.put(
    CONTENT_ROUTES.hero,
    adminRouteWithBody("Replace the landing hero", ZHeroSchema, ZHeroInputSchema),
    async (req) => ok(await content.putHero(adminActor(req), req.body), T.hero.updated),
  );
  app.post(`${CONTENT_ROUTES.hero}/reset`, adminRoute("Reset the hero to its default", ZHeroSchema), async (req) =>
    ok(await content.resetHero(adminActor(req)), T.hero.reset),
  );

  app.get(`${CONTENT_ROUTES.banner}/stats`, adminRoute("Banner stats tiles", ZBannerStatsSchema), async () =>
    ok(await content.bannerStats(), CONTENT_MESSAGES.fetched.bannerStats),
  );
  app.put(
    CONTENT_ROUTES.banner,
    adminRouteWithBody("Replace the banner", ZBannerSchema, ZBannerInputSchema),
    async (req) => ok(await content.putBanner(adminActor(req), req.body), T.banner.updated),
  );
  app.patch(
    `${CONTENT_ROUTES.banner}/toggle`,
    adminRoute("Flip the banner's active flag", ZBannerSchema),
    async (req) => {
      const banner = await content.setBannerActive(adminActor(req), "toggle");
      return ok(banner, banner.isActive ? T.banner.activated : T.banner.deactivated);
    },
  );
  app.post(
    `${CONTENT_ROUTES.banner}/reset`,
    adminRoute("Reset the banner to its default", ZBannerSchema),
    async (req) => ok(await content.resetBanner(adminActor(req)), T.banner.reset),
  );
  app.delete(CONTENT_ROUTES.banner, adminRoute("Delete (deactivate) the banner", ZBannerSchema), async (req) =>
    ok(await content.setBannerActive(adminActor(req), false), T.banner.deleted),
  );

  app.put(
    CONTENT_ROUTES.about,
    adminRouteWithBody("Replace the about section", ZAboutSchema, ZAboutInputSchema),
    async (req) => ok(await content.putAbout(adminActor(req), req.body), T.about.updated),
  );
  app.patch(
    `${CONTENT_ROUTES.about}/toggle`,
    adminRoute("Flip the about section's active flag", ZAboutSchema),
    async (req) => {
      const about = await content.setAboutActive(adminActor(req), "toggle");
      return ok(about, about.isActive ? T.about.activated : T.about.deactivated);
    },
  );
  app.post(`${CONTENT_ROUTES.about}/reset`, adminRoute("Reset the about section", ZAboutSchema), async (req) =>
    ok(await content.resetAbout(adminActor(req)), T.about.reset),
  );
  app.delete(CONTENT_ROUTES.about, adminRoute("Delete (deactivate) the about section", ZAboutSchema), async (req) =>
    ok(await content.setAboutActive(adminActor(req), false), T.about.deleted),
  );

  app.put(
    CONTENT_ROUTES.footer,
    adminRouteWithBody("Replace the footer", ZFooterSchema, ZFooterInputSchema),
    async (req) => ok(await content.putFooter(adminActor(req), req.body), T.footer.updated),
  );
  app.post(`${CONTENT_ROUTES.footer}/reset`, adminRoute("Reset the footer", ZFooterSchema), async (req) =>
    ok(await content.resetFooter(adminActor(req)), T.footer.reset),
  );

  app.put(
    CONTENT_ROUTES.contactPage,
    adminRouteWithBody("Replace the contact page", ZContactPageSchema, ZContactPageInputSchema),
    async (req) => ok(await content.putContactPage(adminActor(req), req.body), T.contactPage.updated),
  );
  app.post(
    `${CONTENT_ROUTES.contactPage}/reset`,
    adminRoute("Reset the contact page", ZContactPageSchema),
    async (req) => ok(await content.resetContactPage(adminActor(req)), T.contactPage.reset),
  );
}
