import type { FastifyInstance } from "fastify";
import { paymentRoutes } from "./capture/routes.js";
import { itemRoutes } from "./catalogue/item-routes.js";
import { packageRoutes } from "./catalogue/routes.js";
import { orderRoutes } from "./orders/routes.js";

/** The commerce feature: catalogue, checkout, orders and capture, registered as one plugin (URLs unchanged). */
export async function commerceRoutes(app: FastifyInstance, opts: { webDist?: string } = {}) {
  await app.register(packageRoutes);
  await app.register(itemRoutes);
  await app.register(orderRoutes, opts);
  await app.register(paymentRoutes);
}
