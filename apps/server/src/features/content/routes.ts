import type { FastifyInstance } from "fastify";
import type { Ready } from "../../lib/when-ready.js";
import { landingPageRoute } from "./landing-page.js";
import { contentListRoutes } from "./list-routes.js";
import { contentPublicRoutes } from "./public-routes.js";
import { contentSectionRoutes } from "./section-routes.js";
import { seoRoutes } from "./seo-routes.js";
import { ContentService } from "./service.js";

/**
 * The landing content feature: one service (and so one cache) shared by its sub-plugins — the visitors' cached
 * reads, the admins' section and list editors, robots.txt/sitemap.xml and, with a web build, the landing page.
 */
export async function contentRoutes(
  appBase: FastifyInstance,
  opts: { webDist?: string; landingPackages?: () => Ready<{ body: string; etag: string }> } = {},
) {
  const content = new ContentService(appBase.ctx);
  await appBase.register(seoRoutes);
  if (opts.webDist) {
    await appBase.register(landingPageRoute, { webDist: opts.webDist, content, packages: opts.landingPackages });
  }
  await appBase.register(contentPublicRoutes, { content });
  await appBase.register(contentSectionRoutes, { content });
  await appBase.register(contentListRoutes, { content });
}
