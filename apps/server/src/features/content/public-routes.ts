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
import type { CachedAnswer } from "./cache.js";
import { type ContentRouteOptions, callerIsAdmin, publicGet, sendCached } from "./route-parts.js";

/** The visitors' reads of every landing section: cached answers with an ETag and the footer's version tag. */
export async function contentPublicRoutes(appBase: FastifyInstance, { content }: ContentRouteOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  const send = async (req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, varyOnCookie = false) =>
    sendCached(req, reply, answer, (await content.footerAnswer()).etag, varyOnCookie);

  app.get(CONTENT_ROUTES.hero, publicGet("Landing hero", ZHeroSchema.nullable()), async (req, reply) =>
    send(req, reply, await content.heroAnswer()),
  );
  app.get(CONTENT_ROUTES.banner, publicGet("Promotional banner", ZBannerSchema.nullable()), async (req, reply) =>
    send(req, reply, await content.bannerAnswer()),
  );
  app.get(
    CONTENT_ROUTES.features,
    publicGet("How It Works items, by order (inactive ones for admins only)", z.array(ZFeatureSchema)),
    async (req, reply) => send(req, reply, await content.featuresAnswer(await callerIsAdmin(ctx, req)), true),
  );
  app.get(CONTENT_ROUTES.about, publicGet("About section", ZAboutSchema.nullable()), async (req, reply) =>
    send(req, reply, await content.aboutAnswer()),
  );
  app.get(
    CONTENT_ROUTES.testimonials,
    publicGet("Testimonials (list at data.data; inactive ones for admins only)", ZTestimonialListSchema),
    async (req, reply) => send(req, reply, await content.testimonialsAnswer(await callerIsAdmin(ctx, req)), true),
  );
  app.get(
    CONTENT_ROUTES.footer,
    publicGet("Footer (and the header logo)", ZFooterSchema.nullable()),
    async (req, reply) => {
      const answer = await content.footerAnswer();
      return sendCached(req, reply, answer, answer.etag);
    },
  );
  app.get(
    CONTENT_ROUTES.contactPage,
    publicGet("Contact page content", ZContactPageSchema.nullable()),
    async (req, reply) => send(req, reply, await content.contactPageAnswer()),
  );
}
