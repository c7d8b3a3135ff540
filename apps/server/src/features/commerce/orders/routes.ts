import { readFile } from "node:fs/promises";
import {
  ADMIN_ITEM_ORDERS_PAGE_SIZE,
  ORDER_MESSAGES,
  ZAdminOrderQuerySchema,
  ZCancelOrderResultSchema,
  ZItemOrderSchema,
  ZOrderPageSchema,
  ZPackageOrderSchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../../core/audit.js";
import { forbidden } from "../../../lib/app-error.js";
import { currentUser, isAdmin } from "../../../plugins/access.js";
import { toItemOrderDto, toPackageOrderDto } from "./dto.js";
import type { ItemOrderRow, PackageOrderRow } from "./repo.js";
import { cancelOrder, deleteOrder, getOwnOrder, listAllOrders, listOwnOrders, openItemAccess } from "./service.js";

const idParams = z.object({ id: z.string().uuid(ORDER_MESSAGES.notFound) });
const ownQuery = z.object({ userEmail: z.string().optional() });
const deleted = z.object({ success: z.literal(true), message: z.string() });

/** Orders: the member's own lists and cancel, the admin lists and delete, paid item content. */
export async function orderRoutes(appBase: FastifyInstance, opts: { webDist?: string } = {}) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

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
      const access = await openItemAccess(ctx, currentUser(req), req.params.id, opts.webDist);
      if ("redirect" in access) return reply.redirect(access.redirect, 302);
      return reply
        .type(access.file.endsWith(".html") ? "text/html; charset=utf-8" : "application/octet-stream")
        .header(
          "content-security-policy",
          "sandbox; default-src 'self' data: https:; style-src 'self' 'unsafe-inline' https:; frame-ancestors 'none'",
        )
        .send(await readFile(access.file));
    },
  );

  /** Spec calls carry ?userEmail=; members may only name themselves. */
  const checkEmail = (req: { query: { userEmail?: string } }, email: string) => {
    const asked = req.query.userEmail?.trim().toLowerCase();
    if (asked && asked !== email.toLowerCase()) throw forbidden(ORDER_MESSAGES.notYours, "NOT_YOUR_ORDER");
  };

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
      await deleteOrder(ctx, adminActor(req), "package", req.params.id);
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
      await deleteOrder(ctx, adminActor(req), "item", req.params.id);
      return { success: true as const, message: ORDER_MESSAGES.deleted };
    },
  );

  app.post(
    "/api/orders/:id/cancel",
    {
      config: { access: "owner" },
      schema: {
        tags: ["orders"],
        summary: "Cancel an unpaid package or item order (its owner, or an admin); it can no longer be paid",
        params: idParams,
        response: { 200: ZCancelOrderResultSchema },
      },
    },
    async (req) => cancelOrder(ctx, currentUser(req), adminActor(req), req.params.id),
  );
}
