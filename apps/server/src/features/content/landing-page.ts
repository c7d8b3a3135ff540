import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { extractYouTubeId, LANDING_BOOTSTRAP_ID, LANDING_PACKAGES_ID } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import { hasSessionCookie } from "../../core/identity/session-cache.js";
import { encodedEtag, negotiateEncoding, notAcceptable } from "../../lib/content-encoding.js";
import { escapeHtml } from "../../lib/escape-html.js";
import { ifNoneMatchHas } from "../../lib/etag.js";
import { replayWhile, type StillCurrent } from "../../lib/replayable.js";
import type { Ready } from "../../lib/when-ready.js";
import type { CachedAnswer } from "./cache.js";
import type { ContentService } from "./service.js";

type LandingAnswers = Record<
  "hero" | "banner" | "features" | "about" | "contactPage" | "testimonials" | "footer",
  CachedAnswer
>;

/** A public answer as the server sends it: JSON text and its ETag. */
type Answer = Pick<CachedAnswer, "body" | "etag">;

/** The web build's prerender module (apps/web/src/entry-landing-server.tsx). */
type RenderLanding = (input: { content: unknown; packages: unknown }) => Promise<string>;

/** JSON text safe inside a script element: "<" is escaped so no string can close it. */
const scriptSafe = (json: string) => json.replace(/</g, "\\u003c");

/** The JSON the browser seeds its queries with, and the prerender renders from. */
export function landingBootstrapJson(answers: LandingAnswers): string {
  // Each answer is already JSON text.
  return `{${Object.entries(answers)
    .map(([key, a]) => `"${key}":${a.body}`)
    .join(",")},"footerVersion":${JSON.stringify(answers.footer.etag)}}`;
}

/**
 * The landing page's index.html with its content inlined: the public answers of every section,
 * as JSON the browser reads before its first render, and a preload of the hero image. With the prerendered
 * markup inside #root the page paints before any script; without it, after the JavaScript alone,
 * still without a second round of requests.
 */
