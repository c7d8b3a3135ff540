import { ITEM_MESSAGES, ZItemInputSchema, ZItemSchema, ZPublicItemSchema } from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { toPublicItemDto } from "./item-repo.js";
import { createItem, getItemRow, listItems, retireItem, updateItem } from "./item-service.js";

const idParams = z.object({ id: z.string().min(1).max(64) });
const written = z.object({ success: z.literal(true), message: z.string(), data: ZItemSchema });

export async function itemRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/item/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["items"],
        summary: "One premium item by id or itemId (no access URL: that is what the buyer pays for)",
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), data: ZPublicItemSchema }) },
      },
    },
    async (req) => ({ success: true as const, data: toPublicItemDto(await getItemRow(ctx, req.params.id)) }),
  );

  app.get(
    "/api/items",
    {
      config: { access: "public" },
      schema: {
        tags: ["items"],
        summary: "Premium items on sale, newest first",
        response: { 200: z.object({ success: z.literal(true), data: z.array(ZPublicItemSchema) }) },
      },
    },
    async () => ({
      success: true as const,
      data: (await listItems(ctx, false)).map(
        ({ guidelines: _g, accessUrl: _a, createdAt: _c, updatedAt: _u, ...rest }) => rest,
      ),
    }),
  );

  app.get(
    "/api/admin/items",
    {
      config: { access: "admin" },
      schema: {
        tags: ["items"],
        summary: "Every item, retired ones included, with access URL and guidelines",
        response: { 200: z.object({ success: z.literal(true), data: z.array(ZItemSchema) }) },
      },
    },
    async () => ({ success: true as const, data: await listItems(ctx, true) }),
  );

  app.post(
    "/api/items",
    {
      config: { access: "admin" },
      schema: { tags: ["items"], summary: "Create a premium item", body: ZItemInputSchema, response: { 201: written } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ success: true as const, message: ITEM_MESSAGES.added, data: await createItem(ctx, req.body) }),
  );

  app.put(
    "/api/items/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["items"],
        summary: "Edit a premium item (orders keep their own copy)",
        params: idParams,
        body: ZItemInputSchema,
        response: { 200: written },
      },
    },
    async (req) => ({
      success: true as const,
      message: ITEM_MESSAGES.updated,
      data: await updateItem(ctx, req.params.id, req.body),
    }),
  );

  app.delete(
    "/api/items/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["items"],
        summary: "Retire a premium item: off sale, past orders intact",
        params: idParams,
        response: { 200: written },
      },
    },
    async (req) => ({
      success: true as const,
      message: ITEM_MESSAGES.retired,
      data: await retireItem(ctx, req.params.id),
    }),
  );
}
