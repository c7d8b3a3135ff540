import type { FastifyInstance } from "fastify";
import { captureRoutes } from "./capture/routes.js";
import { catalogueRoutes } from "./catalogue/routes.js";
import { checkoutRoutes } from "./checkout/routes.js";
import { orderRoutes } from "./orders/routes.js";

/** The commerce feature: catalogue, checkout, orders and capture, registered as one plugin (URLs unchanged). */
export async function commerceRoutes(app: FastifyInstance, opts: { webDist?: string } = {}) {
  await app.register(catalogueRoutes);
  await app.register(checkoutRoutes);
  await app.register(orderRoutes, opts);
  await app.register(captureRoutes);
}