export function buildLandingHtml(
  template: string,
  answers: LandingAnswers,
  extra: { markup?: string; packages?: Answer | null } = {},
): string {
  const json = scriptSafe(landingBootstrapJson(answers));
  const hero = (JSON.parse(answers.hero.body) as { data: { imageUrl?: string; videoUrl?: string } | null }).data;
  const preload =
    hero?.imageUrl && !extractYouTubeId(hero.videoUrl)
      ? `<link rel="preload" as="image" href="${escapeHtml(hero.imageUrl)}" fetchpriority="high" />`
      : "";
  const packages = extra.packages
    ? `<script id="${LANDING_PACKAGES_ID}" type="application/json">${scriptSafe(extra.packages.body)}</script>`
    : "";
  const inject = `${preload}<script id="${LANDING_BOOTSTRAP_ID}" type="application/json">${json}</script>${packages}`;
  // Replacer functions: admin text such as "$&" or "$'" must not act as a replacement pattern.
  const page = template.includes("</head>")
    ? template.replace("</head>", () => `${inject}</head>`)
    : `${inject}${template}`;
  const markup = extra.markup;
  return markup ? page.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`) : page;
}

/**
 * Loads the prerender module built beside the web build (`<webDist>-ssr/`), once. Missing or broken, the page is
 * served as before: content inlined, rendered by the browser.
 */
function prerenderLoader(app: FastifyInstance, webDist: string): () => Promise<RenderLanding | null> {
  const file = path.join(`${path.resolve(webDist)}-ssr`, "entry-landing-server.js");
  let loaded: Promise<RenderLanding | null> | undefined;
  return () => {
    loaded ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (m: { renderLanding: RenderLanding }) => m.renderLanding,
          (err: unknown) => {
            app.log.error({ err, file }, "landing page: the prerender module could not be loaded");
            return null;
          },
        )
      : Promise.resolve(null);
    return loaded;
  };
}

/** A page's bytes as sent: plain (`identity`), brotli and gzip, each with its own ETag. */
function encode(text: string) {
  const html = Buffer.from(text);
  const etag = `"${createHash("sha1").update(html).digest("base64url")}"`;
  return {
    identity: html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
    etags: { identity: etag, br: encodedEtag(etag, "br"), gzip: encodedEtag(etag, "gzip") },
  };
}

/** GET / with the content inlined; other client routes keep the plain index.html from the SPA plugin. */
export async function landingPageRoute(
  app: FastifyInstance,
  opts: {
    webDist: string;
    content: ContentService;
    /** The packages on sale for the pricing section, given by the composition root (another feature's answer). */
    packages?: () => Ready<Answer>;
  },
) {
  const indexFile = path.join(opts.webDist, "index.html");
  if (!existsSync(indexFile)) return;
  const { content } = opts;
  const loadPrerender = prerenderLoader(app, opts.webDist);
  let template = { mtimeMs: -1, html: "" };
  type Encoded = ReturnType<typeof encode>;
  /** The page, and (made on first use) its copy for requests with a session cookie. */
  type BuiltPage = Encoded & { key: string; forSession?: Encoded };
  let built: BuiltPage | null = null;
  // Requests that miss the fast path together share one check-and-build (one prerender and compression, not one per
  // request: under 100 connections a cold or edited page was built 100 times at once), as long as no content changed
  // since it started.
  let inFlight: { version: number; page: Promise<BuiltPage> } | null = null;
  // The built page is reused without looking at anything while no content changed (cache version) and the file
  // was checked less than a second ago; only then are the answers and the file's time read again.
  let current: { version: number; checkedAt: number } | null = null;
  const FILE_CHECK_MS = 1000;

  /** The page's markup for a visitor, or undefined (the browser then renders it) when the prerender fails. */
  async function prerender(answers: LandingAnswers, packages: Answer | null): Promise<string | undefined> {
    const renderLanding = await loadPrerender();
    if (!renderLanding) return undefined;
    try {
      return await renderLanding({
        content: JSON.parse(landingBootstrapJson(answers)),
        packages: packages ? JSON.parse(packages.body) : null,
      });
    } catch (err) {
      app.log.error({ err }, "landing page: prerender failed");
      return undefined;
    }
  }

  /** Whether the built page may be handed out without looking: no content changed, the file checked under 1 s ago. */
  function builtIsFresh(): boolean {
    return (
      current !== null && current.version === content.cache.version && Date.now() - current.checkedAt < FILE_CHECK_MS
    );
  }

  function render(): Promise<BuiltPage> {
    const version = content.cache.version;
    if (built && builtIsFresh()) return Promise.resolve(built);
    if (inFlight?.version === version) return inFlight.page;
    const page = checkAndBuild(version).finally(() => {
      if (inFlight?.page === page) inFlight = null;
    });
    inFlight = { version, page };
    return page;
  }

  async function checkAndBuild(version: number): Promise<BuiltPage> {
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
    const packages = opts.packages ? await opts.packages() : null;
    const key = `${template.mtimeMs}:${[...Object.values(answers), ...(packages ? [packages] : [])]
      .map((a) => a.etag)
      .join(",")}`;
    let page = built;
    if (page?.key !== key) {
      const markup = await prerender(answers, packages);
      page = { key, ...encode(buildLandingHtml(template.html, answers, { markup, packages })) };
      built = page;
    }
    // Only a page built from answers no write overtook is reused on the fast path (set once the page is ready, so
    // the fast path never hands out the previous page while a new one is being built).
    current = content.cache.version === version ? { version, checkedAt: Date.now() } : null;
    return page;
  }

  /**
   * Whether `page` is still what render() hands out without looking again. The replay asks this before
   * answering a visitor in the route's place, so after a second the route runs once, checks the file and the
   * packages, and is recorded again.
   */
  function stillServing(page: BuiltPage): StillCurrent {
    return () => built === page && builtIsFresh();
  }

  /**
   * The prerendered header shows a visitor's links. A request with a session cookie gets the page marked
   * `<html data-session>`, and the web app's stylesheet keeps those links invisible until it knows who is signed in,
   * so a member does not see "Login / Join Now" flash before the account menu. The page itself stays
   * the same for everyone: nothing personal is in it.
   */
  function forRequest(page: BuiltPage, cookieHeader: string | undefined): Encoded {
    if (!hasSessionCookie(cookieHeader)) return page;
    page.forSession ??= encode(page.identity.toString("utf8").replace(/<html\b/i, "<html data-session"));
    return page.forSession;
  }

  app.route({
    method: ["GET", "HEAD"],
    url: "/",
    config: { access: "public" },
    schema: { hide: true },
    async handler(req, reply) {
      reply.header("cache-control", "no-cache").header("vary", "accept-encoding, cookie");
      let builtPage: BuiltPage;
      try {
        builtPage = await render();
      } catch (err) {
        // The page still works without inlined content: each section then fetches (and reports) its own.
        req.log.error({ err }, "landing page: content could not be inlined");
        return reply.type("text/html; charset=utf-8").send(readFileSync(indexFile));
      }
      const page = forRequest(builtPage, req.headers.cookie);
      // A visitor's page (no cookie) is the same for every visitor whose Accept-Encoding picks the same encoding.
      replayWhile(reply, stillServing(builtPage));
      // Brotli, gzip or as is, by the request's weights; refusing all three is a 406.
      const encoding = negotiateEncoding(req.headers["accept-encoding"]);
      if (encoding === null) throw notAcceptable();
      // Revalidation: an unchanged page (same content, same build, same encoding) costs a 304 (no body, so no type).
      const etag = page.etags[encoding];
      reply.header("etag", etag);
      if (ifNoneMatchHas(req.headers["if-none-match"], etag)) {
        return reply.code(304).send();
      }
      reply.type("text/html; charset=utf-8");
      if (encoding !== "identity") reply.header("content-encoding", encoding);
      return reply.send(page[encoding]);
    },
  });
}
