import {
  GEMINI_KEY_MESSAGES,
  GENERATOR_SERVER_MESSAGES,
  ZCreateGeminiKeySchema,
  ZGeminiKeyListResponseSchema,
  ZGeminiKeyResponseSchema,
  ZUpdateGeminiKeySchema,
} from "@mailsmith/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, okResponse } from "../route-parts.js";
import { toKeyDto } from "./repo.js";
import { keysService } from "./service.js";

/** The administrators' Gemini key pool (admin spec §7); keys leave the server masked only. */
export async function keysRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;

  app.get(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "List API keys (masked) with usage",
        response: { 200: ZGeminiKeyListResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      message: GENERATOR_SERVER_MESSAGES.keysListed,
      data: (await keysService.list(ctx.db)).map(toKeyDto),
    }),
  );

  app.post(
    "/api/gemini-keys",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Add an API key",
        body: ZCreateGeminiKeySchema,
        response: { 201: ZGeminiKeyResponseSchema },
      },
    },
    async (req, reply) => {
      const row = await keysService.create(ctx.db, req.body);
      return reply
        .status(201)
        .send({ success: true as const, message: GEMINI_KEY_MESSAGES.added, data: toKeyDto(row) });
    },
  );

  app.put(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Edit an API key (a blank key keeps the stored one)",
        params: idParams,
        body: ZUpdateGeminiKeySchema,
        response: { 200: ZGeminiKeyResponseSchema },
      },
    },
    async (req) => {
      const row = await keysService.update(ctx.db, req.params.id, req.body);
      return { success: true as const, message: GEMINI_KEY_MESSAGES.updated, data: toKeyDto(row) };
    },
  );

  app.delete(
    "/api/gemini-keys/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Delete an API key",
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await keysService.remove(ctx.db, req.params.id);
      return { success: true as const, message: GEMINI_KEY_MESSAGES.deleted };
    },
  );

  app.patch(
    "/api/gemini-keys/:id/toggle",
    {
      config: { access: "admin" },
      schema: {
        tags: ["gemini-keys"],
        summary: "Activate or deactivate an API key",
        params: idParams,
        response: { 200: ZGeminiKeyResponseSchema },
      },
    },
    async (req) => {
      const row = await keysService.toggle(ctx.db, req.params.id);
      return {
        success: true as const,
        message: row.isActive ? GEMINI_KEY_MESSAGES.activated : GEMINI_KEY_MESSAGES.deactivated,
        data: toKeyDto(row),
      };
    },
  );
}
