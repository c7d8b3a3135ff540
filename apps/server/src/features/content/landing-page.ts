import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { extractYouTubeId, LANDING_BOOTSTRAP_ID } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../../lib/escape-html.js";
import type { CachedAnswer } from "./cache.js";
import type { ContentService } from "./service.js";

type LandingAnswers = Record<
  "hero" | "banner" | "features" | "about" | "contactPage" | "testimonials" | "footer",
  CachedAnswer
>;

/**
 * The landing page's index.html with its content inlined (decision 012): the public answers of every section,
 * as JSON the browser reads before its first render, and a preload of the hero image. A phone then paints the
 * whole first screen after the JavaScript alone, without a second round of requests.
 */
export function buildLandingHtml(template: string, answers: LandingAnswers): string {
  // Each answer is already JSON text; "<" is escaped so no string can close the script element.
  const json = `{${Object.entries(answers)
    .map(([key, a]) => `"${key}":${a.body}`)
    .join(",")},"footerVersion":${JSON.stringify(answers.footer.etag)}}`.replace(/</g, "\\u003c");
  const hero = (JSON.parse(answers.hero.body) as { data: { imageUrl?: string; videoUrl?: string } | null }).data;
  const preload =
    hero?.imageUrl && !extractYouTubeId(hero.videoUrl)
      ? `<link rel="preload" as="image" href="${escapeHtml(hero.imageUrl)}" fetchpriority="high" />`
      : "";
  const inject = `${preload}<script id="${LANDING_BOOTSTRAP_ID}" type="application/json">${json}</script>`;
  // A replacer function: admin text such as "$&" or "$'" must not act as a replacement pattern.
  return template.includes("</head>") ? template.replace("</head>", () => `${inject}</head>`) : `${inject}${template}`;
}

function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/** GET / with the content inlined; other client routes keep the plain index.html from the SPA plugin. */
export async function landingPageRoute(app: FastifyInstance, opts: { webDist: string; content: ContentService }) {
  const indexFile = path.join(opts.webDist, "index.html");
  if (!existsSync(indexFile)) return;
  const { content } = opts;
  let template = { mtimeMs: -1, html: "" };
  let built: { key: string; etag: string; html: Buffer; br: Buffer; gzip: Buffer } | null = null;
  // The built page is reused without looking at anything while no content changed (cache version) and the file
  // was checked less than a second ago; only then are the answers and the file's time read again.
  let current: { version: number; checkedAt: number } | null = null;
  const FILE_CHECK_MS = 1000;

  async function render() {
    const version = content.cache.version;
    if (built && current && current.version === version && Date.now() - current.checkedAt < FILE_CHECK_MS) {
      return built;
    }
    const stat = statSync(indexFile);
    if (stat.mtimeMs !== template.mtimeMs) template = { mtimeMs: stat.mtimeMs, html: readFileSync(indexFile, "utf8") };
    const answers: LandingAnswers = {
      hero: await content.heroAnswer(),
      banner: await content.bannerAnswer(),
      features: await content.featuresAnswer(false),
      about: await content.aboutAnswer(),
      contactPage: await content.contactPageAnswer(),
      testimonials: await content.testimonialsAnswer(false),
      footer: await content.footerAnswer(),
    };
    const key = `${template.mtimeMs}:${Object.values(answers)
      .map((a) => a.etag)
      .join(",")}`;
    // Only a page built from answers no write overtook is reused on the fast path.
    current = content.cache.version === version ? { version, checkedAt: Date.now() } : null;
    if (built?.key !== key) {
      const html = Buffer.from(buildLandingHtml(template.html, answers));
      built = {
        key,
        etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
    }
    return built;
  }

  app.route({
    method: ["GET", "HEAD"],
    url: "/",
    config: { access: "public" },
    schema: { hide: true },
    async handler(req, reply) {
      reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type("text/html; charset=utf-8");
      let page: { etag: string; html: Buffer; br: Buffer; gzip: Buffer };
      try {
        page = await render();
      } catch (err) {
        // The page still works without inlined content: each section then fetches (and reports) its own.
        req.log.error({ err }, "landing page: content could not be inlined");
        return reply.send(readFileSync(indexFile));
      }
      // Revalidation: an unchanged page (same content, same build) costs a 304.
      reply.header("etag", page.etag);
      if (req.headers["if-none-match"]?.split(",").some((t) => t.trim().replace(/^W\//, "") === page.etag)) {
        return reply.code(304).send();
      }
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      if (encoding) return reply.header("content-encoding", encoding).send(page[encoding]);
      return reply.send(page.html);
    },
  });
}
