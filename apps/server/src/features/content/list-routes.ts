import {
  CONTENT_MESSAGES,
  CONTENT_ROUTES,
  CONTENT_ADMIN_TEXTS as T,
  ZFeatureInputSchema,
  ZFeatureSchema,
  ZTestimonialInputSchema,
  ZTestimonialListSchema,
  ZTestimonialSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../core/audit.js";
import {
  adminRoute,
  adminRouteById,
  adminRouteByIdWithBody,
  adminRouteWithBody,
  type ContentRouteOptions,
  ok,
  requireUuid,
} from "./route-parts.js";

/** The admins' editors of the list sections: How It Works features and testimonials. */
export async function contentListRoutes(appBase: FastifyInstance, { content }: ContentRouteOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const featureId = (id: string) => requireUuid(id, CONTENT_MESSAGES.featureNotFound);
  const testimonialId = (id: string) => requireUuid(id, CONTENT_MESSAGES.testimonialNotFound);

  app.post(
    CONTENT_ROUTES.features,
    adminRouteWithBody("Add a feature (order defaults to the highest + 1)", ZFeatureSchema, ZFeatureInputSchema),
    async (req) => ok(await content.createFeature(adminActor(req), req.body), T.features.added),
  );
  app.post(
    `${CONTENT_ROUTES.features}/reset`,
    adminRoute("Reset the features to the defaults", z.array(ZFeatureSchema)),
    async (req) => ok(await content.resetFeatures(adminActor(req)), T.features.reset),
  );
  app.put(
    `${CONTENT_ROUTES.features}/:id`,
    adminRouteByIdWithBody("Replace a feature", ZFeatureSchema, ZFeatureInputSchema),
    async (req) =>
      ok(await content.updateFeature(adminActor(req), featureId(req.params.id), req.body), T.features.updated),
  );
  app.patch(
    `${CONTENT_ROUTES.features}/:id/toggle`,
    adminRouteById("Flip a feature's active flag", ZFeatureSchema),
    async (req) => {
      const feature = await content.toggleFeature(adminActor(req), featureId(req.params.id));
      return ok(feature, feature.isActive ? T.features.activated : T.features.deactivated);
    },
  );
  app.delete(`${CONTENT_ROUTES.features}/:id`, adminRouteById("Delete a feature", z.null()), async (req) => {
    await content.deleteFeature(adminActor(req), featureId(req.params.id));
    return ok(null, T.features.deleted);
  });

  app.post(
    CONTENT_ROUTES.testimonials,
    adminRouteWithBody("Add a testimonial", ZTestimonialSchema, ZTestimonialInputSchema),
    async (req) => ok(await content.createTestimonial(adminActor(req), req.body), T.testimonials.created),
  );
  app.post(
    `${CONTENT_ROUTES.testimonials}/reset`,
    adminRoute("Reset the testimonials to the defaults", ZTestimonialListSchema),
    async (req) => {
      const list = await content.resetTestimonials(adminActor(req));
      return ok({ data: list, total: list.length }, T.testimonials.reset);
    },
  );
  app.put(
    `${CONTENT_ROUTES.testimonials}/:id`,
    adminRouteByIdWithBody("Replace a testimonial", ZTestimonialSchema, ZTestimonialInputSchema),
    async (req) =>
      ok(
        await content.updateTestimonial(adminActor(req), testimonialId(req.params.id), req.body),
        T.testimonials.updated,
      ),
  );
  app.delete(`${CONTENT_ROUTES.testimonials}/:id`, adminRouteById("Delete a testimonial", z.null()), async (req) => {
    await content.deleteTestimonial(adminActor(req), testimonialId(req.params.id));
    return ok(null, T.testimonials.deleted);
  });
}
