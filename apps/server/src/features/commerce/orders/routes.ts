import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  ADMIN_ITEM_ORDERS_PAGE_SIZE,
  ORDER_MESSAGES,
  PAYMENT_STATUS,
  ZAdminOrderQuerySchema,
  ZItemOrderSchema,
  ZNewItemOrderSchema,
  ZNewOrderSchema,
  ZOrderPageSchema,
  ZPackageOrderSchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { forbidden, notFound } from "../../../lib/app-error.js";
import { currentUser, isAdmin } from "../../../plugins/access.js";
import {
  type ItemOrderRow,
  isHostedAccess,
  type PackageOrderRow,
  PREMIUM_CONTENT_PREFIX,
  toItemOrderDto,
  toPackageOrderDto,
} from "./repo.js";
import {
  createItemOrder,
  createPackageOrder,
  deletePendingOrder,
  getOwnOrder,
  listAllOrders,
  listOwnOrders,
} from "./service.js";

const idParams = z.object({ id: z.string().uuid(ORDER_MESSAGES.notFound) });
const ownQuery = z.object({ userEmail: z.string().optional() });
const deleted = z.object({ success: z.literal(true), message: z.string() });

/** Limits count per member (many members may share one address). */
const byUser = (req: FastifyRequest) => req.user?.id ?? req.ip;

export async function orderRoutes(appBase: FastifyInstance, opts: { webDist?: string } = {}) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  // Paid content: only the member who paid for the item (or an admin) opens it; checked on every request.
  app.get(
    "/api/item-order/:id/access",
    {
      config: { access: "owner" },
      schema: {
        tags: ["orders"],
        summary: "Opens what a paid item order bought (its owner once paid, or an admin)",
        params: idParams,
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const order = await getOwnOrder(ctx, "item", req.params.id, me);
      if (order.paymentStatus !== PAYMENT_STATUS.paid && !isAdmin(me)) {
        throw forbidden(ORDER_MESSAGES.accessNeedsPayment, "NOT_PAID");
      }
      if (!order.accessUrl) throw notFound(ORDER_MESSAGES.accessMissing, "NO_ACCESS_URL");
      if (!isHostedAccess(order.accessUrl)) return reply.redirect(order.accessUrl, 302);
      const folder = opts.webDist ? path.join(opts.webDist, PREMIUM_CONTENT_PREFIX) : null;
      const file = opts.webDist ? path.join(opts.webDist, order.accessUrl) : "";
      if (!folder || !file.startsWith(folder) || !existsSync(file)) {
        throw notFound(ORDER_MESSAGES.accessMissing, "NO_ACCESS_FILE");
      }
      return reply
        .type(file.endsWith(".html") ? "text/html; charset=utf-8" : "application/octet-stream")
        .header(
          "content-security-policy",
          "sandbox; default-src 'self' data: https:; style-src 'self' 'unsafe-inline' https:; frame-ancestors 'none'",
        )
        .send(await readFile(file));
    },
  );

  /** Spec calls carry ?userEmail=; members may only name themselves. */
  const checkEmail = (req: { query: { userEmail?: string } }, email: string) => {
    const asked = req.query.userEmail?.trim().toLowerCase();
    if (asked && asked !== email.toLowerCase()) throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
  };

  app.post(
    "/api/new-order",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser } },
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
      config: { access: "user", rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: byUser } },
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

  app.get(
    "/api/orders",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "The caller's package orders, newest first",
        querystring: ownQuery,
        response: { 200: z.array(ZPackageOrderSchema) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      checkEmail(req, me.email);
      return (await listOwnOrders(ctx, "package", me)).map(toPackageOrderDto);
    },
  );

  app.get(
    "/api/item-orders",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "The caller's item orders, newest first",
        querystring: ownQuery,
        response: { 200: z.array(ZItemOrderSchema) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      checkEmail(req, me.email);
      return (await listOwnOrders(ctx, "item", me)).map((r) => toItemOrderDto(r));
    },
  );

  app.get(
    "/api/order/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["orders"],
        summary: "One package order (its owner or an admin)",
        params: idParams,
        response: { 200: ZPackageOrderSchema },
      },
    },
    async (req) => toPackageOrderDto(await getOwnOrder(ctx, "package", req.params.id, currentUser(req))),
  );

  app.get(
    "/api/item-order/:id",
    {
      config: { access: "owner" },
      schema: {
        tags: ["orders"],
        summary: "One item order (its owner or an admin); access URL and guidelines once paid",
        params: idParams,
        response: { 200: ZItemOrderSchema },
      },
    },
    async (req) => {
      const me = currentUser(req);
      return toItemOrderDto(await getOwnOrder(ctx, "item", req.params.id, me), isAdmin(me));
    },
  );

  app.get(
    "/api/admin/orders",
    {
      config: { access: "admin" },
      schema: {
        tags: ["orders"],
        summary: "All package orders: search, sort, page",
        querystring: ZAdminOrderQuerySchema,
        response: { 200: ZOrderPageSchema(ZPackageOrderSchema) },
      },
    },
    async (req) => {
      const { rows, ...page } = await listAllOrders(ctx, "package", req.query);
      return { ...page, data: (rows as PackageOrderRow[]).map(toPackageOrderDto) };
    },
  );

  app.get(
    "/api/admin/item-orders",
    {
      config: { access: "admin" },
      schema: {
        tags: ["orders"],
        summary: "All item orders: search, sort, page",
        querystring: ZAdminOrderQuerySchema.extend({
          pageSize: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_ITEM_ORDERS_PAGE_SIZE),
        }),
        response: { 200: ZOrderPageSchema(ZItemOrderSchema) },
      },
    },
    async (req) => {
      const { rows, ...page } = await listAllOrders(ctx, "item", req.query);
      return { ...page, data: (rows as ItemOrderRow[]).map((r) => toItemOrderDto(r, true)) };
    },
  );

  app.delete(
    "/api/order/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["orders"],
        summary: "Delete a pending package order (paid ones cannot be deleted)",
        params: idParams,
        response: { 200: deleted },
      },
    },
    async (req) => {
      await deletePendingOrder(ctx, "package", req.params.id);
      return { success: true as const, message: ORDER_MESSAGES.deleted };
    },
  );

  app.delete(
    "/api/item-order/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["orders"],
        summary: "Delete a pending item order (paid ones cannot be deleted)",
        params: idParams,
        response: { 200: deleted },
      },
    },
    async (req) => {
      await deletePendingOrder(ctx, "item", req.params.id);
      return { success: true as const, message: ORDER_MESSAGES.deleted };
    },
  );
}
