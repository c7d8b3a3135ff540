import { ZItemOrderSchema, ZNewItemOrderSchema, ZNewOrderSchema, ZPackageOrderSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../plugins/access.js";
import { toItemOrderDto, toPackageOrderDto } from "../orders/dto.js";
import { perMemberLimit } from "../per-member-limit.js";
import { createItemOrder, createPackageOrder } from "./service.js";

/** Checkout: a pending order priced from our own package or item record. */
export async function checkoutRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.post(
    "/api/new-order",
    {
      config: { access: "user", rateLimit: perMemberLimit },
      schema: {
        tags: ["orders"],
        summary: "Create a pending package order from the server's package record (client prices are ignored)",
        body: ZNewOrderSchema,
        response: { 201: z.object({ success: z.literal(true), data: ZPackageOrderSchema }) },
      },
    },
    async (req, reply) => {
      const row = await createPackageOrder(ctx, currentUser(req), req.body);
      return reply.status(201).send({ success: true as const, data: toPackageOrderDto(row) });
    },
  );

  app.post(
    "/api/new-item-order",
    {
      config: { access: "user", rateLimit: perMemberLimit },
      schema: {
        tags: ["orders"],
        summary: "Create a pending item order from the server's item record (client prices are ignored)",
        body: ZNewItemOrderSchema,
        response: { 201: z.object({ success: z.literal(true), data: ZItemOrderSchema }) },
      },
    },
    async (req, reply) => {
      const row = await createItemOrder(ctx, currentUser(req), req.body);
      return reply.status(201).send({ success: true as const, data: toItemOrderDto(row) });
    },
  );
}
