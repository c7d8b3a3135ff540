import {
  CONTENT_ROUTES,
  ZAboutSchema,
  ZBannerSchema,
  ZContactPageSchema,
  ZFeatureSchema,
  ZFooterSchema,
  ZHeroSchema,
  ZTestimonialListSchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { replayWhile } from "../../lib/replayable.js";
import { type Ready, whenReady } from "../../lib/when-ready.js";
import type { CachedAnswer } from "./cache.js";
import { type ContentRouteOptions, callerIsAdmin, publicGet, sendCached } from "./route-parts.js";

/** The visitors' reads of every landing section: cached answers with an ETag and the footer's version tag. */
export async function contentPublicRoutes(appBase: FastifyInstance, { content }: ContentRouteOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  /**
   * The section's answer with the footer's version tag; sent at once when both are cached (most reads), and replayed
   * to the next visitors while both stay cached.
   */
  const send = (req: FastifyRequest, reply: FastifyReply, answer: Ready<CachedAnswer>, varyOnCookie = false) =>
    whenReady(answer, (section) =>
      whenReady(content.footerAnswer(), (footer) => {
        replayWhile(reply, content.cache.stillCurrent(section, footer));
        sendCached(req, reply, section, footer.etag, varyOnCookie);
      }),
    );

  app.get(CONTENT_ROUTES.hero, publicGet("Landing hero", ZHeroSchema.nullable()), (req, reply) =>
    send(req, reply, content.heroAnswer()),
  );
  app.get(CONTENT_ROUTES.banner, publicGet("Promotional banner", ZBannerSchema.nullable()), (req, reply) =>
    send(req, reply, content.bannerAnswer()),
  );
  app.get(
    CONTENT_ROUTES.features,
    publicGet("How It Works items, by order (inactive ones for admins only)", z.array(ZFeatureSchema)),
    (req, reply) => send(req, reply, whenReady(callerIsAdmin(ctx, req), content.featuresAnswer), true),
  );
  app.get(CONTENT_ROUTES.about, publicGet("About section", ZAboutSchema.nullable()), (req, reply) =>
    send(req, reply, content.aboutAnswer()),
  );
  app.get(
    CONTENT_ROUTES.testimonials,
    publicGet("Testimonials (list at data.data; inactive ones for admins only)", ZTestimonialListSchema),
    (req, reply) => send(req, reply, whenReady(callerIsAdmin(ctx, req), content.testimonialsAnswer), true),
  );
  app.get(CONTENT_ROUTES.footer, publicGet("Footer (and the header logo)", ZFooterSchema.nullable()), (req, reply) =>
    // The footer names its own version: the same path as every section, with the footer as the section.
    send(req, reply, content.footerAnswer()),
  );
  app.get(CONTENT_ROUTES.contactPage, publicGet("Contact page content", ZContactPageSchema.nullable()), (req, reply) =>
    send(req, reply, content.contactPageAnswer()),
  );
}
