import type { FastifyInstance } from "fastify";

/** Public pages listed in the sitemap (the signed-in areas are not for crawlers). */
export const SITEMAP_PATHS = ["/", "/about", "/contact", "/login", "/register"] as const;

/** robots.txt and sitemap.xml, served for real (never the SPA's index.html), with absolute URLs from BETTER_AUTH_URL. */
export async function seoRoutes(app: FastifyInstance) {
  const base = app.ctx.env.publicUrl.replace(/\/+$/, "");

  const robots = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /user",
    "Disallow: /api/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");

  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PATHS.map(
      (p) => `  <url><loc>${base}${p}</loc><changefreq>${p === "/" ? "weekly" : "monthly"}</changefreq></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");

  app.get(
    "/robots.txt",
    { config: { access: "public" }, schema: { tags: ["content"], summary: "Crawler rules" } },
    async (_req, reply) =>
      reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robots),
  );
  app.get(
    "/sitemap.xml",
    { config: { access: "public" }, schema: { tags: ["content"], summary: "Sitemap of the public pages" } },
    async (_req, reply) =>
      reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(sitemap),
  );
}
